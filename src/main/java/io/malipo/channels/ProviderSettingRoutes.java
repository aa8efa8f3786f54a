package io.malipo.channels;

import io.malipo.common.Times;
import io.malipo.common.Transactions;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.component.sql.SqlConstants;
import org.springframework.stereotype.Component;

/**
 * Providers as a merchant sees them, and the merchant's settings for each: the {@code direct:}
 * endpoints the token API uses, and the check every new payment passes.
 */
@Component
public class ProviderSettingRoutes extends RouteBuilder {

    private static final String SQL = "sql:classpath:sql/providers/";

    private final ProviderSettings settings;
    private final Clock clock;
    private final Transactions transactions;

    public ProviderSettingRoutes(ProviderSettings settings, Clock clock, Transactions transactions) {
        this.settings = settings;
        this.clock = clock;
        this.transactions = transactions;
    }

    @Override
    public void configure() {
        errorHandler(noErrorHandler());

        from(ChannelEndpoints.PROVIDER_SETTING_GET).routeId("provider-setting-get")
                .setProperty("malipoProvider", simple("${body[provider]}"))
                .to(SQL + "select-provider-setting.sql?outputType=SelectOne")
                .process(e -> e.getIn().setBody(settings.of(e.getProperty("malipoProvider", String.class),
                        e.getIn().getBody(Map.class))));

        from(ChannelEndpoints.PROVIDER_SETTING_PUT).routeId("provider-setting-put")
                .process(e -> {
                    Map<?, ?> in = e.getIn().getBody(Map.class);
                    Map<String, Object> row = settings.row((java.util.UUID) in.get("merchantId"),
                            (Boolean) in.get("livemode"), (String) in.get("provider"),
                            (ProviderSetting.Change) in.get("change"));
                    row.put("now", Times.now(clock));
                    e.getIn().setBody(row);
                })
                .process(transactions.in("direct:provider-setting-write"))
                .to(ChannelEndpoints.PROVIDER_SETTING_GET);

        // Update first; a first write inserts, and if another got there in between, updates after it.
        from("direct:provider-setting-write").routeId("provider-setting-write")
                .setProperty("malipoSettingRow", body())
                .to(SQL + "update-provider-setting.sql")
                .filter(header(SqlConstants.SQL_UPDATE_COUNT).isEqualTo(0))
                    .setBody(exchangeProperty("malipoSettingRow"))
                    .to(SQL + "insert-provider-setting.sql")
                    .filter(header(SqlConstants.SQL_UPDATE_COUNT).isEqualTo(0))
                        .setBody(exchangeProperty("malipoSettingRow"))
                        .to(SQL + "update-provider-setting.sql")
                    .end()
                .end()
                .setBody(exchangeProperty("malipoSettingRow"));

        from(ChannelEndpoints.PROVIDERS_LIST).routeId("providers-list")
                .setProperty("malipoLivemode", simple("${body[livemode]}"))
                .to(SQL + "select-provider-settings.sql")
                .process(e -> {
                    List<Map<String, Object>> rows = e.getIn().getBody(List.class);
                    Map<String, ProviderSetting> byProvider = rows.stream()
                            .map(r -> settings.of((String) r.get("provider"), r))
                            .collect(Collectors.toMap(ProviderSetting::provider, Function.identity()));
                    e.getIn().setBody(settings.views(e.getProperty("malipoLivemode", Boolean.class), byProvider));
                });
    }
}
