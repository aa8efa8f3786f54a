package io.malipo.checkout;

import io.malipo.channels.ChannelEndpoints;
import io.malipo.common.ApiException;
import io.malipo.common.Rows;
import io.malipo.merchant.CheckoutCredential;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.apache.camel.Exchange;
import org.apache.camel.component.sql.SqlConstants;
import org.apache.camel.model.rest.RestParamType;
import org.springframework.stereotype.Component;

/**
 * A buyer's stored cards: listed (masked, never the number), charged by card-payment with their
 * token, and deleted. The payment page saves a buyer's card when asked; in test mode a sandbox
 * operation also stores one of the sandbox's test cards for a buyer directly.
 */
@Component
public class StoredCardRoutes extends CheckoutRouteBuilder {

    private static final String BUYER = "malipoBuyerKeys";
    private static final String SAVED = "malipoSavedCard";

    private final Orders orders;
    private final Envelope envelope;

    public StoredCardRoutes(ReplayGuard replays, Orders orders, Envelope envelope) {
        super(replays);
        this.orders = orders;
        this.envelope = envelope;
    }

    @Override
    public void configure() {
        signed(rest("/v1/checkout").get("/stored-cards").id("rest-checkout-stored-cards").tag(TAG)
                .description("A buyer's stored cards: masked number, type (001 Visa, 002 Mastercard), name, date, "
                        + "token and id")
                .param().name("gateway_buyer_uuid").type(RestParamType.query).required(true)
                .description("Returned on the buyer's first order").endParam()
                .param().name("buyer_userid").type(RestParamType.query).required(true)
                .description("The buyer's id on your site, as in create-order; empty for a guest").endParam()
                .responseMessage().code(200).message("Envelope; one data item per card").endResponseMessage()
                .responseMessage().code(400).message("A parameter is missing or malformed").endResponseMessage()
                .responseMessage().code(404).message("No such buyer").endResponseMessage())
                .to("direct:checkout-stored-cards");
        signed(rest("/v1/checkout").post("/stored-cards").id("rest-checkout-stored-cards-post").tag(TAG)
                .description("The same as GET stored-cards, for clients that send a JSON body"))
                .to("direct:checkout-stored-cards-post");
        signed(rest("/v1/checkout").delete("/delete-card").id("rest-checkout-delete-card").tag(TAG)
                .description("Remove a buyer's stored card")
                .param().name("id").type(RestParamType.query).required(true).endParam()
                .param().name("gateway_buyer_uuid").type(RestParamType.query).required(true).endParam()
                .responseMessage().code(200).message("Deleted").endResponseMessage()
                .responseMessage().code(404).message("No such card").endResponseMessage())
                .to("direct:checkout-delete-card");
        signed(rest("/v1/checkout").post("/sandbox/stored-cards").id("rest-checkout-sandbox-stored-card").tag(TAG)
                .description("Test mode only: store a sandbox test card (4111111111111111 or 5555555555554444 "
                        + "approve, 4000000000000002 declines) for a buyer, as the payment page stores cards buyers ask it to save")
                .responseMessage().code(200).message("Envelope; data[0] is the stored card").endResponseMessage()
                .responseMessage().code(403).message("Live credentials").endResponseMessage())
                .to("direct:checkout-sandbox-store-card");

        operation("direct:checkout-stored-cards", CheckoutOperation.STORED_CARDS)
                .process(this::buyerKeys)
                .to(SQL + "select-buyer.sql?outputType=SelectOne")
                .process(this::requireBuyer)
                .setBody(this::buyer)
                .to(CheckoutEndpoints.BUYER_CARDS)
                .process(this::listAnswer);

        from(CheckoutEndpoints.BUYER_CARDS).routeId("checkout-buyer-cards")
                .to(SQL + "select-stored-cards.sql?outputClass=io.malipo.checkout.StoredCard");

        from(CheckoutEndpoints.SAVE_CARD).routeId("checkout-card-save")
                .to(SQL + "insert-stored-card.sql");

        from("direct:checkout-stored-cards-post").routeId("checkout-stored-cards-post")
                .to("direct:checkout-stored-cards");

        operation("direct:checkout-delete-card", CheckoutOperation.DELETE_CARD)
                .process(this::cardKeys)
                .to(SQL + "delete-stored-card.sql")
                .process(e -> {
                    if (e.getIn().getHeader(SqlConstants.SQL_UPDATE_COUNT, 0, Integer.class) == 0) {
                        throw ApiException.notFound("The buyer has no stored card with this id.");
                    }
                    envelope.success(e, "Delete successful", List.of());
                });

        operation("direct:checkout-sandbox-store-card", CheckoutOperation.SANDBOX_STORE_CARD)
                .process(this::sandboxCard)
                .to(SQL + "select-buyer.sql?outputType=SelectOne")
                .process(this::requireBuyer)
                .setBody(e -> Map.of("number", e.getProperty("malipoCardNumber"),
                        "expiry", e.getProperty("malipoCardExpiry")))
                .to(ChannelEndpoints.CARD_TOKENIZE)
                .process(this::storeCard)
                .to(CheckoutEndpoints.SAVE_CARD)
                .setBody(this::buyer)
                .to(CheckoutEndpoints.BUYER_CARDS)
                .process(e -> {
                    List<StoredCard> cards = e.getIn().getBody(List.class);
                    UUID id = e.getProperty(SAVED, NewStoredCard.class).id();
                    envelope.success(e, "Card stored", cards.stream().filter(c -> c.id().equals(id))
                            .map(this::cardItem).toList());
                });
    }

