package io.malipo.channels.sandbox;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.malipo.channels.ChannelProperties;
import io.malipo.channels.sandbox.SandboxProviders.Result;
import io.malipo.common.ApiException;
import io.malipo.common.ErrorRouteConfigurations;
import io.malipo.common.HttpExchanges;
import io.malipo.common.JsonBodies;
import io.malipo.common.RouteIds;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.camel.Exchange;
import org.apache.camel.Processor;
import org.apache.camel.builder.RouteBuilder;
import org.springframework.stereotype.Component;

/**
 * One simulated provider API under /sandbox/{provider}, speaking the API of its connector in that
 * API's own formats, so the connector routes run for real in test mode: collections, payouts,
 * reversals (refunds), their reports and their status queries. Only Malipo's test-mode key for a
 * provider of this API gets in. A request the sandbox will not carry out (an amount that is not
 * one, a missing reference, too many reports waiting) is answered in the API's refusal format,
 * never booked. Nothing is served where the sandbox is off.
 */
abstract class SandboxApi extends RouteBuilder {

    private static final TypeReference<LinkedHashMap<String, Object>> MAP = new TypeReference<>() { };

    /** What every simulated API shares: the sandbox's books, its gate, and how it reads and answers. */
    @Component
    static class Kit {

        final SandboxProviders books;
        final SandboxGuard guard;
        final ChannelProperties properties;
        final JsonBodies json;
        final ObjectMapper mapper;

        Kit(SandboxProviders books, SandboxGuard guard, ChannelProperties properties, JsonBodies json,
                ObjectMapper mapper) {
            this.books = books;
            this.guard = guard;
            this.properties = properties;
            this.json = json;
            this.mapper = mapper;
        }
    }

    protected final SandboxProviders sandbox;
    protected final SandboxGuard guard;
    protected final JsonBodies json;
    private final ChannelProperties properties;
    private final ObjectMapper mapper;
    private final String connector;

    SandboxApi(Kit kit, String connector) {
        this.sandbox = kit.books;
        this.guard = kit.guard;
        this.json = kit.json;
        this.properties = kit.properties;
        this.mapper = kit.mapper;
        this.connector = connector;
    }

    @Override
    public final void configure() {
        if (properties.sandbox().enabled()) {
            routes();
        }
    }

    /** The API's REST verbs under /sandbox/{provider} and a {@link #sandboxRoute} for each. */
    protected abstract void routes();

    /**
     * How this API says "nothing was done": the connectors read a refusal from the provider's own
     * codes, never from the HTTP status alone, which a gateway in front of a provider may send
     * after the provider acted.
     */
    protected abstract Map<String, Object> refusal(ApiException refusal);

    protected void sandboxRoute(String uri, Processor handler) {
        from(uri).routeId(RouteIds.of(uri)).routeConfigurationId(ErrorRouteConfigurations.TOKEN_API)
                .doTry()
                    .process(this::admit)
                    .process(handler)
                .doCatch(ApiException.class)
                    .process(this::refuse)
                .end();
    }

    /** Malipo's sandbox key for a provider this API speaks for; a caller without it spends its budget. */
    private void admit(Exchange exchange) {
        try {
            authenticate(exchange, guard.provider(exchange));
        } catch (ApiException refused) {
            guard.anonymous(exchange);
            throw refused;
        }
    }

    /**
     * What this API asks of a caller, for a provider it plays: by default Malipo's sandbox key as a
     * bearer token. An API with a session or token scheme of its own checks that instead.
     */
    protected void authenticate(Exchange exchange, String provider) {
        sandbox.authenticate(provider, connector, exchange.getIn().getHeader("Authorization", String.class));
    }

    private void refuse(Exchange exchange) throws Exception {
        ApiException refusal = exchange.getProperty(Exchange.EXCEPTION_CAUGHT, ApiException.class);
        json.respond(exchange, refusal.status(), refusal(refusal));
        refusal.headers().forEach(exchange.getMessage()::setHeader);
    }

    // --- reading requests

    /** Each API's word for an outcome. */
    protected static String word(Result result, String succeeded, String failed, String pending) {
        return switch (result.outcome()) {
            case SUCCEEDED -> succeeded;
            case FAILED -> failed;
            default -> pending;
        };
    }

    protected Map<String, Object> body(Exchange exchange) {
        try {
            Map<String, Object> body = mapper.readValue(HttpExchanges.rawBody(exchange), MAP);
            if (body != null) {
                return body;
            }
        } catch (IOException e) {
            // answered below
        }
        throw ApiException.badRequest("malformed_json", "The body must be a JSON object.");
    }

    @SuppressWarnings("unchecked")
    protected static Map<String, Object> object(Map<String, Object> map, String key) {
        if (map.get(key) instanceof Map<?, ?> object) {
            return (Map<String, Object>) object;
        }
        throw ApiException.invalid(key, "must be an object");
    }

    protected static String text(Map<String, Object> map, String key) {
        Object value = map == null ? null : map.get(key);
        return value == null ? null : value.toString();
    }

    protected static String required(Map<String, Object> map, String key) {
        String value = text(map, key);
        if (value == null || value.isBlank() || map.get(key) instanceof Map || map.get(key) instanceof Iterable) {
            throw ApiException.invalid(key, "is required");
        }
        return value;
    }

    /** The client's own reference, which the sandbox books (at most 64 characters). */
    protected static String reference(Map<String, Object> map, String key) {
        String value = required(map, key);
        if (value.length() > 64) {
            throw ApiException.invalid(key, "must be at most 64 characters");
        }
        return value;
    }

    protected static String msisdn(Map<String, Object> map, String key) {
        String value = required(map, key);
        if (!value.matches("[0-9]{6,15}")) {
            throw ApiException.invalid(key, "must be the wallet's number, digits only");
        }
        return value;
    }

    protected static String currency(Map<String, Object> map, String key) {
        String value = required(map, key);
        if (!value.matches("[A-Z]{3}")) {
            throw ApiException.invalid(key, "must be an ISO 4217 code such as TZS");
        }
        return value;
    }

    protected static BigDecimal amount(Map<String, Object> map, String key) {
        BigDecimal amount = optionalAmount(map, key);
        if (amount == null) {
            throw ApiException.invalid(key, "is required");
        }
        return amount;
    }

    /** A positive amount of at most two decimals, written as a JSON number or string; null when absent. */
    protected static BigDecimal optionalAmount(Map<String, Object> map, String key) {
        Object value = map.get(key);
        if (value == null) {
            return null;
        }
        try {
            BigDecimal amount = new BigDecimal(value.toString().strip());
            if (amount.signum() > 0 && amount.stripTrailingZeros().scale() <= 2
                    && amount.precision() - amount.scale() <= 17) {
                return amount;
            }
        } catch (NumberFormatException e) {
            // answered below
        }
        throw ApiException.invalid(key, "must be a positive amount with at most two decimals, such as 15000 or "
                + "15000.50");
    }


    protected static String provider(Exchange exchange) {
        return exchange.getIn().getHeader("provider", String.class);
    }
}
