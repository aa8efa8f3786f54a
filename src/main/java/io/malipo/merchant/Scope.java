package io.malipo.merchant;

import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/** What a token-API key may do, as the seed names it. */
public enum Scope {
    PAYMENTS_READ("payments.read"),
    PAYMENTS_WRITE("payments.write"),
    PAYOUTS_WRITE("payouts.write"),
    REFUNDS_WRITE("refunds.write");

    private final String value;

    Scope(String value) {
        this.value = value;
    }

    public String value() {
        return value;
    }

    public static Optional<Scope> of(String value) {
        return Arrays.stream(values()).filter(s -> s.value.equals(value)).findFirst();
    }

    public static String allValues() {
        return Arrays.stream(values()).map(Scope::value).collect(Collectors.joining(", "));
    }
}
