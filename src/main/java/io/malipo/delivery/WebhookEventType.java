package io.malipo.delivery;

import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/** The events a webhook endpoint may subscribe to; {@link #ALL} subscribes to every one. */
public enum WebhookEventType {
    PAYMENT_SUCCEEDED("payment.succeeded"),
    PAYMENT_FAILED("payment.failed"),
    PAYOUT_SUCCEEDED("payout.succeeded"),
    PAYOUT_FAILED("payout.failed"),
    REVERSAL_SUCCEEDED("reversal.succeeded"),
    REVERSAL_FAILED("reversal.failed");

    /** What an endpoint lists, alone, to get every event, including types added later. */
    public static final String ALL = "*";

    private final String value;

    WebhookEventType(String value) {
        this.value = value;
    }

    public String value() {
        return value;
    }

    public static Optional<WebhookEventType> of(String value) {
        return Arrays.stream(values()).filter(t -> t.value.equals(value)).findFirst();
    }

    public static String allValues() {
        return Arrays.stream(values()).map(WebhookEventType::value).collect(Collectors.joining(", "));
    }
}
