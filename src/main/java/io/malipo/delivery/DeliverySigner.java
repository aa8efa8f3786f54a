package io.malipo.delivery;

import org.apache.camel.Exchange;

/**
 * Signs the deliveries of one kind at the moment they are sent. The package that makes a kind
 * provides its signer as a bean, so delivery calls no package by name: checkout signs its
 * callbacks, delivery itself its webhook events.
 */
public interface DeliverySigner {

    /** Set on the exchange, with a reason a person can read, when a delivery cannot be signed (or sent). */
    String REFUSED = "malipoDeliveryRefused";

    DeliveryKind kind();

    /** Out: the headers and body to send for this delivery, or {@link #REFUSED}. */
    void sign(Exchange exchange, ClaimedDelivery delivery) throws Exception;
}
