package io.malipo.channels;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.malipo.channels.ChannelProperties.Provider;
import io.malipo.channels.ProviderSetting.Limit;
import io.malipo.common.ApiException;
import io.malipo.common.FieldError;
import io.malipo.common.Rows;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.springframework.stereotype.Component;

/** Reading, checking and applying merchants' provider settings. */
@Component
public class ProviderSettings {

    private static final TypeReference<List<Limit>> LIMITS = new TypeReference<>() {
    };

    private final ProviderDirectory providers;
    private final ObjectMapper json;

    public ProviderSettings(ProviderDirectory providers, ObjectMapper json) {
        this.providers = providers;
        this.json = json;
    }

    /** The setting a stored row holds, or the defaults when there is no row. */
    public ProviderSetting of(String provider, Map<String, Object> row) {
        if (row == null) {
            return ProviderSetting.defaults(provider);
        }
        try {
            return new ProviderSetting(provider, Rows.bool(row, "enabled"),
                    json.readValue(Rows.string(row, "limits"), LIMITS), Rows.instant(row, "updated_at"));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored limits of provider " + provider + " are unreadable", e);
        }
    }

    /** Refuses a payment the merchant's settings for its provider do not allow. */
    public void check(String code, BigDecimal amount, String currency, ProviderSetting setting) {
        Provider provider = providers.get(code);
        if (!setting.enabled()) {
            throw ApiException.badRequest("provider_disabled", provider.name() + " (" + code + ") is turned off in "
                    + "your provider settings; turn it on with PUT /api/v1/providers/" + code + "/settings, or "
                    + "name another provider.");
        }
        for (Limit limit : setting.limits()) {
            if (!limit.currency().equals(currency)) {
                continue;
            }
            if (limit.minAmount() != null && amount.compareTo(limit.minAmount()) < 0) {
                throw ApiException.badRequest("amount_out_of_range", "Your settings for " + provider.name()
                        + " allow " + currency + " " + limit.minAmount().toPlainString() + " at least; this is "
                        + amount.toPlainString() + ".");
            }
            if (limit.maxAmount() != null && amount.compareTo(limit.maxAmount()) > 0) {
                throw ApiException.badRequest("amount_out_of_range", "Your settings for " + provider.name()
                        + " allow " + currency + " " + limit.maxAmount().toPlainString() + " at most; this is "
                        + amount.toPlainString() + ".");
            }
        }
    }

    /** The row parameters of a change, after checking it makes sense for the provider. */
    public Map<String, Object> row(UUID merchantId, boolean livemode, String code, ProviderSetting.Change change) {
        Provider provider = providers.get(code);
        List<FieldError> errors = new ArrayList<>();
        List<Limit> limits = change.limits() == null ? List.of() : change.limits();
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < limits.size(); i++) {
            Limit limit = limits.get(i);
            if (!provider.currencies().contains(limit.currency())) {
                errors.add(new FieldError("limits[" + i + "].currency", provider.name() + " carries "
                        + String.join(", ", provider.currencies()) + " only"));
            } else if (!seen.add(limit.currency())) {
                errors.add(new FieldError("limits[" + i + "].currency", "is given twice"));
            }
            if (limit.minAmount() != null && limit.maxAmount() != null
                    && limit.minAmount().compareTo(limit.maxAmount()) > 0) {
                errors.add(new FieldError("limits[" + i + "].minAmount", "must not be above maxAmount"));
            }
        }
        if (!errors.isEmpty()) {
            throw ApiException.invalid(errors);
        }
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("merchantId", merchantId);
        row.put("livemode", livemode);
        row.put("provider", code);
        row.put("enabled", change.enabled());
        try {
            row.put("limits", json.writeValueAsString(limits));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("limits do not serialise", e);
        }
        return row;
    }

    /** Every provider, with its status for this merchant and mode. */
    public List<ProviderView> views(boolean livemode, Map<String, ProviderSetting> settings) {
        return providers.all().entrySet().stream()
                .map(e -> {
                    Provider p = e.getValue();
                    boolean connected = !livemode || (p.liveUrl() != null && !p.liveUrl().isBlank());
                    ProviderSetting setting = settings.getOrDefault(e.getKey(), ProviderSetting.defaults(e.getKey()));
                    String status = !connected ? "UNAVAILABLE" : setting.enabled() ? "ENABLED" : "DISABLED";
                    return new ProviderView(e.getKey(), p.name(), p.channel().name(), p.currencies(), status);
                })
                .toList();
    }

    /** A provider code from a path: 404 for one Malipo does not know. */
    public String known(String code) {
        if (code == null || providers.find(code).isEmpty()) {
            throw ApiException.notFound("There is no provider " + code + "; GET /api/v1/providers lists them.");
        }
        return code;
    }
}
