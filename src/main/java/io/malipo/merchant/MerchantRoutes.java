package io.malipo.merchant;

import io.malipo.common.ApiException;
import io.malipo.merchant.Onboarding.Issued;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.component.sql.SqlConstants;
import org.springframework.stereotype.Component;

/**
 * Merchants, checkout credentials and API keys: the {@code direct:} endpoints other packages
 * use to create, read, verify, rotate and revoke them. The merchant or credential an endpoint
 * acts on travels in the exchange properties {@value #MERCHANT_ID} and {@value #CREDENTIAL_ID};
 * request records travel in the body; each endpoint answers with the view for the admin API.
 */
@Component
public class MerchantRoutes extends RouteBuilder {

    public static final String MERCHANT_ID = "malipoMerchantId";
    public static final String CREDENTIAL_ID = "malipoCredentialId";
    /** Set to true when creating the demo merchant of the embedded default. */
    public static final String DEMO = "malipoDemo";
    static final String NOW = "malipoNow";
    private static final String REQUEST = "malipoRequest";
    private static final String ISSUED = "malipoIssued";
    private static final String MERCHANT_ROW = "malipoMerchantRow";
    private static final String CREDENTIAL_ROWS = "malipoCredentialRows";
    private static final String SQL = "sql:classpath:sql/merchants/";

    private final Onboarding onboarding;

    public MerchantRoutes(Onboarding onboarding) {
        this.onboarding = onboarding;
    }

