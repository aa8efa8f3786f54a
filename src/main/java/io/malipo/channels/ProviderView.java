package io.malipo.channels;

import java.util.List;

/**
 * A provider as a merchant sees it in one mode. status: ENABLED (Malipo may use it for the
 * merchant), DISABLED (the merchant turned it off) or UNAVAILABLE (not connected for live
 * payments yet).
 */
public record ProviderView(String code, String name, String channel, List<String> currencies, String status) {
}
