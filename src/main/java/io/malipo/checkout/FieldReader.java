package io.malipo.checkout;

import io.malipo.checkout.RawJson.Null;
import io.malipo.checkout.RawJson.Num;
import io.malipo.checkout.RawJson.Str;
import io.malipo.checkout.RawJson.Value;
import io.malipo.common.ApiException;
import io.malipo.common.FieldError;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reads typed fields out of checkout parameters, collecting one message per field at fault so
 * that a client learns everything wrong with a request at once. Clients send numbers as text
 * and ids as numbers ({@code "amount": "15000.00"}, {@code "order_id": 1234}), so text and
 * numbers are each accepted where the other is written, but nothing else is.
 */
final class FieldReader {

    private final CheckoutParams params;
    private final List<FieldError> errors = new ArrayList<>();

    FieldReader(CheckoutParams params) {
        this.params = params;
    }

    /** The field as text, trimmed; empty when absent, null or blank. */
    Optional<String> text(String name, int maxLength, String... aliases) {
        Optional<Value> value = params.get(name, aliases);
        if (value.isEmpty() || value.get() instanceof Null) {
            return Optional.empty();
        }
        String text;
        if (value.get() instanceof Str s) {
            text = s.value().strip();
        } else if (value.get() instanceof Num n) {
            text = n.lexeme();
        } else {
            return error(name, "must be text");
        }
        if (text.isEmpty()) {
            return Optional.empty();
        }
        if (text.length() > maxLength) {
            return error(name, "must be at most " + maxLength + " characters");
        }
        if (text.chars().anyMatch(Character::isISOControl)) {
            return error(name, "must not contain control characters");
        }
        return Optional.of(text);
    }

    Optional<String> requiredText(String name, int maxLength, String... aliases) {
        Optional<String> text = text(name, maxLength, aliases);
        if (text.isEmpty() && !hasError(name)) {
            errors.add(new FieldError(name, "is required"));
        }
        return text;
    }

    /**
     * A field that must be sent but may be empty, such as buyer_userid, which a guest sends
     * empty; empty when blank or null.
     */
    Optional<String> requiredTextOrEmpty(String name, int maxLength, String emptyMeans) {
        if (params.get(name).isEmpty()) {
            return error(name, "is required; send it empty for " + emptyMeans);
        }
        return text(name, maxLength);
    }

    /** A decimal given as a JSON number or as text such as "15000.00". */
    Optional<BigDecimal> decimal(String name) {
        Optional<Value> value = params.get(name);
        if (value.isEmpty() || value.get() instanceof Null) {
            errors.add(new FieldError(name, "is required"));
            return Optional.empty();
        }
        Optional<BigDecimal> number = number(value.get());
        return number.isPresent() ? number : error(name, "must be a number such as 15000 or 15000.50");
    }

    /** A whole number given as a JSON number or as text; empty when absent. */
    Optional<Long> integer(String name) {
        Optional<Value> value = params.get(name);
        if (value.isEmpty() || value.get() instanceof Null) {
            return Optional.empty();
        }
        Optional<Long> whole = number(value.get()).flatMap(FieldReader::exactLong);
        return whole.isPresent() ? whole : error(name, "must be a whole number");
    }

    /** Numbers are read from JSON numbers and from text alike, within the bounds of {@link Num#decimal()}. */
    private static Optional<BigDecimal> number(Value value) {
        if (value instanceof Num n) {
            return n.decimal();
        }
        return value instanceof Str s ? Num.decimal(s.value().strip()) : Optional.empty();
    }

    private static Optional<Long> exactLong(BigDecimal number) {
        try {
            return Optional.of(number.longValueExact());
        } catch (ArithmeticException fractionOrTooLarge) {
            return Optional.empty();
        }
    }

    <T> Optional<T> error(String name, String message) {
        errors.add(new FieldError(name, message));
        return Optional.empty();
    }

    boolean hasError(String name) {
        return errors.stream().anyMatch(e -> e.field().equals(name));
    }

    CheckoutParams params() {
        return params;
    }

    /** Throws the collected errors as one 400 naming each field. */
    void throwIfInvalid() {
        if (!errors.isEmpty()) {
            throw ApiException.invalid(errors);
        }
    }
}