    private void buyerKeys(Exchange exchange) {
        FieldReader fields = new FieldReader(params(exchange));
        Optional<UUID> buyer = fields.requiredText("gateway_buyer_uuid", 36).flatMap(u -> uuid(fields, u));
        Optional<String> userid = fields.requiredTextOrEmpty("buyer_userid", 100, "a guest");
        fields.throwIfInvalid();
        setBuyer(exchange, buyer.orElseThrow(), userid.orElse(null));
    }

    private void cardKeys(Exchange exchange) {
        FieldReader fields = new FieldReader(params(exchange));
        Optional<UUID> buyer = fields.requiredText("gateway_buyer_uuid", 36).flatMap(u -> uuid(fields, u));
        Optional<UUID> card = fields.requiredText("id", 36).flatMap(c -> {
            try {
                return Optional.of(UUID.fromString(c));
            } catch (IllegalArgumentException e) {
                return fields.error("id", "must be the id stored-cards returned");
            }
        });
        fields.throwIfInvalid();
        setBuyer(exchange, buyer.orElseThrow(), null);
        exchange.getIn().getBody(Map.class).put("cardId", card.orElseThrow());
    }

    private void sandboxCard(Exchange exchange) {
        CheckoutCredential merchant = credential(exchange);
        if (merchant.livemode()) {
            throw new ApiException(403, "sandbox_only", "Cards are stored by the payment page in live mode; this "
                    + "operation is for test mode only.");
        }
        FieldReader fields = new FieldReader(params(exchange));
        Optional<UUID> buyer = fields.requiredText("gateway_buyer_uuid", 36).flatMap(u -> uuid(fields, u));
        Optional<String> number = fields.requiredText("card_number", 23);
        Optional<String> expiry = fields.requiredText("expiry", 5);
        Optional<String> name = fields.requiredText("name", 100);
        fields.throwIfInvalid();
        exchange.setProperty("malipoCardNumber", number.orElseThrow());
        exchange.setProperty("malipoCardExpiry", expiry.orElseThrow());
        exchange.setProperty("malipoCardName", name.orElseThrow());
        setBuyer(exchange, buyer.orElseThrow(), null);
    }

    private void setBuyer(Exchange exchange, UUID buyer, String userid) {
        CheckoutCredential merchant = credential(exchange);
        Map<String, Object> keys = new LinkedHashMap<>();
        keys.put("buyerId", buyer);
        keys.put("merchantId", merchant.merchantId());
        keys.put("livemode", merchant.livemode());
        keys.put("buyerUserid", userid);
        exchange.setProperty(BUYER, keys);
        exchange.getIn().setBody(keys);
    }

    @SuppressWarnings("unchecked")
    private void requireBuyer(Exchange exchange) {
        Map<String, Object> buyer = exchange.getIn().getBody(Map.class);
        Map<String, Object> keys = exchange.getProperty(BUYER, Map.class);
        if (buyer == null || (keys.get("buyerUserid") != null
                && !keys.get("buyerUserid").equals(Rows.string(buyer, "buyer_userid")))) {
            throw ApiException.notFound("There is no buyer with this gateway_buyer_uuid (and buyer_userid).");
        }
    }

    private BuyerKeys buyer(Exchange exchange) {
        Map<?, ?> keys = exchange.getProperty(BUYER, Map.class);
        return new BuyerKeys((UUID) keys.get("buyerId"), (UUID) keys.get("merchantId"), (Boolean) keys.get("livemode"));
    }

    /** A card the merchant stores itself is confirmed at once: no payment is made to confirm it. */
    private void storeCard(Exchange exchange) {
        BuyerKeys buyer = buyer(exchange);
        NewStoredCard card = NewStoredCard.of(buyer.buyerId(), buyer.merchantId(), buyer.livemode(),
                exchange.getProperty("malipoCardNumber", String.class).replaceAll("[ -]", ""),
                exchange.getIn().getBody(Map.class), exchange.getProperty("malipoCardName", String.class),
                exchange.getProperty("malipoCardExpiry", String.class), orders.now(), true);
        exchange.setProperty(SAVED, card);
        exchange.getIn().setBody(card);
    }

    @SuppressWarnings("unchecked")
    private void listAnswer(Exchange exchange) throws Exception {
        List<StoredCard> cards = exchange.getIn().getBody(List.class);
        envelope.success(exchange, cards.isEmpty() ? "The buyer has no stored cards" : cards.size() + " stored card"
                + (cards.size() == 1 ? "" : "s"), cards.stream().map(this::cardItem).toList());
    }

    private Map<String, Object> cardItem(StoredCard card) {
        Map<String, Object> item = new LinkedHashMap<>();
        item.put("id", card.id().toString());
        item.put("masked_card", card.maskedCard());
        item.put("creation_date", orders.creationDate(card.createdAt().toInstant()));
        item.put("name", card.name());
        item.put("card_type", card.cardType());
        item.put("card_token", card.cardToken());
        item.put("expiry", card.expiry());
        return item;
    }

    private static Optional<UUID> uuid(FieldReader fields, String text) {
        try {
            return Optional.of(UUID.fromString(text));
        } catch (IllegalArgumentException e) {
            return fields.error("gateway_buyer_uuid", "must be the gateway_buyer_uuid an earlier order returned");
        }
    }
}