    @Override
    public void configure() {
        // Failures belong to the caller: its error handling (an API surface's, a timer's) decides
        // how to answer. Handling them here would mark them done and hide them from the caller.
        errorHandler(noErrorHandler());

        from("direct:merchant-create").routeId("merchant-create")
                .process(e -> {
                    Map<String, Object> row = onboarding.newMerchantRow(e.getIn().getBody(NewMerchant.class),
                            Boolean.TRUE.equals(e.getProperty(DEMO, Boolean.class)));
                    e.setProperty(MERCHANT_ID, row.get("id"));
                    e.getIn().setBody(row);
                })
                .to(SQL + "insert-merchant.sql")
                .to("direct:merchant-get");

        from("direct:merchant-get").routeId("merchant-get")
                .to(SQL + "select-merchant.sql?outputType=SelectOne")
                .process(e -> e.setProperty(MERCHANT_ROW, found(e, "merchant", MERCHANT_ID)))
                .to(SQL + "select-checkout-credentials-by-merchant.sql")
                .setProperty(CREDENTIAL_ROWS, body())
                .to(SQL + "select-api-keys-by-merchant.sql")
                .process(e -> e.getIn().setBody(onboarding.merchantView(e.getProperty(MERCHANT_ROW, Map.class),
                        e.getProperty(CREDENTIAL_ROWS, List.class), e.getIn().getBody(List.class))));

        from("direct:merchant-verify").routeId("merchant-verify")
                .setProperty(NOW, method(onboarding, "now"))
                .to(SQL + "update-merchant-verified.sql")
                .process(e -> requireUpdated(e, "merchant", MERCHANT_ID))
                .to("direct:merchant-get");

        from("direct:demo-merchant-find").routeId("demo-merchant-find")
                .to(SQL + "select-demo-merchant.sql?outputType=SelectOne");

        from("direct:checkout-credential-issue").routeId("checkout-credential-issue")
                .setProperty(REQUEST, body())
                .to(SQL + "select-merchant.sql?outputType=SelectOne")
                .process(e -> {
                    found(e, "merchant", MERCHANT_ID);
                    issue(e, onboarding.issueCheckoutCredential(e.getProperty(MERCHANT_ID, UUID.class),
                            e.getProperty(REQUEST, NewCheckoutCredential.class).live()));
                })
                .to(SQL + "insert-checkout-credential.sql")
                .setBody(exchangeProperty(ISSUED));

        from("direct:checkout-credential-rotate").routeId("checkout-credential-rotate")
                .setProperty(REQUEST, body())
                .to(SQL + "select-checkout-credential.sql?outputType=SelectOne")
                .process(e -> issue(e, onboarding.rotateCheckoutCredential(
                        found(e, "checkout credential", CREDENTIAL_ID), e.getProperty(REQUEST, Rotation.class))))
                .to(SQL + "update-checkout-credential-secret.sql")
                .process(MerchantRoutes::requireNoRace)
                .setBody(exchangeProperty(ISSUED));

        from("direct:checkout-credential-revoke").routeId("checkout-credential-revoke")
                .setProperty(NOW, method(onboarding, "now"))
                .to(SQL + "update-checkout-credential-revoked.sql")
                .process(e -> requireUpdated(e, "checkout credential", CREDENTIAL_ID))
                .to(SQL + "select-checkout-credential.sql?outputType=SelectOne")
                .process(e -> e.getIn().setBody(onboarding.checkoutCredentialView(
                        found(e, "checkout credential", CREDENTIAL_ID))));

        from("direct:api-key-issue").routeId("api-key-issue")
                .setProperty(REQUEST, body())
                .to(SQL + "select-merchant.sql?outputType=SelectOne")
                .process(e -> {
                    found(e, "merchant", MERCHANT_ID);
                    issue(e, onboarding.issueApiKey(e.getProperty(MERCHANT_ID, UUID.class),
                            e.getProperty(REQUEST, NewApiKey.class)));
                })
                .to(SQL + "insert-api-key.sql")
                .setBody(exchangeProperty(ISSUED));

        from("direct:api-key-rotate").routeId("api-key-rotate")
                .setProperty(REQUEST, body())
                .to(SQL + "select-api-key.sql?outputType=SelectOne")
                .process(e -> issue(e, onboarding.rotateApiKey(found(e, "API key", CREDENTIAL_ID),
                        e.getProperty(REQUEST, Rotation.class))))
                .to(SQL + "update-api-key-secret.sql")
                .process(MerchantRoutes::requireNoRace)
                .setBody(exchangeProperty(ISSUED));

        from("direct:api-key-revoke").routeId("api-key-revoke")
                .setProperty(NOW, method(onboarding, "now"))
                .to(SQL + "update-api-key-revoked.sql")
                .process(e -> requireUpdated(e, "API key", CREDENTIAL_ID))
                .to(SQL + "select-api-key.sql?outputType=SelectOne")
                .process(e -> e.getIn().setBody(onboarding.apiKeyView(found(e, "API key", CREDENTIAL_ID))));

        // Replaced secrets stop working when their grace ends whether or not this runs (every
        // check compares previous_valid_until); this only stops keeping them longer than needed.
        from("direct:merchant-forget-replaced-secrets").routeId("merchant-forget-replaced-secrets")
                .setProperty(NOW, method(onboarding, "now"))
                .to(SQL + "update-checkout-credential-grace-ended.sql")
                .to(SQL + "update-api-key-grace-ended.sql");
    }

    private static void issue(Exchange exchange, Issued<?> issued) {
        exchange.setProperty(ISSUED, issued.view());
        exchange.getIn().setBody(issued.params());
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> found(Exchange exchange, String what, String idProperty) {
        Map<String, Object> row = exchange.getIn().getBody(Map.class);
        if (row == null) {
            throw ApiException.notFound("There is no " + what + " with id " + exchange.getProperty(idProperty) + ".");
        }
        return row;
    }

    private static void requireUpdated(Exchange exchange, String what, String idProperty) {
        if (exchange.getIn().getHeader(SqlConstants.SQL_UPDATE_COUNT, 0, Integer.class) == 0) {
            throw ApiException.notFound("There is no " + what + " with id " + exchange.getProperty(idProperty) + ".");
        }
    }

    private static void requireNoRace(Exchange exchange) {
        if (exchange.getIn().getHeader(SqlConstants.SQL_UPDATE_COUNT, 0, Integer.class) == 0) {
            throw ApiException.conflict("concurrent_change",
                    "The credential changed while it was being rotated (rotated or revoked at the same time); "
                            + "read it again and retry.");
        }
    }
}
