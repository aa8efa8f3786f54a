package io.malipo.checkout;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.malipo.common.ApiException;
import io.malipo.common.Database;
import io.malipo.common.MalipoProperties;
import io.malipo.common.RandomTokens;
import io.malipo.common.SqlFiles;
import io.malipo.common.SqlRecords;
import io.malipo.common.Times;
import io.malipo.merchant.CheckoutCredential;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Checkout orders: creating one (with its buyer, payment token, QR payload and payment page
 * link) and the way stored orders read in checkout answers.
 */
@Component
public class Orders {

    private static final int TOKEN_ATTEMPTS = 5;
    private static final DateTimeFormatter CREATION_DATE = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

    private final NamedParameterJdbcTemplate jdbc;
    private final TransactionTemplate transactions;
    private final Clock clock;
    private final CheckoutProperties properties;
    private final String publicUrl;
    private final ObjectMapper mapper;
    private final OrderFingerprint fingerprint;
    private final Database database;

    public Orders(NamedParameterJdbcTemplate jdbc, TransactionTemplate transactions, Clock clock,
            CheckoutProperties properties, MalipoProperties malipo, ObjectMapper mapper, Database database) {
        this.jdbc = jdbc;
        this.database = database;
        this.transactions = transactions;
        this.clock = clock;
        this.properties = properties;
        this.publicUrl = malipo.publicUrl().replaceAll("/+$", "");
        this.mapper = mapper;
        this.fingerprint = new OrderFingerprint(mapper);
    }

    /**
     * Makes the request's answer from a new order's data item, and gives it back sealed for
     * keeping with the request's claim ({@link ReplayGuard#toKeep}), or empty.
     */
    @FunctionalInterface
    public interface Answering {
        Optional<ReplayGuard.Answer> answer(Map<String, Object> data);
    }

    /** The order's data item, and whether the request's answer was stored with the order. */
    public record Created(Map<String, Object> data, boolean answerKept) {
    }

    /**
     * Creates the order and answers its data item. The same order_id again answers the first
     * answer when the request is the same, and is refused when it is not: an order_id names
     * one order for good. On PostgreSQL a new order's answer, made by {@code answering}, is
     * stored in the order's own statement.
     */
    public Created create(CheckoutCredential merchant, NewOrder order, Answering answering) {
        String hash = fingerprint.of(order);
        for (int attempt = 1; ; attempt++) {
            try {
                // Inserted first and looked up only when that inserted nothing: a new order_id
                // (nearly every request) costs one statement, not a lookup before it, and without a
                // buyer to find or add, no transaction around it.
                return withBuyerStatements(order, () -> insert(merchant, order, hash, answering));
            } catch (NotInserted | DuplicateKeyException e) {
                // The same order_id was there (answered from the first order), or arrived
                // concurrently (the insert waited for it), or a first order of the same buyer
                // did, or the random payment token was taken: the buyer row, if any, is rolled back.
                Optional<StoredOrder> existing = find(merchant, order.orderId());
                if (existing.isPresent()) {
                    return new Created(repeat(existing.get(), hash, order.orderId()), false);
                }
                if (attempt == TOKEN_ATTEMPTS) {
                    throw e instanceof DuplicateKeyException duplicate ? duplicate
                            : new IllegalStateException("order " + order.orderId() + " was not stored", e);
                }
            }
        }
    }

    /**
     * {@link #create} for a request not yet claimed against replays (PostgreSQL): the signature's
     * binding, the order and the request's claim with its answer, made by {@code answering}, in one
     * statement, after the buyer's statements if it has a buyer (all in one transaction then).
     * Empty when no order was inserted (the order_id or payment token was taken, the request was
     * seen before, its signature is another operation's, or the same buyer's first order arrived at
     * once): nothing of it is kept but the signature's binding, and the caller claims the request
     * as any operation does and calls {@link #create}. The answer is kept,
     * {@link Created#answerKept()}, unless an identical request claimed it first.
     */
    public Optional<Created> createClaimed(CheckoutCredential merchant, NewOrder order, ReplayGuard.Unclaimed claim,
            Answering answering) {
        String hash = fingerprint.of(order);
        try {
            return Optional.of(withBuyerStatements(order, () -> insertClaimed(merchant, order, hash, claim, answering)));
        } catch (NotInserted | DuplicateKeyException e) {
            return Optional.empty();
        }
    }

    private Created insertClaimed(CheckoutCredential merchant, NewOrder order, String hash,
            ReplayGuard.Unclaimed claim, Answering answering) {
        NewRow prepared = newRow(merchant, order, hash);
        Map<String, Object> row = prepared.row();
        putAnswer(row, answering.answer(prepared.data()));
        row.put("signature", claim.signature());
        row.put("operation", claim.operation());
        row.put("fingerprint", claim.fingerprint());
        Map<String, Object> stored = jdbc.queryForMap(SqlFiles.load("checkout/insert-order-claimed.sql"), row);
        if (((Number) stored.get("inserted")).intValue() == 0) {
            throw new NotInserted();
        }
        return new Created(prepared.data(), ((Number) stored.get("claimed")).intValue() == 1);
    }

