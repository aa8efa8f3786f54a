package io.malipo.tokenapi;

import io.malipo.common.ApiException;
import io.malipo.common.ErrorRouteConfigurations;
import io.malipo.common.HttpExchanges;
import io.malipo.common.RouteIds;
import io.malipo.merchant.Scope;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.model.RouteDefinition;
import org.apache.camel.model.rest.RestDefinition;
import org.apache.camel.model.rest.RestParamType;

/**
 * What every token-API operation starts with: problem-details errors, the bearer token and its
 * key checked, the scopes the operation needs, and for writes the Idempotency-Key.
 */
abstract class TokenApiRouteBuilder extends RouteBuilder {

    static final String BASE = "/api/v1";
    static final String SECURITY = "accessToken";

    private final Idempotency idempotency;

    protected TokenApiRouteBuilder(Idempotency idempotency) {
        this.idempotency = idempotency;
    }

    /** The REST DSL of the token API, its bearer security declared for the OpenAPI document. */
    protected RestDefinition api() {
        return rest(BASE)
                .securityDefinitions()
                    .oauth2(SECURITY, "Access token from POST /api/v1/oauth/token (client credentials, API key in "
                            + "X-Api-Key); send it as 'Authorization: Bearer <access_token>'.")
                        .password(BASE + "/oauth/token")
                        .withScope(Scope.PAYMENTS_READ.value(), "Read payments, the balance, fee previews, webhook "
                                + "endpoints and providers")
                        .withScope(Scope.PAYMENTS_WRITE.value(), "Create collections; manage webhook endpoints and "
                                + "provider settings")
                        .withScope(Scope.PAYOUTS_WRITE.value(), "Create payouts (with payments.write)")
                        .withScope(Scope.REFUNDS_WRITE.value(), "Reverse collections")
                    .end()
                .end();
    }

    /** An operation's route: authenticated, scoped, and, when it writes, idempotent on Idempotency-Key. */
    protected RouteDefinition operation(String uri, boolean write, Scope... scopes) {
        List<String> needed = Arrays.stream(scopes).map(Scope::value).toList();
        RouteDefinition route = from(uri).routeId(RouteIds.of(uri))
                .routeConfigurationId(ErrorRouteConfigurations.TOKEN_API);
        if (write) {
            // Kept before the answer goes out, so a repeat sent once it has arrived gets it, and so
            // the client's connection is not held by the keeping after its answer.
            route.onCompletion().modeBeforeConsumer().process(idempotency::record).end();
        }
        route.to("direct:api-authenticate")
                .process(e -> BearerAuth.requireScopes(e, needed));
        if (write) {
            route.process(idempotency::claim);
        }
        return route;
    }

    /** Documents the Idempotency-Key header of a write. */
    protected static RestDefinition idempotent(RestDefinition verb) {
        return verb.param().name(Idempotency.HEADER).type(RestParamType.header).required(false)
                .description("Any unique string (a UUID) per operation: the same key and body within 24 h gets the "
                        + "first answer and does nothing again; the same key with another body is a 400.")
                .endParam();
    }

    /** Documents limit and cursor of a list, and the 400 they may cause. */
    protected static RestDefinition paged(RestDefinition verb) {
        return verb
                .param().name("limit").type(RestParamType.query).required(false).dataType("integer")
                .description("Items per page, 1 to 100 (default 20)").endParam()
                .param().name("cursor").type(RestParamType.query).required(false)
                .description("The nextCursor of the previous page, unchanged; omit for the first page").endParam()
                .responseMessage().code(400).message("limit out of 1 to 100, or a cursor not given for this list")
                        .endResponseMessage();
    }

    /**
     * A list operation: reads one page of the named list (see {@link Paging}) through the direct:
     * route that returns its items newest first, and leaves the {@link Page} in the body.
     */
    protected RouteDefinition listOperation(String uri, Scope scope, Paging paging, String list,
            String itemsRoute) {
        return operation(uri, false, scope)
                .process(e -> paging.query(e, list))
                .to(itemsRoute)
                .process(paging::page);
    }

    /** Refuses a missing object (null body) with a 404 naming it. */
    protected static void requireFound(Exchange exchange, String what, Object id) {
        if (exchange.getIn().getBody() == null) {
            throw ApiException.notFound("There is no " + what + " with id " + id + ".");
        }
    }
}
