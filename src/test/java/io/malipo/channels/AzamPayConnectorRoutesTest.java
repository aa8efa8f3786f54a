package io.malipo.channels;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.Properties;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.support.DefaultExchange;
import org.apache.camel.support.TypeConverterSupport;
import org.apache.camel.support.PluginHelper;
import org.apache.camel.support.ResourceHelper;
import org.apache.camel.test.junit5.CamelTestSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The notify route of routes/providers/azampay.yaml on a bare Camel context: what each callback
 * body AzamPay documents claims, read without calling anyone (AzamPay does not sign them, so
 * Malipo checks the claim with the status query). AzamPayContractIT drives the other routes.
 */
class AzamPayConnectorRoutesTest extends CamelTestSupport {

    @Override
    protected void doPostSetup() throws Exception {
        CamelContext camel = context();
        Properties settings = new Properties();
        settings.put("malipo.connectors.azampay.providers.halopesa-tz", "Halopesa");
        settings.put("malipo.connectors.azampay.app-name", "Malipo");
        settings.put("malipo.connectors.azampay.token-seconds", "3000");
        settings.put("malipo.connectors.azampay.auth-url", "http://127.0.0.1:9");
        settings.put("malipo.connectors.azampay.disbursement-url", "http://127.0.0.1:9");
        camel.getPropertiesComponent().setInitialProperties(settings);
        // As Spring's conversion service does for the application's context.
        camel.getTypeConverterRegistry().addTypeConverter(BigDecimal.class, String.class,
                new TypeConverterSupport() {
                    @Override
                    public <T> T convertTo(Class<T> type, Exchange exchange, Object value) {
                        return type.cast(new BigDecimal(value.toString()));
                    }
                });
        camel.getRegistry().bind("providerSessions", new ProviderSessions());
        camel.getRegistry().bind("providerFailures", new ProviderFailures());
        camel.addRoutes(new ChannelConfiguration());
        PluginHelper.getRoutesLoader(camel).loadRoutes(ResourceHelper.resolveMandatoryResource(camel,
                "file:routes/providers/azampay.yaml"));
    }

    @ParameterizedTest(name = "{0} → {1}")
    @CsvSource({"success, SUCCEEDED", "Success, SUCCEEDED", "failure, FAILED", "failed, FAILED", "pending, PENDING",
            "'', PENDING"})
    void aCallbackClaimsWhatItsTransactionStatusSays(String status, PaymentResult claimed) {
        Exchange notified = notify("""
                {"msisdn": "255620000000", "amount": "2500", "message": "Payer cancelled", "utilityref": "MLPAZ1",
                 "operator": "Halopesa", "reference": "AZ-TX-1", "transactionstatus": "%s", "submerchantAcc": null,
                 "fspReferenceId": "HP-77", "additionalProperties": {"reference": "MLPAZ1"}}""".formatted(status));

        assertThat(notified.getException()).isNull();
        assertThat(notified.getProperty(PaymentProperties.OUTCOME, String.class)).isEqualTo(claimed.name());
        assertThat(notified.getProperty(PaymentProperties.REFERENCE)).isEqualTo("MLPAZ1");
        assertThat(notified.getProperty(PaymentProperties.PROVIDER_REF)).isEqualTo("AZ-TX-1");
        assertThat(notified.getProperty(PaymentProperties.AMOUNT, BigDecimal.class)).isEqualByComparingTo("2500");
        assertThat(notified.getProperty(PaymentProperties.EVENT_KEY)).isEqualTo("MLPAZ1:AZ-TX-1:" + status);
        assertThat(notified.getProperty("malipoNotifyReply")).isEqualTo("{\"success\": true}");
        assertThat(notified.getProperty("malipoNotifySignature")).isNull();
        if (claimed == PaymentResult.FAILED) {
            assertThat(notified.getProperty(PaymentProperties.FAILURE_CODE)).isEqualTo("declined");
            assertThat(notified.getProperty(PaymentProperties.FAILURE_MESSAGE)).isEqualTo("Payer cancelled");
        }
    }

    @Test
    void aCallbackSpellingTheFieldTransactionStatusAndCarryingNoAmountIsReadToo() {
        Exchange notified = notify("""
                {"msisdn": "255620000000", "utilityref": "MLPAZ2", "operator": "Halopesa", "reference": "AZ-TX-2",
                 "transactionStatus": "success"}""");

        assertThat(notified.getProperty(PaymentProperties.OUTCOME, String.class)).isEqualTo("SUCCEEDED");
        assertThat(notified.getProperty(PaymentProperties.AMOUNT)).isNull();
        assertThat(notified.getProperty(PaymentProperties.EVENT_KEY)).isEqualTo("MLPAZ2:AZ-TX-2:success");
    }

    @Test
    void aWalletsAzamPayNameIsASettingKeyedByProviderCode() {
        Exchange exchange = new DefaultExchange(context());
        String name = context().resolveLanguage("simple")
                .createExpression("${properties:malipo.connectors.azampay.providers.${exchangeProperty.malipoProvider}}")
                .evaluate(withProvider(exchange, "halopesa-tz"), String.class);

        assertThat(name).isEqualTo("Halopesa");
    }

    private static Exchange withProvider(Exchange exchange, String provider) {
        exchange.setProperty(PaymentProperties.PROVIDER, provider);
        return exchange;
    }

    private Exchange notify(String body) {
        return template.send("direct:connector-azampay-notify", e -> {
            e.setProperty(PaymentProperties.PROVIDER, "halopesa-tz");
            e.getIn().setBody(body);
        });
    }
}
