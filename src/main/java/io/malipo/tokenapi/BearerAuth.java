package io.malipo.tokenapi;

import io.malipo.common.ApiException;
import io.malipo.common.ClientAddress;
import io.malipo.common.HttpExchanges;
import io.malipo.merchant.ApiKeyRecord;
import io.malipo.tokenapi.AccessTokens.Claims;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.camel.Exchange;
import org.springframework.stereotype.Component;

/**
 * Lets a token-API request through only with a valid access token whose key is still usable:
 * the key is read on every request, so revoking it (or its merchant's suspension) takes effect
 * on the very next request, on every instance. Then the caller's address must be one the key
 * allows, and the token must carry the scopes the operation needs.
 */
@Component
public class BearerAuth {

    private static final String REALM = "Bearer realm=\"malipo\"";

    private final AccessTokens tokens;
    private final ClientAddress clientAddress;
    private final Clock clock;

    public BearerAuth(AccessTokens tokens, ClientAddress clientAddress, Clock clock) {
        this.tokens = tokens;
        this.clientAddress = clientAddress;
        this.clock = clock;
    }

    /** Step one: the token's own validity; leaves its claims and, in the body, the key to read. */
    public void verifyToken(Exchange exchange) {
        String authorization = exchange.getIn().getHeader("Authorization", String.class);
        if (authorization == null || authorization.isBlank()) {
            throw new ApiException(401, "unauthorized", "This operation needs an access token: get one from "
                    + "POST /api/v1/oauth/token with your API key, then send 'Authorization: Bearer <access_token>'.")
                    .withHeader("WWW-Authenticate", REALM);
        }
        String[] parts = authorization.strip().split("\\s+", 2);
        if (parts.length != 2 || !parts[0].equalsIgnoreCase("Bearer")) {
            throw new ApiException(401, "unauthorized", "Send the access token as 'Authorization: Bearer "
                    + "<access_token>'.").withHeader("WWW-Authenticate", REALM);
        }
        Claims claims = tokens.verify(parts[1]).orElseThrow(() -> invalidToken("The access token is not valid or "
                + "has expired (tokens last 300 seconds); get a new one from POST /api/v1/oauth/token."));
        exchange.setProperty("malipoTokenClaims", claims);
        HttpExchanges.setMerchant(exchange, claims.merchantId());
        exchange.getIn().setBody(Map.of("apiKeyId", claims.apiKeyId()));
    }

    /** Step two, body in: the token's key as stored now (or null). Leaves the {@link ApiCaller}. */
    public void verifyKey(Exchange exchange) {
        Claims claims = exchange.getProperty("malipoTokenClaims", Claims.class);
        ApiKeyRecord key = exchange.getIn().getBody(ApiKeyRecord.class);
        if (key == null || key.unusable(clock.instant()).isPresent() || !key.merchantId().equals(claims.merchantId())
                || key.livemode() != claims.livemode()) {
            throw invalidToken("The API key this token was issued for is revoked, expired or no longer usable; "
                    + "tokens from it stop working at once.");
        }
        String address = clientAddress.of(exchange);
        if (!key.allowsAddress(address)) {
            throw new ApiException(403, "ip_not_allowed", "This API key may not be used from " + address
                    + "; add the address to the key's allowed addresses or call from one of them.");
        }
        exchange.setProperty(ApiCaller.PROPERTY, new ApiCaller(claims.apiKeyId(), claims.merchantId(),
                claims.livemode(), claims.scopes()));
    }

    /** A processor that refuses the request unless the token carries every one of the scopes. */
    public static void requireScopes(Exchange exchange, List<String> needed) {
        List<String> granted = ApiCaller.of(exchange).scopes();
        Optional<String> missing = needed.stream().filter(s -> !granted.contains(s)).findFirst();
        if (missing.isPresent()) {
            String all = String.join(" ", needed);
            throw new ApiException(403, "insufficient_scope", "This operation needs the scope" + (needed.size() > 1
                    ? "s " + String.join(" and ", needed) : " " + needed.get(0)) + "; the token lacks "
                    + missing.get() + ". Ask for it when getting the token, with a key that has it.")
                    .withHeader("WWW-Authenticate", REALM + ", error=\"insufficient_scope\", scope=\"" + all + "\"");
        }
    }

    private static ApiException invalidToken(String message) {
        return new ApiException(401, "invalid_token", message)
                .withHeader("WWW-Authenticate", REALM + ", error=\"invalid_token\"");
    }
}
