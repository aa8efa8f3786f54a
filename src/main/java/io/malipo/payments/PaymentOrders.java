package io.malipo.payments;

import io.malipo.channels.PaymentResult;
import java.math.BigDecimal;
import java.util.Optional;
import java.util.UUID;

/**
 * The order side of a payment, which settlement calls and the checkout package implements, so
 * payments never call into checkout by name: checkout depends on payments, not the other way.
 * Both methods run inside the settlement's transaction.
 */
public interface PaymentOrders {

    /** An order a payer can pay with its payment token: whose it is and in which currency. */
    record TokenOrder(UUID id, UUID merchantId, String currency) {
    }

    /**
     * A payment of an order that left flight.
     *
     * @param uncounted a failure that does not use up one of the order's attempts
     */
    record SettledPayment(UUID orderUuid, UUID paymentId, PaymentResult outcome, boolean uncounted, BigDecimal amount,
            String currency) {
    }

    /** The order this payment token names in this mode, if any. */
    Optional<TokenOrder> byPaymentToken(String paymentToken, boolean livemode);

    /**
     * The order follows its payment (completed, or open for another try, or rejected after the
     * last) and a completed order's callback goes into the outbox.
     *
     * @return true when a success could not complete the order (it was final already): the money
     *         is the payer's to get back
     */
    boolean settled(SettledPayment payment);
}
