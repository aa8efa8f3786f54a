package io.malipo.common;

import com.google.i18n.phonenumbers.NumberParseException;
import com.google.i18n.phonenumbers.PhoneNumberUtil.PhoneNumberFormat;
import com.google.i18n.phonenumbers.PhoneNumberUtil.PhoneNumberType;
import com.google.i18n.phonenumbers.PhoneNumberUtil;
import com.google.i18n.phonenumbers.Phonenumber.PhoneNumber;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Mobile numbers as the APIs take them: digits with the country prefix (255712345678), a
 * leading + allowed. Validity is libphonenumber's, so a number with a wrong length or an
 * unassigned prefix is refused before a provider is asked to push to it.
 */
public final class Msisdn {

    private static final PhoneNumberUtil PHONES = PhoneNumberUtil.getInstance();
    private static final Set<PhoneNumberType> MOBILE =
            Set.of(PhoneNumberType.MOBILE, PhoneNumberType.FIXED_LINE_OR_MOBILE);
    private static final Pattern INTERNATIONAL_DIGITS = Pattern.compile("[1-9][0-9]{10,14}");
    private static final Pattern DIGITS = Pattern.compile("\\+?[1-9][0-9]{7,14}");
    public static final String RULE = "must be a mobile number in digits with the country prefix, such as 255712345678";

    private Msisdn() {
    }

    /**
     * A number as people type it on a page, in the region's own way or internationally
     * ({@code 0754 000 000}, {@code +255 754-000-000}, {@code 255754000000}): digits with the
     * country prefix, or empty when it is not a valid mobile number.
     *
     * @param region where a number without a country prefix is from (ISO 3166 alpha-2, such as TZ)
     */
    public static Optional<String> fromTyped(String text, String region) {
        if (text == null || text.isBlank() || text.length() > 32) {
            return Optional.empty();
        }
        String typed = INTERNATIONAL_DIGITS.matcher(text.strip()).matches() ? "+" + text.strip() : text;
        try {
            return normalise(PHONES.format(PHONES.parse(typed, region), PhoneNumberFormat.E164));
        } catch (NumberParseException e) {
            return Optional.empty();
        }
    }

    /**
     * A number as a person reads it ({@code +255 754 000 000}); the text itself when it is not a
     * number, so that what someone typed is shown back as they typed it.
     */
    public static String readable(String msisdn) {
        if (msisdn == null || !DIGITS.matcher(msisdn).matches()) {
            return msisdn;
        }
        try {
            return PHONES.format(PHONES.parse(msisdn.startsWith("+") ? msisdn : "+" + msisdn, null),
                    PhoneNumberFormat.INTERNATIONAL);
        } catch (NumberParseException e) {
            return msisdn;
        }
    }

    /** The calling code of a region (255 for TZ), which its numbers carry when written with the country prefix. */
    public static String countryCode(String region) {
        return String.valueOf(PHONES.getCountryCodeForRegion(region));
    }

    /** The number as digits with the country prefix, or empty when it is not a valid mobile number. */
    public static Optional<String> normalise(String text) {
        if (text == null) {
            return Optional.empty();
        }
        String digits = text.strip();
        if (!DIGITS.matcher(digits).matches()) {
            return Optional.empty();
        }
        try {
            PhoneNumber number = PHONES.parse(digits.startsWith("+") ? digits : "+" + digits, null);
            // A mobile type is only ever given to a valid number, so asking isValidNumber as well
            // would match the number against its region's patterns a second time.
            if (!MOBILE.contains(PHONES.getNumberType(number))) {
                return Optional.empty();
            }
            return Optional.of(PHONES.format(number, PhoneNumberFormat.E164).substring(1));
        } catch (NumberParseException e) {
            return Optional.empty();
        }
    }
}
