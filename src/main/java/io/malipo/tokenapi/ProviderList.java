package io.malipo.tokenapi;

import io.malipo.channels.ProviderView;
import java.util.List;

/** GET /providers as the OpenAPI document describes it: every provider on one page. */
public record ProviderList(List<ProviderView> data, boolean hasMore) {
}
