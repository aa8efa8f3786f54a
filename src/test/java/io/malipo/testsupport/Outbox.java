package io.malipo.testsupport;

import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.LinkedHashMap;
import java.util.Map;
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
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("merchantId", jdbc.queryForObject("SELECT id FROM merchant WHERE vendor = ?", UUID.class,
                merchant.vendor));
        row.put("livemode", livemode);
        row.put("kind", "CHECKOUT_CALLBACK");
        row.put("credentialId", jdbc.queryForObject("SELECT id FROM checkout_credential WHERE api_key = ?",
                UUID.class, merchant.apiKey));
        row.put("targetUrl", target);
        row.put("payload", "{\"order_id\":\"L-1\",\"result\":\"SUCCESS\"}");
        row.put("sourceType", "payment");
        row.put("sourceId", source);
        row.put("now", OffsetDateTime.now(clock));
        camel.createProducerTemplate().sendBody("direct:delivery-enqueue", row);
        return jdbc.queryForObject("SELECT id FROM delivery WHERE source_id = ?", UUID.class, source);
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
