package io.malipo.dashboard;

import io.malipo.channels.ProviderSetting;
import io.malipo.common.FieldError;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The form of a merchant's settings for one provider, as posted: whether Malipo may use it, and
 * for each currency it carries the least and most a payment through it may be (either left
 * empty for no bound). Amounts are read here; the rules are the token API's, checked by its code.
 *
 * @param min and {@code max}: the amounts typed, by currency
 */
public record ProviderForm(boolean enabled, Map<String, String> min, Map<String, String> max) {

    private static final Pattern LIMIT_FIELD = Pattern.compile("limits\\[(\\d+)]\\.(minAmount|maxAmount)");

    static ProviderForm of(Map<String, String> form, List<String> currencies) {
        Map<String, String> min = new LinkedHashMap<>();
        Map<String, String> max = new LinkedHashMap<>();
        for (String currency : currencies) {
            min.put(currency, form.getOrDefault("min." + currency, "").strip());
            max.put(currency, form.getOrDefault("max." + currency, "").strip());
        }
        return new ProviderForm("on".equals(form.get("enabled")), min, max);
    }

    /** The settings stored, as the form shows them. */
    static ProviderForm of(ProviderSetting setting, List<String> currencies) {
        Map<String, String> min = new LinkedHashMap<>();
        Map<String, String> max = new LinkedHashMap<>();
        currencies.forEach(c -> {
            min.put(c, "");
            max.put(c, "");
        });
        for (ProviderSetting.Limit limit : setting.limits()) {
            min.put(limit.currency(), limit.minAmount() == null ? "" : limit.minAmount().toPlainString());
            max.put(limit.currency(), limit.maxAmount() == null ? "" : limit.maxAmount().toPlainString());
        }
        return new ProviderForm(setting.enabled(), min, max);
    }

    /** The amounts that are not numbers, by field ("min.TZS"); empty when the change may be checked. */
    Map<String, FieldProblem> problems() {
        Map<String, FieldProblem> problems = new LinkedHashMap<>();
        min.forEach((currency, text) -> {
            if (!text.isEmpty() && amount(text) == null) {
                problems.put("min." + currency, FieldProblem.of("providers.error.amount"));
            }
        });
        max.forEach((currency, text) -> {
            if (!text.isEmpty() && amount(text) == null) {
                problems.put("max." + currency, FieldProblem.of("providers.error.amount"));
            }
        });
        return problems;
    }

    /** The change the token API takes: a limit for each currency given a bound, in the order of the form. */
    ProviderSetting.Change change() {
        List<ProviderSetting.Limit> limits = new ArrayList<>();
        min.forEach((currency, text) -> {
            String most = max.get(currency);
            if (!text.isEmpty() || !most.isEmpty()) {
                limits.add(new ProviderSetting.Limit(currency, text.isEmpty() ? null : amount(text),
                        most.isEmpty() ? null : amount(most)));
            }
        });
        return new ProviderSetting.Change(enabled, limits);
    }

    /**
     * The fields the token API's rules refused, by form field: {@code limits[i].minAmount} is the
     * minimum of the i-th limit of {@link #change()}, and so on.
     *
     * @param problem the message key for each
     */
    Map<String, FieldProblem> refused(List<FieldError> errors, String problem) {
        List<ProviderSetting.Limit> limits = change().limits();
        Map<String, FieldProblem> problems = new LinkedHashMap<>();
        for (FieldError error : errors) {
            Matcher field = LIMIT_FIELD.matcher(error.field());
            if (field.matches() && Integer.parseInt(field.group(1)) < limits.size()) {
                String currency = limits.get(Integer.parseInt(field.group(1))).currency();
                problems.putIfAbsent(("minAmount".equals(field.group(2)) ? "min." : "max.") + currency,
                        FieldProblem.of(problem));
            }
        }
        return problems;
    }

    private static BigDecimal amount(String text) {
        try {
            BigDecimal amount = new BigDecimal(text.replace(",", ""));
            return amount.signum() < 0 ? null : amount;
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
