package io.malipo.channels.sandbox;

import io.malipo.channels.ChannelProperties;
import io.malipo.common.ApiException;
import io.malipo.common.ClientAddress;
import io.malipo.common.RequestBudgets;
import java.util.regex.Pattern;
import org.apache.camel.Exchange;
import org.springframework.stereotype.Component;

/**
 * What the sandbox lets in before it does any work. The sandbox is reachable by anyone who can
 * reach Malipo, so every path segment is checked against the shape Malipo itself sends (never
 * echoed back when it does not fit), and a client address gets a small budget of requests made
 * without Malipo's sandbox key: the payer simulator, which is open by design, and wrong keys.
 * The budgets live in a bounded cache, so rotating addresses cannot grow it without end.
 */
@Component
public class SandboxGuard {

    private static final Pattern PROVIDER = Pattern.compile("[a-z0-9-]{1,32}");
    /** Malipo's references (MLP…, MLO…, MLR…) and the sandbox's ids; 64 is the sandbox books' column. */
    private static final Pattern REFERENCE = Pattern.compile("[A-Za-z0-9_.-]{1,64}");

    private final ClientAddress addresses;
    private final RequestBudgets budgets;

    public SandboxGuard(ClientAddress addresses, ChannelProperties properties) {
        this.addresses = addresses;
        this.budgets = new RequestBudgets(properties.sandbox().anonymousRequestsPerMinute());
    }

    /** The {provider} path segment, when it can name a provider; a 404 otherwise. */
    public String provider(Exchange exchange) {
        String provider = exchange.getIn().getHeader("provider", String.class);
        if (provider == null || !PROVIDER.matcher(provider).matches()) {
            throw ApiException.notFound("The sandbox has no provider by that name.");
        }
        return provider;
    }

    /** The {reference} path segment or query parameter, when it can be one; a 404 otherwise. */
    public String reference(Exchange exchange, String name) {
        String reference = exchange.getIn().getHeader(name, String.class);
        if (reference == null || !REFERENCE.matcher(reference).matches()) {
            throw ApiException.notFound("The sandbox has no transaction with that reference.");
        }
        return reference;
    }

    /** Takes one request from the caller's budget of requests without Malipo's key; 429 when it is spent. */
    public void anonymous(Exchange exchange) {
        String address = addresses.of(exchange);
        long seconds = budgets.take(address == null ? "" : address);
        if (seconds > 0) {
            throw new ApiException(429, "rate_limited", "Too many sandbox requests from this address; try again in "
                    + seconds + " s.").withHeader("Retry-After", String.valueOf(seconds));
        }
    }
}
