package io.malipo.tokenapi;

import java.util.List;
import java.util.UUID;
import org.apache.camel.Exchange;

/**
 * Who is calling the token API, as its verified access token says: every lookup an operation
 * makes is scoped to this merchant and mode.
 */
public record ApiCaller(UUID apiKeyId, UUID merchantId, boolean livemode, List<String> scopes) {

    public static final String PROPERTY = "malipoApiCaller";

    public static ApiCaller of(Exchange exchange) {
        ApiCaller caller = exchange.getProperty(PROPERTY, ApiCaller.class);
        if (caller == null) {
            throw new IllegalStateException("route " + exchange.getFromRouteId() + " reads the caller before "
                    + "authenticating it");
        }
        return caller;
    }
}
