package io.malipo.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import io.malipo.testsupport.Http.Response;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * A merchant's web shop in tests: creates wallet-payable orders whose callbacks go to a receiver,
 * pays them through the sandbox, and finds what Malipo stored for them.
 */
public final class Shop {

    /** An MSISDN the sandbox approves (M-Pesa prefix, last digit neither 1, 2 nor 3). */
    public static final String PAYING_MSISDN = "255754000000";

    public final CheckoutClient client;
    private final JdbcTemplate jdbc;
    private final String webhook;

    public Shop(CheckoutClient client, JdbcTemplate jdbc, String callbackUrl) {
        this.client = client;
        this.jdbc = jdbc;
        this.webhook = Base64.getEncoder().encodeToString(callbackUrl.getBytes(StandardCharsets.UTF_8));
    }

    /** Creates the order; extra is appended to the JSON body (for example {@code , "expiry": 5}). */
    public Response order(String orderId, String amount, String extra) {
        Response created = send(orderId, amount, extra);
        assertThat(created.status()).as(created.body()).isEqualTo(200);
        return created;
    }

    /** Sends create-order and answers whatever came back, for callers that count the answers. */
    public Response send(String orderId, String amount, String extra) {
        return client.post("/v1/checkout/create-order", "{\"vendor\": \"" + client.vendor
                + "\", \"order_id\": \"" + orderId + "\", \"buyer_email\": \"a@duka.co.tz\", \"buyer_name\": \"Asha\", "
                + "\"buyer_phone\": \"255754000000\", \"amount\": " + amount + ", \"currency\": \"TZS\", "
                + "\"payment_methods\": \"MOBILEMONEYPULL\", \"no_of_items\": 1, \"webhook\": \"" + webhook + "\""
                + extra + "}").send();
    }

    /** Creates an order any method may pay, cards included (with the billing address cards need). */
    public Response cardOrder(String orderId, String amount) {
        return cardOrder(orderId, amount, "");
    }

    /** The same, with extra appended to the JSON body (for example a buyer_userid). */
    public Response cardOrder(String orderId, String amount, String extra) {
        Response created = client.post("/v1/checkout/create-order", "{\"vendor\": \"" + client.vendor
                + "\", \"order_id\": \"" + orderId + "\", \"buyer_email\": \"a@duka.co.tz\", \"buyer_name\": "
                + "\"Asha\", \"buyer_phone\": \"255754000000\", \"amount\": " + amount + ", \"currency\": \"TZS\", "
                + "\"payment_methods\": \"ALL\", \"no_of_items\": 1, \"billing\": {\"firstname\": \"Asha\", "
                + "\"lastname\": \"Mrema\", \"address_1\": \"Plot 1\", \"city\": \"Dar es Salaam\", "
                + "\"state_or_region\": \"Dar\", \"postcode_or_pobox\": \"1\", \"country\": \"TZ\", "
                + "\"phone\": \"255754000000\"}" + extra + "}").send();
        assertThat(created.status()).as(created.body()).isEqualTo(200);
        return created;
    }

    public Response order(String orderId, String amount) {
        return order(orderId, amount, "");
    }

    public Response pay(String orderId, String transid, String msisdn) {
        return client.post("/v1/checkout/wallet-payment", "{\"transid\": \"" + transid + "\", \"order_id\": \""
                + orderId + "\", \"msisdn\": \"" + msisdn + "\"}").send();
    }

    /** Creates the order, pays it and waits until the order is paid (its callback is then in the outbox). */
    public UUID paidOrder(String orderId) {
        order(orderId, "1000");
        Response pushed = pay(orderId, "T-" + orderId, PAYING_MSISDN);
        assertThat(pushed.status()).as(pushed.body()).isEqualTo(200);
        Await.until("order " + orderId + " to complete", () -> "COMPLETED".equals(jdbc.queryForObject(
                "SELECT payment_status FROM checkout_order WHERE id = ?", String.class, orderUuid(orderId))));
        return delivery(orderId);
    }

    public UUID orderUuid(String orderId) {
        return jdbc.queryForObject("SELECT o.id FROM checkout_order o JOIN merchant m ON m.id = o.merchant_id WHERE "
                + "o.order_id = ? AND m.vendor = ?", UUID.class, orderId, client.vendor);
    }

    /** The order's callback delivery. */
    public UUID delivery(String orderId) {
        List<UUID> ids = jdbc.queryForList("SELECT d.id FROM delivery d JOIN payment p ON p.id = d.source_id "
                + "WHERE p.checkout_order = ? AND d.kind = 'CHECKOUT_CALLBACK'", UUID.class, orderUuid(orderId));
        assertThat(ids).as("callbacks of order " + orderId).hasSize(1);
        return ids.get(0);
    }

    public String merchantId() {
        return jdbc.queryForObject("SELECT CAST(id AS VARCHAR) FROM merchant WHERE vendor = ?", String.class,
                client.vendor);
    }
}
