package io.malipo.routes;

import io.malipo.channels.ChannelConfiguration;
import io.malipo.channels.ChannelEndpoints;
import io.malipo.channels.ChannelProperties;
import io.malipo.channels.ProviderCrypto;
import io.malipo.channels.ProviderFailures;
import io.malipo.channels.ProviderSessions;
import io.malipo.channels.sandbox.SandboxBooks;
import io.malipo.checkout.CheckoutUpkeepRoutes;
import io.malipo.common.RouteIds;
import io.malipo.delivery.DeliveryRoutes;
import io.malipo.delivery.DeliverySender;
import io.malipo.merchant.MerchantEndpoints;
import io.malipo.payments.PaymentsEndpoints;
import io.malipo.tokenapi.TokenApiRoutes;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.Environment;

/**
 * What route files may use of Malipo, and what Malipo needs of them: the contract of
 * routes/README.md in one place, so the files are checked against what the code really offers.
 *
 * @param published the direct: endpoints of Malipo's own that route files may call (names, without {@code direct:})
 * @param required the direct: endpoints Malipo itself calls and route files serve: the channel router, the
 *        post of callbacks, and the request, notify and status routes of every configured provider's connector
 * @param beans the beans route files may call, by name, with the class whose public methods they offer
 * @param routeConfigurations the route configurations of Malipo's own that routes may opt into
 */
public record RouteContract(Set<String> published, Set<String> required, Map<String, Class<?>> beans,
        Set<String> routeConfigurations) {

    /** The connector routes Malipo calls for every provider it is configured with. */
    static final Set<String> CALLED_CONNECTOR_ROUTES = Set.of("request", "notify", "status");
    /** Every route a connector may have. */
    static final Set<String> CONNECTOR_ROUTES = Set.of("request", "payout", "reversal", "notify", "status",
            "tokenize");

    /** The contract with the providers configured in this environment (malipo.channels.providers). */
    public static RouteContract of(Environment environment) {
        Set<String> published = Stream.of(PaymentsEndpoints.RECONCILE, CheckoutUpkeepRoutes.EXPIRE_DUE,
                CheckoutUpkeepRoutes.FORGET_REPLAYS, MerchantEndpoints.FORGET_REPLACED_SECRETS,
                TokenApiRoutes.FORGET_IDEMPOTENCY_KEYS, PaymentsEndpoints.FORGET_PROVIDER_NOTIFICATIONS).map(RouteIds::of).collect(Collectors.toUnmodifiableSet());
        Set<String> required = new TreeSet<>(Set.of(RouteIds.of(ChannelEndpoints.PAYMENT_ROUTE),
                RouteIds.of(DeliveryRoutes.POST)));
        Binder.get(environment)
                .bind("malipo.channels.providers", Bindable.mapOf(String.class, ChannelProperties.Provider.class))
                .orElse(Map.of())
                .values()
                .forEach(provider -> CALLED_CONNECTOR_ROUTES.forEach(
                        route -> required.add(connectorRoute(provider.connector(), route))));
        return new RouteContract(published, Set.copyOf(required),
                Map.of("providerFailures", ProviderFailures.class, "deliverySender", DeliverySender.class,
                        "providerSessions", ProviderSessions.class, "providerCrypto", ProviderCrypto.class,
                        "sandboxBooks", SandboxBooks.class),
                Set.of(ChannelConfiguration.CHANNEL_ERRORS));
    }

    static String connectorRoute(String connector, String route) {
        return "connector-" + connector + "-" + route;
    }
}
