package io.malipo.channels;

import static io.malipo.channels.ChannelEndpoints.CARD_TOKENIZE;
import static io.malipo.channels.ChannelEndpoints.CONNECTOR_URI;
import static io.malipo.channels.ChannelEndpoints.PROVIDER_CALL;

import io.malipo.common.ApiException;
import java.util.Map;
import org.apache.camel.builder.RouteBuilder;
import org.springframework.stereotype.Component;

/** How Malipo reaches a provider: through its breaker, to the connector route of routes/. */
@Component
public class ChannelRoutes extends RouteBuilder {

    private final ProviderDirectory providers;
    private final ProviderBreakers breakers;

    public ChannelRoutes(ProviderDirectory providers, ProviderBreakers breakers) {
        this.providers = providers;
        this.breakers = breakers;
    }

    @Override
    public void configure() {
        from(PROVIDER_CALL).routeId("provider-call").errorHandler(noErrorHandler())
                .removeHeaders("*")
                .filter(method(breakers, "enter"))
                    .doTry()
                        .toD("${exchangeProperty." + CONNECTOR_URI + "}")
                    .doFinally()
                        .process(breakers::leave)
                    .end()
                .end();

        from(CARD_TOKENIZE).routeId("card-tokenize").errorHandler(noErrorHandler())
                .process(e -> {
                    Map<?, ?> card = e.getIn().getBody(Map.class);
                    String processor = providers.cardProcessor();
                    e.setProperty(PaymentProperties.PROVIDER_URL, providers.baseUrl(processor, false));
                    e.setProperty(PaymentProperties.PROVIDER_API_KEY, providers.apiKey(processor, false));
                    e.setProperty("malipoCardNumber", card.get("number"));
                    e.setProperty("malipoCardExpiry", card.get("expiry"));
                })
                .removeHeaders("*")
                .to("direct:connector-card-tokenize")
                .process(e -> {
                    if (e.getProperty("malipoCardToken") == null) {
                        throw ApiException.badRequest("card_refused", "The card processor refused the card: "
                                + e.getProperty(PaymentProperties.FAILURE_MESSAGE, "no reason given", String.class));
                    }
                    e.getIn().setBody(Map.of("token", e.getProperty("malipoCardToken"),
                            "brand", e.getProperty("malipoCardBrand"), "last4", e.getProperty("malipoCardLast4")));
                });
    }
}
