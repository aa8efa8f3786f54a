package io.malipo.delivery;

import io.malipo.common.Rows;
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
    @SuppressWarnings("unchecked")
    public void sign(Exchange exchange) {
        Map<String, Object> row = exchange.getIn().getBody(Map.class);
        Map<String, Object> key = new LinkedHashMap<>();
        key.put("id", Rows.uuid(row, "webhook_endpoint_id"));
        key.put("merchantId", Rows.uuid(row, "merchant_id"));
        key.put("livemode", Rows.bool(row, "livemode"));
        Map<String, Object> endpoint = jdbc.queryForList(
                SqlFiles.load("delivery/select-webhook-endpoint-for-signing.sql"), key).stream().findFirst().orElse(null);
        endpoints.sign(exchange, row, endpoint);
    }
}
