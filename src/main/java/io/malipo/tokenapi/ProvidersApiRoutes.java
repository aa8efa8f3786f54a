package io.malipo.tokenapi;

import io.malipo.channels.ChannelEndpoints;
import io.malipo.channels.ProviderSetting;
import io.malipo.channels.ProviderSettings;
import io.malipo.channels.ProviderView;
import io.malipo.common.JsonBodies;
import io.malipo.merchant.Scope;
import java.util.List;
import java.util.Map;
import org.springframework.stereotype.Component;

/** The providers Malipo collects and pays out through, and each merchant's settings for them. */
@Component
public class ProvidersApiRoutes extends TokenApiRouteBuilder {

    private static final String TAG = "Providers";

    private final JsonBodies json;
    private final ProviderSettings settings;

    public ProvidersApiRoutes(Idempotency idempotency, JsonBodies json, ProviderSettings settings) {
        super(idempotency);
        this.json = json;
        this.settings = settings;
    }

    @Override
    public void configure() {
        api().get("/providers").id("rest-api-providers").tag(TAG).security(SECURITY, "payments.read")
                .description("The mobile-money providers and the card processor, with their status for you in the "
                        + "token's mode: ENABLED, DISABLED (turned off in your settings) or UNAVAILABLE (not "
                        + "connected for live payments yet)")
                .responseMessage().code(200).message("Every provider").responseModel(ProviderList.class)
                        .endResponseMessage()
                .to("direct:api-providers");
        api().get("/providers/{code}/settings").id("rest-api-provider-settings-get").tag(TAG)
                .security(SECURITY, "payments.write")
                .description("Your settings for a provider in the token's mode: whether Malipo may use it for your "
                        + "collections and payouts, and the amounts it may carry per currency")
                .responseMessage().code(200).message("The settings").responseModel(ProviderSetting.class)
                        .endResponseMessage()
                .responseMessage().code(404).message("No provider has this code").endResponseMessage()
                .to("direct:api-provider-settings-get");
        api().put("/providers/{code}/settings").id("rest-api-provider-settings-put").tag(TAG)
                .security(SECURITY, "payments.write")
                .description("Replace your settings for a provider: enabled, and limits [{currency, minAmount, "
                        + "maxAmount}]. Payments outside them are refused with amount_out_of_range; payments through a "
                        + "disabled provider with provider_disabled.")
                .type(ProviderSetting.Change.class)
                .responseMessage().code(200).message("The settings now in force").responseModel(ProviderSetting.class)
                        .endResponseMessage()
                .responseMessage().code(404).message("No provider has this code").endResponseMessage()
                .to("direct:api-provider-settings-put");

        operation("direct:api-providers", false, Scope.PAYMENTS_READ)
                .process(e -> e.getIn().setBody(PaymentsApiRoutes.owned(e, null, null)))
                .to(ChannelEndpoints.PROVIDERS_LIST)
                .process(e -> json.respond(e, 200, new Page<>(e.getIn().getBody(List.class), false, null)));

        operation("direct:api-provider-settings-get", false, Scope.PAYMENTS_WRITE)
                .process(e -> e.getIn().setBody(PaymentsApiRoutes.owned(e, "provider",
                        settings.known(e.getIn().getHeader("code", String.class)))))
                .to(ChannelEndpoints.PROVIDER_SETTING_GET)
                .process(json.respond(200));

        operation("direct:api-provider-settings-put", false, Scope.PAYMENTS_WRITE)
                .process(e -> e.setProperty("malipoProviderCode", settings.known(e.getIn().getHeader("code", String.class))))
                .process(json.read(ProviderSetting.Change.class))
                .process(e -> {
                    Map<String, Object> put = PaymentsApiRoutes.owned(e, "provider",
                            e.getProperty("malipoProviderCode", String.class));
                    put.put("change", e.getIn().getBody(ProviderSetting.Change.class));
                    e.getIn().setBody(put);
                })
                .to(ChannelEndpoints.PROVIDER_SETTING_PUT)
                .process(json.respond(200));
    }
}
