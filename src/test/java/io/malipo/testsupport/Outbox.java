package io.malipo.testsupport;

import io.malipo.delivery.DeliveryEndpoints;
import io.malipo.delivery.NewDelivery;
import java.time.Clock;
import java.net.URI;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.apache.camel.CamelContext;
import org.springframework.jdbc.core.JdbcTemplate;

/** Checkout callbacks put straight into the outbox, as settlement would, to a target a test chooses. */
public final class Outbox {

    private final CamelContext camel;
    private final JdbcTemplate jdbc;
    private final Clock clock;

    public Outbox(CamelContext camel, JdbcTemplate jdbc, Clock clock) {
        this.camel = camel;
        this.jdbc = jdbc;
        this.clock = clock;
    }

    /** A callback of the merchant's to target; answers the delivery's id. */
    public UUID enqueue(CheckoutClient merchant, boolean livemode, String target) {
        UUID source = UUID.randomUUID();
        UUID merchantId = jdbc.queryForObject("SELECT id FROM merchant WHERE vendor = ?", UUID.class,
                merchant.vendor);
        UUID credentialId = jdbc.queryForObject("SELECT id FROM checkout_credential WHERE api_key = ?", UUID.class,
                merchant.apiKey);
        camel.createProducerTemplate().sendBody(DeliveryEndpoints.ENQUEUE, NewDelivery.checkoutCallback(merchantId,
                livemode, credentialId, target, "{\"order_id\":\"L-1\",\"result\":\"SUCCESS\"}", source,
                OffsetDateTime.now(clock)));
        return jdbc.queryForObject("SELECT id FROM delivery WHERE source_id = ?", UUID.class, source);
    }

    /**
     * {@code count} callbacks of the merchant's to target, due since a minute ago, written straight
     * into the table as an outage would have left them (no nudge: the dispatcher finds them). Their
     * order ids are B-0, B-1, and so on, in the order they are due.
     */
    public List<UUID> backlog(CheckoutClient merchant, String target, int count) {
        UUID merchantId = jdbc.queryForObject("SELECT id FROM merchant WHERE vendor = ?", UUID.class, merchant.vendor);
        UUID credentialId = jdbc.queryForObject("SELECT id FROM checkout_credential WHERE api_key = ?", UUID.class,
                merchant.apiKey);
        OffsetDateTime due = OffsetDateTime.now(clock).minusMinutes(1);
        String host = URI.create(target).getHost();
        List<UUID> ids = new ArrayList<>();
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            UUID id = UUID.randomUUID();
            ids.add(id);
            rows.add(new Object[] {id, merchantId, credentialId, target, host,
                "{\"order_id\":\"B-" + i + "\",\"result\":\"SUCCESS\"}", UUID.randomUUID(), due.plusNanos(i * 1000L),
                due});
        }
        jdbc.batchUpdate("INSERT INTO delivery (id, merchant_id, livemode, kind, credential_id, target_url, target_host, "
                + "payload, source_type, source_id, status, attempts, next_attempt_at, created_at) VALUES (?, ?, false, "
                + "'CHECKOUT_CALLBACK', ?, ?, ?, ?, 'payment', ?, 'PENDING', 0, ?, ?)", rows);
        return ids;
    }

    public String status(UUID delivery) {
        return jdbc.queryForObject("SELECT status FROM delivery WHERE id = ?", String.class, delivery);
    }

    public void awaitStatus(UUID delivery, String status) {
        Await.until("delivery " + delivery + " to be " + status, () -> status.equals(status(delivery)));
    }

    public String lastError(UUID delivery) {
        return jdbc.queryForObject("SELECT last_error FROM delivery WHERE id = ?", String.class, delivery);
    }
}
