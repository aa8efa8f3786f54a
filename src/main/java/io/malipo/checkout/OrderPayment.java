package io.malipo.checkout;

import io.malipo.channels.Channel;
import java.util.UUID;

/**
 * A payment of an order, read and checked, as {@link CheckoutEndpoints#PAY_ORDER} takes it from
 * the checkout API (wallet-payment, card-payment) and from the payment page.
 *
 * @param merchantId and {@code livemode}: whose order it is, and in which mode
 * @param transid the payer's side's id of this payment: the same transid again is the same payment
 * @param msisdn for WALLET_PULL, the wallet pushed to
 * @param cardToken and {@code buyer}, {@code buyerUserid}: for CARD, the stored card and its buyer
 */
public record OrderPayment(UUID merchantId, boolean livemode, String orderId, String transid, Channel channel,
        String msisdn, String cardToken, UUID buyer, String buyerUserid) {
}
