package io.malipo.delivery;

import io.malipo.common.SqlFiles;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.camel.Exchange;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.stereotype.Component;

/** Webhook events are signed with their endpoint's secret, per the Standard Webhooks convention. */
@Component
class WebhookSigner implements DeliverySigner {

    private final WebhookEndpoints endpoints;
    private final NamedParameterJdbcTemplate jdbc;

    WebhookSigner(WebhookEndpoints endpoints, NamedParameterJdbcTemplate jdbc) {
        this.endpoints = endpoints;
        this.jdbc = jdbc;
    }

    @Override
    public DeliveryKind kind() {
        return DeliveryKind.WEBHOOK_EVENT;
    }

    @Override
    public void sign(Exchange exchange, ClaimedDelivery delivery) {
        Map<String, Object> key = new LinkedHashMap<>();
        key.put("id", delivery.webhookEndpointId());
        key.put("merchantId", delivery.merchantId());
        key.put("livemode", delivery.livemode());
        Map<String, Object> endpoint = jdbc.queryForList(SqlFiles.load(
                "delivery/select-webhook-endpoint-for-signing.sql"), key).stream().findFirst().orElse(null);
        endpoints.sign(exchange, delivery, endpoint);
    }
}
