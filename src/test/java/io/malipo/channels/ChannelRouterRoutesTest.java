package io.malipo.channels;

import static org.assertj.core.api.Assertions.assertThat;

import io.malipo.testsupport.PostgresIT;
import io.malipo.testsupport.TestSecrets;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.Map;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.builder.AdviceWith;
import org.apache.camel.builder.NotifyBuilder;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.component.mock.MockEndpoint;
import org.apache.camel.support.PluginHelper;
import org.apache.camel.support.ResourceHelper;
import org.apache.camel.test.junit5.CamelTestSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The channel router of routes/channels.yaml and the provider call around it, on a bare Camel
 * context in milliseconds (no database, no web server): each channel reaches its connector, the
 * manual channel none, and a provider that keeps failing stops being called once its circuit opens.
 * The connector routes are stand-ins; ChannelRoutesIT runs the real ones against the sandbox.
 */
class ChannelRouterRoutesTest extends CamelTestSupport {

    private final ChannelProperties properties = new ChannelProperties(Map.of(), Duration.ofMinutes(2),
            Duration.ofMinutes(1), Duration.ofMinutes(30), Duration.ofSeconds(5), Duration.ofSeconds(10),
            Duration.ofSeconds(1), new ChannelProperties.Sandbox(true, 60, 10_000, 16),
            new ChannelProperties.Breaker(4, 4, 50, Duration.ofMinutes(1), 1));

    @Override
    public boolean isUseAdviceWith() {
        return true;
    }

    @Override
    protected void doPostSetup() throws Exception {
        CamelContext camel = context();
        camel.addRoutes(new ChannelConfiguration());
        PluginHelper.getRoutesLoader(camel).loadRoutes(ResourceHelper.resolveMandatoryResource(camel,
                "file:routes/channels.yaml"));
        camel.addRoutes(new ChannelRoutes(new ProviderDirectory(properties, TestSecrets.secrets(PostgresIT.MASTER_KEY),
                TestSecrets.properties()), new ProviderBreakers(properties, new SimpleMeterRegistry())));
        camel.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                // Stand-ins for connector routes: they say what a provider said.
                from("direct:connector-push-ussd-request").to("mock:push-ussd")
                        .setProperty(PaymentProperties.OUTCOME, constant(PushAnswer.ACCEPTED));
                from("direct:connector-card-request").to("mock:card")
                        .setProperty(PaymentProperties.OUTCOME, constant(PushAnswer.ACCEPTED));
                // As a connector does when nothing answers (providerFailures.push): nothing was sent.
                from("direct:connector-down-request").to("mock:down")
                        .setProperty(PaymentProperties.PROVIDER_FAILED, constant(true))
                        .setProperty(PaymentProperties.OUTCOME, constant(PushAnswer.UNAVAILABLE));
            }
        });
        AdviceWith.adviceWith(camel, "payment-route", route -> route.weaveAddFirst().to("mock:router"));
        camel.start();
    }

    @ParameterizedTest(name = "{0} through {1}")
    @CsvSource({"WALLET_PULL, push-ussd, mock:push-ussd", "CARD, card, mock:card", "MASTERPASS, card, mock:card"})
    void eachChannelReachesItsProvidersConnectorOnce(String channel, String connector, String mock) throws Exception {
        MockEndpoint reached = getMockEndpoint(mock);
        reached.expectedMessageCount(1);
        NotifyBuilder done = new NotifyBuilder(context()).fromRoute("provider-call").whenDone(1).create();

        Exchange answer = pay(channel, connector);

        assertThat(done.matchesWaitTime()).isTrue();
        reached.assertIsSatisfied();
        assertThat(answer.getProperty(PaymentProperties.OUTCOME, PushAnswer.class)).isEqualTo(PushAnswer.ACCEPTED);
    }

    @Test
    void theManualChannelSendsNothingAndWaitsForThePayer() throws Exception {
        getMockEndpoint("mock:push-ussd").expectedMessageCount(0);
        getMockEndpoint("mock:card").expectedMessageCount(0);
        getMockEndpoint("mock:router").expectedMessageCount(1);

        Exchange answer = pay("MANUAL", "push-ussd");

        MockEndpoint.assertIsSatisfied(context());
        assertThat(answer.getProperty(PaymentProperties.OUTCOME, PushAnswer.class)).isEqualTo(PushAnswer.ACCEPTED);
    }

    @Test
    void aChannelNoRouteServesIsAnErrorNotASilentSuccess() {
        Exchange answer = pay("CASH", "push-ussd");

        assertThat(answer.getException()).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("No channel route for CASH");
        assertThat(answer.getProperty(PaymentProperties.OUTCOME)).isNull();
    }

    @Test
    void aProviderThatKeepsFailingIsNotCalledOnceItsCircuitOpens() throws Exception {
        MockEndpoint down = getMockEndpoint("mock:down");
        down.expectedMessageCount(4);

        for (int i = 0; i < 4; i++) {
            assertThat(pay("WALLET_PULL", "down").getProperty(PaymentProperties.OUTCOME, PushAnswer.class))
                    .isEqualTo(PushAnswer.UNAVAILABLE);
        }
        Exchange refused = pay("WALLET_PULL", "down");

        down.assertIsSatisfied();
        assertThat(refused.getException()).isNull();
        assertThat(refused.getProperty(PaymentProperties.OUTCOME, PushAnswer.class)).isEqualTo(PushAnswer.UNAVAILABLE);
    }

    private Exchange pay(String channel, String connector) {
        return template.send(ChannelEndpoints.PROVIDER_CALL, e -> {
            e.setProperty(ChannelEndpoints.CONNECTOR_URI, ChannelEndpoints.PAYMENT_ROUTE);
            e.setProperty(PaymentProperties.CHANNEL, channel);
            e.setProperty(PaymentProperties.CONNECTOR, connector);
            e.setProperty(PaymentProperties.PROVIDER, connector + "-tz");
            e.setProperty(PaymentProperties.LIVEMODE, false);
        });
    }
}
