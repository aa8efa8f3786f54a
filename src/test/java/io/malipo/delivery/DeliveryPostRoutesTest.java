package io.malipo.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Properties;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.http.base.HttpOperationFailedException;
import org.apache.camel.support.PluginHelper;
import org.apache.camel.support.ResourceHelper;
import org.apache.camel.test.junit5.CamelTestSupport;
import org.junit.jupiter.api.Test;

/**
 * The quick retries of routes/callbacks.yaml around the post of one delivery, on a bare Camel
 * context with a stand-in for the sender: a receiver failing briefly gets its delivery within the
 * attempt; one that keeps failing gets exactly 1 + quick-retries tries, and the failure reaches
 * the dispatcher, which reschedules it on the durable schedule.
 */
class DeliveryPostRoutesTest extends CamelTestSupport {

    private static final int QUICK_RETRIES = 3;

    /** Fails the first {@code failing} posts with 503, then answers 200. */
    public static final class Receiver {

        final AtomicInteger posts = new AtomicInteger();
        volatile int failing;

        public void post(Exchange exchange) throws HttpOperationFailedException {
            if (posts.incrementAndGet() <= failing) {
                throw new HttpOperationFailedException("https://shop.example/callback", 503, "Unavailable", null,
                        null, "");
            }
            exchange.getMessage().setHeader(Exchange.HTTP_RESPONSE_CODE, 200);
        }
    }

    private final Receiver receiver = new Receiver();

    @Override
    protected Properties useOverridePropertiesWithPropertiesComponent() {
        Properties properties = new Properties();
        properties.setProperty("malipo.delivery.quick-retries", String.valueOf(QUICK_RETRIES));
        properties.setProperty("malipo.delivery.quick-retry-delay-ms", "5");
        return properties;
    }

    @Override
    protected void doPostSetup() throws Exception {
        CamelContext camel = context();
        camel.getRegistry().bind("deliverySender", receiver);
        PluginHelper.getRoutesLoader(camel).loadRoutes(ResourceHelper.resolveMandatoryResource(camel,
                "file:routes/callbacks.yaml"));
    }

    @Test
    void aReceiverFailingBrieflyGetsTheDeliveryWithinTheAttempt() {
        receiver.failing = 2;

        Exchange sent = template.send("direct:delivery-post", e -> e.getIn().setBody("{}"));

        assertThat(sent.getException()).isNull();
        assertThat(sent.getMessage().getHeader(Exchange.HTTP_RESPONSE_CODE)).isEqualTo(200);
        assertThat(receiver.posts).hasValue(3);
    }

    @Test
    void aReceiverThatKeepsFailingGetsOneTryAndTheQuickRetriesThenTheFailureGoesBackToTheDispatcher() {
        receiver.failing = Integer.MAX_VALUE;

        Exchange sent = template.send("direct:delivery-post", e -> e.getIn().setBody("{}"));

        assertThat(sent.getException()).isInstanceOf(HttpOperationFailedException.class);
        assertThat(((HttpOperationFailedException) sent.getException()).getStatusCode()).isEqualTo(503);
        assertThat(receiver.posts).hasValue(1 + QUICK_RETRIES);
    }
}