    /** The order's insert met an existing row (its order_id or its payment token); rolls back the transaction. */
    private static final class NotInserted extends RuntimeException {
        NotInserted() {
            super(null, null, false, false);
        }
    }

    private Created insert(CheckoutCredential merchant, NewOrder order, String hash, Answering answering) {
        NewRow prepared = newRow(merchant, order, hash);
        Map<String, Object> data = prepared.data();
        Map<String, Object> row = prepared.row();
        if (database.isPostgres()) {
            Optional<ReplayGuard.Answer> answer = answering.answer(data);
            row.put("answerFingerprint", answer.map(ReplayGuard.Answer::fingerprint).orElse(null));
            putAnswer(row, answer);
            Map<String, Object> stored = jdbc.queryForMap(SqlFiles.load("checkout/insert-order-answered.sql"), row);
            if (((Number) stored.get("inserted")).intValue() == 0) {
                throw new NotInserted();
            }
            return new Created(data, ((Number) stored.get("answered")).intValue() == 1);
        }
        if (jdbc.update(SqlFiles.load("checkout/insert-order.sql"), row) == 0) {
            throw new NotInserted();
        }
        return new Created(data, false);
    }

    /** A new order's data item (what its answer carries) and its row's parameters. */
    private record NewRow(Map<String, Object> data, Map<String, Object> row) {
    }

    /**
     * A buyer's statements (find or add, check) and the order's insert share a transaction;
     * without a buyer the insert is one statement and needs none.
     */
    private <T> T withBuyerStatements(NewOrder order, Supplier<T> insert) {
        boolean buyerStatements = order.buyerUserid() != null || order.gatewayBuyerUuid() != null;
        return buyerStatements ? transactions.execute(tx -> insert.get()) : insert.get();
    }

    private static void putAnswer(Map<String, Object> row, Optional<ReplayGuard.Answer> answer) {
        row.put("answerStatus", answer.map(ReplayGuard.Answer::status).orElse(null));
        row.put("answerBody", answer.map(ReplayGuard.Answer::body).orElse(null));
    }

    /** The order's buyer found or added, then its data item and row. */
    private NewRow newRow(CheckoutCredential merchant, NewOrder order, String hash) {
        OffsetDateTime now = now();
        Map<String, Object> keys = SqlRecords.parameters(OrderKeys.of(merchant, order.orderId(), now));
        Buyer buyer = buyer(keys, order);
        UUID buyerId = buyer.id();
        UUID id = UUID.randomUUID();
        String token = RandomTokens.digits(10);
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("order_id", order.orderId());
        if (buyer.added()) {
            data.put("gateway_buyer_uuid", buyerId.toString());
        }
        data.put("payment_token", token);
        data.put("qr", EmvQr.payload(merchant.vendor(), merchant.merchantName(), properties.qrMerchantCity(),
                properties.qrCountryCode(), order.amount(), order.currency(), token));
        data.put("payment_gateway_url", Base64.getEncoder().encodeToString(
                (publicUrl + "/pay/" + id).getBytes(StandardCharsets.UTF_8)));

        Map<String, Object> row = new LinkedHashMap<>(keys);
        row.put("id", id);
        row.put("amount", order.amount());
        row.put("currency", order.currency());
        row.put("buyerEmail", order.buyerEmail());
        row.put("buyerName", order.buyerName());
        row.put("buyerPhone", order.buyerPhone());
        row.put("buyerUserid", order.buyerUserid());
        row.put("buyerId", buyerId);
        row.put("billing", json(order.billing()));
        row.put("shipping", json(order.shipping()));
        row.put("paymentMethods", order.paymentMethods().stream().map(Enum::name).collect(Collectors.joining(",")));
        row.put("redirectUrl", order.redirectUrl());
        row.put("cancelUrl", order.cancelUrl());
        row.put("webhookUrl", order.webhookUrl());
        row.put("buyerRemarks", order.buyerRemarks());
        row.put("merchantRemarks", order.merchantRemarks());
        row.put("noOfItems", order.noOfItems());
        row.put("headerColour", order.headerColour());
        row.put("linkColour", order.linkColour());
        row.put("buttonColour", order.buttonColour());
        row.put("expiresAt", now.plusMinutes(order.expiryMinutes()));
        row.put("paymentToken", token);
        row.put("requestHash", hash);
        row.put("createResponse", json(data));
        row.put("credentialId", merchant.id());
        return new NewRow(data, row);
    }

    /** The order's buyer (none, found by buyer_userid, or added now), checked against its gateway_buyer_uuid. */
    private record Buyer(UUID id, boolean added) {
    }

