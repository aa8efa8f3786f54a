package io.malipo.delivery;

/** What a delivery is, which decides how it is signed (each kind has its {@link DeliverySigner}). */
public enum DeliveryKind {
    /** The checkout callback of a paid order, signed like a checkout request (SELCOM digest). */
    CHECKOUT_CALLBACK,
    /** A token-API webhook event, signed per the Standard Webhooks convention. */
    WEBHOOK_EVENT
}
