package io.malipo.delivery;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import org.apache.camel.builder.RouteBuilder;
import org.springframework.stereotype.Component;

/**
 * The outbox. {@code direct:delivery-enqueue} writes what must reach a merchant inside the
 * caller's transaction, so it exists exactly when the change that caused it does; the
 * dispatcher sends it afterwards. Body in: a map with merchantId, livemode, kind
 * ({@link DeliveryKind}), credentialId (checkout callbacks), targetUrl, payload (the exact
 * JSON to send), sourceType, sourceId and now.
 */
@Component
public class DeliveryRoutes extends RouteBuilder {

    private static final String SQL = "sql:classpath:sql/delivery/";

    @Override
    public void configure() {
        from("direct:delivery-enqueue").routeId("delivery-enqueue").errorHandler(noErrorHandler())
                .process(e -> {
                    Map<String, Object> row = new LinkedHashMap<>(e.getIn().getBody(Map.class));
                    row.put("id", UUID.randomUUID());
                    e.getIn().setBody(row);
                })
                .to(SQL + "insert-delivery.sql");
    }
}