    private Buyer buyer(Map<String, Object> keys, NewOrder order) {
        UUID buyerId = null;
        boolean added = false;
        if (order.buyerUserid() != null) {
            Map<String, Object> byUser = new LinkedHashMap<>(keys);
            byUser.put("buyerUserid", order.buyerUserid());
            List<UUID> found = jdbc.queryForList(SqlFiles.load("checkout/select-buyer-by-userid.sql"), byUser, UUID.class);
            if (found.isEmpty()) {
                buyerId = UUID.randomUUID();
                added = true;
                byUser.put("buyerId", buyerId);
                jdbc.update(SqlFiles.load("checkout/insert-buyer.sql"), byUser);
            } else {
                buyerId = found.get(0);
            }
        }
        if (order.gatewayBuyerUuid() != null) {
            buyerId = checkBuyer(keys, order, buyerId);
        }
        return new Buyer(buyerId, added);
    }

    private UUID checkBuyer(Map<String, Object> keys, NewOrder order, UUID fromUserid) {
        Map<String, Object> byId = new LinkedHashMap<>(keys);
        byId.put("buyerId", order.gatewayBuyerUuid());
        List<Map<String, Object>> rows = jdbc.queryForList(SqlFiles.load("checkout/select-buyer.sql"), byId);
        if (rows.isEmpty() || (fromUserid != null && !fromUserid.equals(order.gatewayBuyerUuid()))) {
            throw ApiException.invalid("gateway_buyer_uuid", rows.isEmpty()
                    ? "is not a buyer of this merchant: send the gateway_buyer_uuid an earlier order returned"
                    : "belongs to another buyer_userid");
        }
        return order.gatewayBuyerUuid();
    }

    private Map<String, Object> repeat(StoredOrder existing, String hash, String orderId) {
        if (!hash.equals(existing.requestHash())) {
            throw ApiException.badRequest("order_id_reused", "order_id " + orderId + " already names another order "
                    + "(created " + creationDate(existing.createdAt().toInstant()) + "); use a new order_id.");
        }
        try {
            return mapper.readValue(existing.createResponse(),
                    new TypeReference<LinkedHashMap<String, Object>>() { });
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored create-order answer of order " + orderId + " is not JSON", e);
        }
    }

    Optional<StoredOrder> find(CheckoutCredential merchant, String orderId) {
        return find(OrderKeys.of(merchant, orderId, now()));
    }

    Optional<StoredOrder> find(OrderKeys keys) {
        return jdbc.query(SqlFiles.load("checkout/select-order.sql"), SqlRecords.parameters(keys),
                SqlRecords.rows(StoredOrder.class)).stream().findFirst();
    }

    public OffsetDateTime now() {
        return Times.now(clock);
    }

    /** An order-status data item. Payment details appear only once the order is COMPLETED. */
    public Map<String, Object> statusItem(StoredOrder order) {
        Map<String, Object> item = item(order.orderId(), order.createdAt(), order.amount(), order.currency(),
                order.paymentStatus());
        boolean completed = order.paymentStatus() == OrderStatus.COMPLETED;
        item.put("transid", completed ? order.transid() : null);
        item.put("channel", completed ? channelName(order.provider()) : null);
        item.put("reference", completed ? order.reference() : null);
        item.put("msisdn", completed ? order.payer() : null);
        item.put("phone", completed ? order.payer() : null);
        return item;
    }

    /** A list-orders data item, with result summarising the status. */
    public Map<String, Object> listItem(ListedOrder order) {
        Map<String, Object> item = item(order.orderId(), order.createdAt(), order.amount(), order.currency(),
                order.paymentStatus());
        item.put("result", order.paymentStatus().result());
        return item;
    }

    /** What every order data item starts with, in the order clients document it. */
    private Map<String, Object> item(String orderId, OffsetDateTime createdAt, BigDecimal amount, String currency,
            OrderStatus status) {
        Map<String, Object> item = new LinkedHashMap<>();
        item.put("order_id", orderId);
        item.put("creation_date", creationDate(createdAt.toInstant()));
        item.put("amount", amountText(amount));
        item.put("currency", currency);
        item.put("payment_status", status.name());
        return item;
    }

    /** The channel as checkout clients know channel names: the provider's code, such as MPESATZ. */
    public static String channelName(String provider) {
        return provider == null ? null : provider.toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9]", "");
    }

    public String creationDate(Instant instant) {
        return CREATION_DATE.format(instant.atZone(properties.zone()));
    }

    /** Amounts as text, as the clients read them: 15000, 15000.50. */
    public static String amountText(BigDecimal amount) {
        BigDecimal stripped = amount.stripTrailingZeros();
        return stripped.scale() <= 0 ? stripped.toPlainString() : amount.setScale(2).toPlainString();
    }

    private String json(Object value) {
        try {
            return value instanceof Map<?, ?> map && map.isEmpty() ? null : mapper.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
