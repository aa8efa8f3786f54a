package io.malipo.tokenapi;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.malipo.common.ClientAddress;
import io.malipo.common.HttpExchanges;
import io.malipo.common.OAuthError;
import io.malipo.merchant.ApiKeyRecord;
import io.malipo.merchant.ApiKeys;
import io.malipo.merchant.Scope;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.camel.Exchange;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * {@code POST /api/v1/oauth/token}: the client-credentials grant, with the whole API key in
 * {@code X-Api-Key}. Every refusal of the key itself is the same {@code invalid_client}, so a
 * caller learns nothing about which keys exist; the log says why, naming the key by its public
 * prefix only.
 */
@Component
public class TokenEndpoint {

    static final String REQUEST = "malipoTokenRequest";
    private static final Logger LOG = LoggerFactory.getLogger(TokenEndpoint.class);
    private static final String BAD_KEY = "The API key in X-Api-Key is not valid: it is wrong, revoked, expired, not "
            + "allowed from this address, or a live key of a merchant not yet verified.";

    private final AccessTokens tokens;
    private final TokenRateLimit rateLimit;
    private final ClientAddress clientAddress;
    private final Clock clock;
    private final ObjectMapper json;

    public TokenEndpoint(AccessTokens tokens, TokenRateLimit rateLimit, ClientAddress clientAddress, Clock clock,
            ObjectMapper json) {
        this.tokens = tokens;
        this.rateLimit = rateLimit;
        this.clientAddress = clientAddress;
        this.clock = clock;
        this.json = json;
    }

    /** The request as read: the presented key, and the scopes asked for (null: all of the key's). */
    record TokenRequest(String key, ApiKeys.Parsed parsed, List<String> scopes) {
    }

    /** Reads and checks the request; leaves in the body the lookup of the key to find. */
    public void read(Exchange exchange) {
        Map<String, String> form = form(HttpExchanges.rawBody(exchange));
        String grant = form.get("grant_type");
        if (grant == null || grant.isBlank()) {
            throw OAuthError.invalidRequest("grant_type is missing: send the form body "
                    + "grant_type=client_credentials (optionally with scope=<space-separated scopes>).");
        }
        if (!grant.equals("client_credentials")) {
            throw OAuthError.unsupportedGrantType("grant_type '" + grant + "' is not supported; use client_credentials.");
        }
        List<String> scopes = null;
        String scope = form.get("scope");
        if (scope != null && !scope.isBlank()) {
            scopes = new ArrayList<>(new LinkedHashSet<>(List.of(scope.strip().split("\\s+"))));
            for (String name : scopes) {
                if (Scope.of(name).isEmpty()) {
                    throw OAuthError.invalidScope("'" + name + "' is not a scope; the scopes are " + Scope.allValues()
                            + ", separated by spaces.");
                }
            }
        }
        String key = exchange.getIn().getHeader("X-Api-Key", String.class);
        if (key == null || key.isBlank()) {
            throw OAuthError.invalidClient("Send your whole API key in the X-Api-Key header.");
        }
        ApiKeys.Parsed parsed = ApiKeys.parse(key.strip())
                .orElseThrow(() -> OAuthError.invalidClient("The X-Api-Key header does not hold an API key: keys look "
                        + "like mk_test_… or mk_live_…, and are sent whole."));
        exchange.setProperty(REQUEST, new TokenRequest(key.strip(), parsed, scopes));
        exchange.getIn().setBody(Map.of("lookup", parsed.lookup()));
    }

    /** Body in: the key found (or null). Answers the token, or refuses. */
    public void issue(Exchange exchange) throws JsonProcessingException {
        TokenRequest request = exchange.getProperty(REQUEST, TokenRequest.class);
        ApiKeyRecord key = exchange.getIn().getBody(ApiKeyRecord.class);
        String prefix = ApiKeys.prefix(request.parsed().livemode(), request.parsed().lookup());
        if (key == null || key.livemode() != request.parsed().livemode() || !key.matches(request.key(), clock.instant())) {
            throw refused(prefix, "no key matches");
        }
        Optional<String> unusable = key.unusable(clock.instant());
        if (unusable.isPresent()) {
            throw refused(prefix, unusable.get());
        }
        String address = clientAddress.of(exchange);
        if (!key.allowsAddress(address)) {
            throw refused(prefix, "called from " + address + ", outside its allowed addresses");
        }
        HttpExchanges.setMerchant(exchange, key.merchantId());
        List<String> scopes = request.scopes() == null ? key.scopes() : request.scopes();
        List<String> lacking = scopes.stream().filter(s -> !key.scopes().contains(s)).toList();
        if (!lacking.isEmpty()) {
            throw OAuthError.invalidScope("This key does not have the scope" + (lacking.size() > 1 ? "s " : " ")
                    + String.join(", ", lacking) + "; it has " + String.join(", ", key.scopes()) + ".");
        }
        long retryAfter = rateLimit.take(key.id().toString());
        if (retryAfter > 0) {
            throw OAuthError.rateLimited(retryAfter);
        }
        exchange.setProperty("malipoCredentialId", key.id());
        Map<String, Object> token = new LinkedHashMap<>();
        token.put("access_token", tokens.issue(key.id(), key.merchantId(), key.livemode(), scopes));
        token.put("token_type", "Bearer");
        token.put("expires_in", AccessTokens.LIFETIME.toSeconds());
        token.put("scope", String.join(" ", scopes));
        var out = exchange.getMessage();
        out.removeHeaders("*");
        out.setHeader(Exchange.HTTP_RESPONSE_CODE, 200);
        out.setHeader(Exchange.CONTENT_TYPE, "application/json");
        out.setHeader("Cache-Control", "no-store");
        out.setBody(json.writeValueAsString(token));
    }

    private static OAuthError refused(String prefix, String why) {
        LOG.info("Token refused for API key {}: {}", prefix, why);
        return OAuthError.invalidClient(BAD_KEY);
    }

    /** The form body (or, for clients that send one, a flat JSON object); a repeated parameter is refused. */
    private Map<String, String> form(byte[] body) {
        String text = new String(body, StandardCharsets.UTF_8).strip();
        Map<String, String> fields = new HashMap<>();
        if (text.startsWith("{")) {
            try {
                JsonNode node = json.readTree(text);
                node.fields().forEachRemaining(f -> fields.put(f.getKey(), f.getValue().asText()));
                return fields;
            } catch (JsonProcessingException e) {
                throw OAuthError.invalidRequest("The body is neither a form (grant_type=client_credentials) nor valid "
                        + "JSON.");
            }
        }
        for (String pair : text.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String name;
            String value;
            try {
                name = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
                value = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
            } catch (IllegalArgumentException e) {
                throw OAuthError.invalidRequest("The form body is not URL-encoded correctly.");
            }
            if (fields.put(name, value) != null) {
                throw OAuthError.invalidRequest("The parameter " + name + " is given more than once.");
            }
        }
        return fields;
    }
}
