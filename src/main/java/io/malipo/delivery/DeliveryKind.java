package io.malipo.delivery;

/** What a delivery is, which decides how it is signed. */
public enum DeliveryKind {
    /** The checkout callback of a paid order, signed like a checkout request (SELCOM digest). */
    CHECKOUT_CALLBACK("direct:checkout-callback-sign"),
    /** A token-API webhook event, signed per the Standard Webhooks convention. */
    WEBHOOK_EVENT("direct:webhook-event-sign");

    private final String signer;

    DeliveryKind(String signer) {
        this.signer = signer;
    }

    /**
     * The route that signs this kind at send time. Body in: the delivery row. Out: the headers
     * and body to send, or exchange property malipoDeliveryRefused when it cannot be signed.
     */
    public String signer() {
        return signer;
    }
}
