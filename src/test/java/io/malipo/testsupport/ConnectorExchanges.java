package io.malipo.testsupport;

import io.malipo.channels.PaymentProperties;
import io.malipo.channels.ProviderDirectory;
import java.math.BigDecimal;
import java.util.Map;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.support.DefaultExchange;

/** Exchanges as Malipo hands them to a connector route, for tests that call connectors directly. */
public final class ConnectorExchanges {

    private ConnectorExchanges() {
    }

    /**
     * The canonical properties of routes/README.md for a call to {@code provider} in this mode
     * (a collection of TZS 1000.00 unless {@code properties} say otherwise), then {@code properties} over them.
     */
    public static Exchange canonical(CamelContext camel, ProviderDirectory providers, String provider,
            boolean livemode, Map<String, Object> properties) {
        Exchange exchange = new DefaultExchange(camel);
        exchange.setProperty(PaymentProperties.PROVIDER, provider);
        exchange.setProperty(PaymentProperties.LIVEMODE, livemode);
        exchange.setProperty(PaymentProperties.PROVIDER_URL, providers.baseUrl(provider, livemode));
        exchange.setProperty(PaymentProperties.PROVIDER_API_KEY, providers.apiKey(provider, livemode));
        exchange.setProperty(PaymentProperties.PROVIDER_CREDENTIALS, providers.credentials(provider, livemode));
        exchange.setProperty(PaymentProperties.NOTIFY_URL, providers.notifyUrl(provider, livemode));
        exchange.setProperty(PaymentProperties.AMOUNT, new BigDecimal("1000.00"));
        exchange.setProperty(PaymentProperties.CURRENCY, "TZS");
        properties.forEach(exchange::setProperty);
        return exchange;
    }
}
