package io.malipo.pages;

import java.time.DateTimeException;
import java.time.YearMonth;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.commons.validator.routines.checkdigit.LuhnCheckDigit;

/**
 * A card as the payment page's test-mode form sends it, checked on the server as the form asks
 * (the browser's checks are a convenience, never trusted). The number and CSC go to the card
 * processor only: never stored, logged or shown again. A live processor's hosted fields replace
 * this form, and with it this record: the page then receives the processor's token, not a number.
 */
public record CardEntry(String name, String number, String expiry, String csc) {

    private static final Pattern EXPIRY = Pattern.compile("\\s*(\\d{1,2})\\s*/\\s*(\\d{2}|\\d{4})\\s*");

    /** The number's digits, without the spaces and dashes people type. */
    public String digits() {
        return number == null ? "" : number.replaceAll("[\\s-]", "");
    }

    /** The expiry as MM/YY, once {@link #problems} found none. */
    public String expiryMmYy() {
        YearMonth month = month().orElseThrow();
        return String.format("%02d/%02d", month.getMonthValue(), month.getYear() % 100);
    }

    /** What is wrong, by field (name, number, expiry, csc), as message keys; empty when the card may be sent. */
    public Map<String, String> problems(YearMonth now) {
        Map<String, String> problems = new LinkedHashMap<>();
        if (name == null || name.isBlank() || name.length() > 100) {
            problems.put("name", "pay.card.error.name");
        }
        String digits = digits();
        if (!digits.matches("\\d{12,19}") || !LuhnCheckDigit.LUHN_CHECK_DIGIT.isValid(digits)) {
            problems.put("number", "pay.card.error.number");
        }
        var month = month();
        if (month.isEmpty()) {
            problems.put("expiry", "pay.card.error.expiry");
        } else if (month.get().isBefore(now)) {
            problems.put("expiry", "pay.card.error.expired");
        }
        if (csc == null || !csc.strip().matches("\\d{3,4}")) {
            problems.put("csc", "pay.card.error.csc");
        }
        return problems;
    }

    private Optional<YearMonth> month() {
        Matcher m = expiry == null ? null : EXPIRY.matcher(expiry);
        if (m == null || !m.matches()) {
            return Optional.empty();
        }
        int year = Integer.parseInt(m.group(2));
        try {
            return Optional.of(YearMonth.of(year < 100 ? 2000 + year : year, Integer.parseInt(m.group(1))));
        } catch (DateTimeException e) {
            return Optional.empty();
        }
    }

    /** Never the number or the CSC. */
    @Override
    public String toString() {
        return "CardEntry[name=" + name + ", number=…" + (digits().length() > 4
                ? digits().substring(digits().length() - 4) : "") + "]";
    }
}
