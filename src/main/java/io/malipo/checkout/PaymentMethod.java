package io.malipo.checkout;

import java.util.EnumSet;
import java.util.Set;

/** The payment methods an order offers the buyer, as create-order names them. */
public enum PaymentMethod {
    ALL,
    MASTERPASS,
    CARD,
    MOBILEMONEYPULL;

    /** Methods that charge a card: they need the buyer's billing address. */
    public static final Set<PaymentMethod> CARD_METHODS = EnumSet.of(ALL, MASTERPASS, CARD);
}
