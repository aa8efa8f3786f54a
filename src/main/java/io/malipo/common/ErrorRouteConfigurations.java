package io.malipo.common;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.camel.Exchange;
import org.apache.camel.Message;
import org.apache.camel.builder.RouteConfigurationBuilder;
import org.apache.camel.model.RouteConfigurationDefinition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.TransientDataAccessException;
import org.springframework.stereotype.Component;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.transaction.TransactionSystemException;

/**
 * The error handling an API route opts into with {@code routeConfigurationId}: one per
 * surface, so each answers in its own format. A refusal ({@link ApiException}) is answered as
 * it says; a database that cannot be reached, before or during a transaction, is a 503 to retry;
 * anything else is a bug, logged with a reference the client is given, and answered 500 without
 * internals.
 */
@Component
public class ErrorRouteConfigurations extends RouteConfigurationBuilder {

    public static final String ADMIN = "admin-errors";
    public static final String TOKEN_API = "api-errors";
    public static final String CHECKOUT = "checkout-errors";
    /** The OAuth token endpoint: its own refusals in RFC 6749 form, everything else like the token API. */
    public static final String OAUTH = "oauth-errors";
    /** Set on an exchange answered 503 because the database could not be reached. */
    public static final String DATABASE_UNAVAILABLE = "malipoDatabaseUnavailable";
    private static final Logger LOG = LoggerFactory.getLogger(ErrorRouteConfigurations.class);
    private static final ObjectMapper OAUTH_JSON = new ObjectMapper();

    private final ErrorResponses errors;

    public ErrorRouteConfigurations(ErrorResponses errors) {
        this.errors = errors;
    }

    @Override
    public void configuration() {
        surface(ADMIN, Surface.ADMIN);
        surface(TOKEN_API, Surface.TOKEN_API);
        surface(CHECKOUT, Surface.CHECKOUT);
        RouteConfigurationDefinition oauth = routeConfiguration(OAUTH);
        oauth.onException(OAuthError.class).handled(true).process(ErrorRouteConfigurations::oauth);
        surface(oauth, Surface.TOKEN_API);
    }

    private void surface(String id, Surface surface) {
        surface(routeConfiguration(id), surface);
    }

    private void surface(RouteConfigurationDefinition configuration, Surface surface) {
        // Every operation route opts into one of these, so this is where each keeps its servlet
        // request before any step replaces the message (see HttpExchanges.request).
        configuration.interceptFrom().process(HttpExchanges::remember);
        // One statement per clause: chained after end(), onException(A, B, C) registered A, B, B.
        configuration.onException(ApiException.class).handled(true)
                .process(exchange -> errors.write(exchange, surface, caught(exchange, ApiException.class)));
        // A transaction that cannot begin, or whose commit or rollback fails, has lost its
        // connection with the database: the same answer as a database that cannot be reached.
        configuration.onException(DataAccessResourceFailureException.class, TransientDataAccessException.class,
                CannotCreateTransactionException.class, TransactionSystemException.class).handled(true)
                .process(exchange -> unavailable(exchange, surface));
        configuration.onException(Exception.class).handled(true)
                .process(exchange -> unexpected(exchange, surface));
    }

    private static void oauth(Exchange exchange) throws Exception {
        OAuthError error = caught(exchange, OAuthError.class);
        Message out = exchange.getMessage();
        out.removeHeaders("*");
        error.headers().forEach(out::setHeader);
        out.setHeader("Cache-Control", "no-store");
        out.setHeader(Exchange.HTTP_RESPONSE_CODE, error.status());
        out.setHeader(Exchange.CONTENT_TYPE, "application/json");
        out.setBody(OAUTH_JSON.writeValueAsString(error.body()));
    }

    private void unavailable(Exchange exchange, Surface surface) {
        exchange.setProperty(DATABASE_UNAVAILABLE, true);
        String reference = HttpExchanges.requestId(exchange);
        LOG.warn("Database unavailable, answering 503 (reference {} on route {}): {}", reference,
                exchange.getFromRouteId(), caught(exchange, Exception.class).getMessage());
        errors.write(exchange, surface, new ApiException(503, "service_unavailable",
                "Malipo cannot reach its database right now. Retry in a few seconds.")
                .withHeader("Retry-After", "5"));
    }

    private void unexpected(Exchange exchange, Surface surface) {
        String reference = HttpExchanges.requestId(exchange);
        LOG.error("Unexpected failure, answering 500 (reference {} on route {})", reference,
                exchange.getFromRouteId(), caught(exchange, Exception.class));
        errors.write(exchange, surface, internalError(reference));
    }

    /** The 500 every layer answers for a failure it did not expect. */
    public static ApiException internalError(String reference) {
        return new ApiException(500, "internal_error", "Malipo could not complete this request because of an "
                + "internal error. Quote reference " + reference + " if you contact support.");
    }

    private static <T extends Exception> T caught(Exchange exchange, Class<T> type) {
        return exchange.getProperty(Exchange.EXCEPTION_CAUGHT, type);
    }
}
