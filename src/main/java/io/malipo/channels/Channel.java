package io.malipo.channels;

/** How a payment reaches the payer. */
public enum Channel {
    /** A card charged through the card processor. */
    CARD,
    /** A push to the payer's mobile wallet, which the payer approves on the phone. */
    WALLET_PULL,
    /** The payer pays on their own, quoting the order's payment token or scanning its QR code. */
    MANUAL,
    /** Card payments through Mastercard's wallet; charged through the card processor. */
    MASTERPASS
}
