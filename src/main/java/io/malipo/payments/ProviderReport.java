package io.malipo.payments;

import java.time.Instant;
import java.util.UUID;

/**
 * What a provider said about a payment or one of its reversals, as provider_event keeps it
 * (sql/payments/select-provider-reports-for-payment.sql): never a secret, only its outcome,
 * reference, code and description.
 *
 * @param subjectId the payment or reversal it is about
 * @param outcome SUCCEEDED or FAILED for a report; ACCEPTED or PENDING for the answer to a request
 * @param providerRef and {@code failureCode}, {@code failureMessage}: as the provider gave them (null
 *     for reports kept before they were recorded)
 */
public record ProviderReport(String provider, String eventKey, UUID subjectId, String outcome, String providerRef,
        String failureCode, String failureMessage, Instant receivedAt) {

    /** Where a report came from, told by the event key its maker gave it. */
    public enum Source {
        /** The provider's answer to what Malipo sent it. */
        ANSWER,
        /** What Malipo sent was refused outright, or the provider could not be reached. */
        REFUSAL,
        /** Malipo asked the provider, and it gave a final answer. */
        STATUS_QUERY,
        /** The provider never reported in time; Malipo failed the payment. */
        TIMEOUT,
        /** The provider's notification. */
        NOTIFICATION
    }

    public Source source() {
        String key = eventKey == null ? "" : eventKey;
        if (key.startsWith("sent:")) {
            return Source.ANSWER;
        }
        if (key.startsWith("push:") || key.startsWith("send:")) {
            return Source.REFUSAL;
        }
        if (key.startsWith("status:")) {
            return Source.STATUS_QUERY;
        }
        return key.startsWith("timeout:") ? Source.TIMEOUT : Source.NOTIFICATION;
    }
}
