package io.malipo.tokenapi;

import io.malipo.delivery.WebhookEndpointView;
import java.util.List;

/** A page of webhook endpoints, as the OpenAPI document describes GET /webhook-endpoints (the answer is a {@link Page}). */
public record WebhookEndpointPage(List<WebhookEndpointView> data, boolean hasMore, String nextCursor) {
}
