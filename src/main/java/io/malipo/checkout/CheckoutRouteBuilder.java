package io.malipo.checkout;

import io.malipo.common.ErrorRouteConfigurations;
import io.malipo.common.RouteIds;
import io.malipo.merchant.CheckoutCredential;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.model.RouteDefinition;
import org.apache.camel.model.rest.RestDefinition;
import org.apache.camel.model.rest.RestParamType;

/** What every checkout operation route starts with, and the signature headers it documents. */
abstract class CheckoutRouteBuilder extends RouteBuilder {

    protected static final String SQL = "sql:classpath:sql/checkout/";
    protected static final String TAG = "Checkout";

    private final ReplayGuard replays;

    protected CheckoutRouteBuilder(ReplayGuard replays) {
        this.replays = replays;
    }

    /** Authenticated, claimed against replays, answered in the envelope, and recorded for replays. */
    protected RouteDefinition operation(String uri, CheckoutOperation operation) {
        return operation(uri, operation, "direct:checkout-authenticate");
    }

    /**
     * Authenticated but not yet claimed: the operation claims the request in its own statement
     * ({@link ReplayGuard#claimLater}), or with {@link ReplayGuard#claim} where it cannot.
     */
    protected RouteDefinition operationClaimingItself(String uri, CheckoutOperation operation) {
        return operation(uri, operation, "direct:checkout-verify");
    }

    private RouteDefinition operation(String uri, CheckoutOperation operation, String authentication) {
        RouteDefinition route = from(uri).routeId(RouteIds.of(uri))
                .routeConfigurationId(ErrorRouteConfigurations.CHECKOUT);
        // Stored before the answer goes out, so a replay sent once it has arrived gets it, and so
        // the client's connection is not held by the storing after its answer.
        route.onCompletion().modeBeforeConsumer().process(replays::record).end();
        route.setProperty(CheckoutAuth.OPERATION, constant(operation))
                .to(authentication);
        return route;
    }

    /** Documents the signature headers every checkout operation takes. */
    protected static RestDefinition signed(RestDefinition verb) {
        return verb
                .param().name("Authorization").type(RestParamType.header).required(true)
                .description("SELCOM followed by the Base64 of your API key").endParam()
                .param().name("Digest-Method").type(RestParamType.header).required(true)
                .description("HS256").endParam()
                .param().name("Digest").type(RestParamType.header).required(true)
                .description("Base64 of HMAC-SHA256(API secret, 'timestamp=' + Timestamp + '&name=value' for each "
                        + "Signed-Fields name)").endParam()
                .param().name("Timestamp").type(RestParamType.header).required(true)
                .description("ISO 8601, such as 2026-05-01T12:30:46+03:00; within 5 minutes of Malipo's clock")
                .endParam()
                .param().name("Signed-Fields").type(RestParamType.header).required(true)
                .description("The signed field names, comma-separated, in signing order").endParam();
    }

    protected static CheckoutParams params(Exchange exchange) {
        return exchange.getProperty(CheckoutAuth.PARAMS, CheckoutParams.class);
    }

    protected static CheckoutCredential credential(Exchange exchange) {
        return exchange.getProperty(CheckoutAuth.CREDENTIAL, CheckoutCredential.class);
    }
}
