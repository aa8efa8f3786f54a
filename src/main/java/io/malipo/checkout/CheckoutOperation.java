package io.malipo.checkout;

import java.util.List;

/**
 * The checkout operations and the fields each must have signed with a value the signature
 * pins down: whatever moves money or names the object acted on. A request that leaves one of
 * them unsigned, or signs it lossily ("[object Object]", an absent field), is refused.
 */
public enum CheckoutOperation {
    CREATE_ORDER("create-order", List.of(List.of("vendor"), List.of("order_id"), List.of("amount"),
            List.of("currency"))),
    CREATE_ORDER_MINIMAL("create-order-minimal", CREATE_ORDER.mustSign),
    ORDER_STATUS("order-status", List.of(List.of("order_id"))),
    CANCEL_ORDER("cancel-order", List.of(List.of("order_id"))),
    LIST_ORDERS("list-orders", List.of()),
    STORED_CARDS("stored-cards", List.of(List.of("gateway_buyer_uuid"))),
    DELETE_CARD("delete-card", List.of(List.of("id"), List.of("gateway_buyer_uuid"))),
    CARD_PAYMENT("card-payment", List.of(List.of("order_id"), List.of("card_token"), List.of("gateway_buyer_uuid"))),
    WALLET_PAYMENT("wallet-payment", List.of(List.of("transid", "transId"), List.of("order_id"), List.of("msisdn"))),
    SANDBOX_STORE_CARD("sandbox/stored-cards", List.of(List.of("gateway_buyer_uuid"), List.of("card_number")));

    private final String path;
    private final List<List<String>> mustSign;

    CheckoutOperation(String path, List<List<String>> mustSign) {
        this.path = path;
        this.mustSign = mustSign;
    }

    public String path() {
        return path;
    }

    /** Each entry lists a field's accepted names; one of them must be signed faithfully. */
    public List<List<String>> mustSign() {
        return mustSign;
    }
}
