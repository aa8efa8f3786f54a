package io.malipo.channels;

import io.malipo.common.ApiException;
import io.malipo.common.Hmac;
import io.malipo.common.HttpExchanges;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.UUID;
import org.apache.camel.Exchange;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Reports providers send to /v1/providers/{code}/notify. Each provider signs the body with
 * its notification secret (X-Signature: Base64 of HMAC-SHA256 over the raw body); the secret
 * that verifies decides the mode the report may settle. The connector's notify route then
 * reads the provider's format into Malipo's canonical outcome.
 */
@Component
public class ProviderNotifications {

    private static final Logger LOG = LoggerFactory.getLogger(ProviderNotifications.class);
    private static final String UNREADABLE = "malipoUnreadableNotification";

    public static final String SIGNATURE_HEADER = "X-Signature";

    private final ProviderDirectory providers;

    public ProviderNotifications(ProviderDirectory providers) {
        this.providers = providers;
    }

    public void authenticate(Exchange exchange) {
        String code = exchange.getIn().getHeader("code", String.class);
        var provider = providers.find(code).orElseThrow(() ->
                ApiException.notFound("There is no provider " + code + "."));
        byte[] body = HttpExchanges.rawBody(exchange);
        String signature = exchange.getIn().getHeader(SIGNATURE_HEADER, String.class);
        if (signature == null || signature.isBlank()) {
            throw new ApiException(401, "unauthorized", "Sign the notification: " + SIGNATURE_HEADER
                    + " carries Base64(HMAC-SHA256(notification secret, body)).");
        }
        Optional<Boolean> livemode = Optional.empty();
        for (boolean mode : new boolean[] {true, false}) {
            Optional<String> secret = providers.notifySecret(code, mode);
            if (secret.isPresent() && matches(secret.get(), body, signature.strip())) {
                livemode = Optional.of(mode);
                break;
            }
        }
        exchange.setProperty(PaymentProperties.LIVEMODE, livemode.orElseThrow(() ->
                new ApiException(401, "unauthorized", "The notification's " + SIGNATURE_HEADER + " does not verify.")));
        exchange.setProperty(PaymentProperties.PROVIDER, code);
        exchange.setProperty(PaymentProperties.CONNECTOR, provider.connector());
        exchange.getIn().removeHeaders("*");
        exchange.getIn().setBody(new String(body, StandardCharsets.UTF_8));
    }

    /**
     * A signed notification the connector could not read at all (not JSON, not the provider's
     * format): the provider is told, and nothing is recorded.
     */
    public void unreadable(Exchange exchange) {
        Throwable failure = exchange.getProperty(Exchange.EXCEPTION_CAUGHT, Throwable.class);
        LOG.warn("Provider {} sent a notification its connector could not read: {}",
                exchange.getProperty(PaymentProperties.PROVIDER), failure == null ? "" : failure.getClass()
                        .getSimpleName());
        // Refused by report(): an exception thrown inside a doCatch would escape the route's error handling.
        exchange.setProperty(UNREADABLE, true);
    }

    /** The canonical report the connector read out of the notification, as the body; null when not final. */
    public void report(Exchange exchange) {
        String eventKey = exchange.getProperty(PaymentProperties.EVENT_KEY, String.class);
        String reference = exchange.getProperty(PaymentProperties.REFERENCE, String.class);
        String token = exchange.getProperty(PaymentProperties.PAYMENT_TOKEN, String.class);
        String providerRef = exchange.getProperty(PaymentProperties.PROVIDER_REF, String.class);
        if (Boolean.TRUE.equals(exchange.getProperty(UNREADABLE, Boolean.class))) {
            throw ApiException.badRequest("unreadable_notification", "The notification is not in this provider's "
                    + "notification format.");
        }
        if (exchange.getProperty(PaymentProperties.OUTCOME) == null || blank(eventKey) || blank(providerRef) || blank(reference) && blank(token)) {
            throw ApiException.badRequest("unreadable_notification",
                    "The notification names no outcome, no transaction id, or nothing of Malipo's it is about.");
        }
        PaymentResult outcome = PaymentResult.of(exchange);
        if (!outcome.isFinal()) {
            exchange.getIn().setBody(null);
            return;
        }
        BigDecimal amount = exchange.getProperty(PaymentProperties.AMOUNT, BigDecimal.class);
        if (token != null && amount == null) {
            throw ApiException.badRequest("unreadable_notification", "A payment by token must carry its amount.");
        }
        exchange.getIn().setBody(new SettlementReport(exchange.getProperty(PaymentProperties.PROVIDER, String.class),
                eventKey, outcome, exchange.getProperty(PaymentProperties.PAYMENT_ID, UUID.class),
                exchange.getProperty(PaymentProperties.REFERENCE, String.class), token,
                exchange.getProperty(PaymentProperties.PROVIDER_REF, String.class), amount,
                exchange.getProperty(PaymentProperties.CURRENCY, String.class),
                exchange.getProperty(PaymentProperties.MSISDN, String.class),
                exchange.getProperty(PaymentProperties.FAILURE_CODE, String.class),
                exchange.getProperty(PaymentProperties.FAILURE_MESSAGE, String.class),
                exchange.getProperty(PaymentProperties.LIVEMODE, Boolean.class), false));
    }

    private static boolean blank(String text) {
        return text == null || text.isBlank();
    }

    /** The signature a provider (or the sandbox, playing one) puts on a notification body. */
    public static String sign(String secret, byte[] body) {
        return Hmac.base64(secret, body);
    }

    private static boolean matches(String secret, byte[] body, String signature) {
        return Hmac.same(sign(secret, body), signature);
    }
}
