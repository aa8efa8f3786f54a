package io.malipo.dashboard;

import static io.malipo.common.PageAnswers.seeOther;

import io.malipo.common.HttpExchanges;
import java.util.Map;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.model.rest.RestDefinition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The base of the dashboard's route builders, one per part of the dashboard: how a page answers
 * a member it must send to the sign-in, refuse (403), or tell that a thing is not theirs (404),
 * and the page with a reference when something failed.
 */
abstract class DashboardRouteBuilder extends RouteBuilder {

    private static final Logger LOG = LoggerFactory.getLogger(DashboardRouteBuilder.class);

    protected final DashboardPages pages;

    DashboardRouteBuilder(DashboardPages pages) {
        this.pages = pages;
    }

    @Override
    public final void configure() {
        onException(Exception.class).handled(true).process(this::failed);
        onException(DashboardPages.SessionEnded.class).handled(true)
                .process(e -> seeOther(e, DashboardSecurity.SIGN_IN));
        onException(DashboardPages.Forbidden.class).handled(true).process(e -> pages.render(e, 403,
                "dashboard/forbidden", Map.of("user", e.getProperty(Exchange.EXCEPTION_CAUGHT,
                        DashboardPages.Forbidden.class).user)));
        onException(DashboardPages.NotFound.class).handled(true).process(e -> pages.render(e, 404,
                "dashboard/not-found", Map.of("user", e.getProperty(Exchange.EXCEPTION_CAUGHT,
                        DashboardPages.NotFound.class).user)));
        routes();
    }

    /** The part's REST verbs and routes. */
    protected abstract void routes();

    /** The dashboard's REST verbs: pages of Malipo's own, kept out of the OpenAPI document. */
    protected RestDefinition dashboard() {
        return rest("/dashboard").apiDocs(false);
    }

    /** A page's route: it remembers the HTTP request for the processor, which answers. */
    protected void page(String endpoint, org.apache.camel.Processor processor) {
        from(endpoint).routeId(endpoint.substring("direct:".length()))
                .process(HttpExchanges::remember)
                .process(processor);
    }

    private void failed(Exchange exchange) {
        String reference = HttpExchanges.requestId(exchange);
        LOG.error("Dashboard page failed (reference {})", reference, exchange.getProperty(Exchange.EXCEPTION_CAUGHT));
        pages.render(exchange, 500, "dashboard/failed", Map.of("reference", reference));
    }
}
