package io.malipo.channels;

import io.malipo.common.ApiException;
import io.malipo.common.ClientAddress;
import io.malipo.common.Hmac;
import io.malipo.common.HttpExchanges;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;
import org.apache.camel.Exchange;
import org.apache.commons.codec.digest.DigestUtils;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Notifications providers send to /v1/providers/{code}/notify, in their own formats. Most
 * providers do not sign them, so what one claims is a hint: the payments package settles from
 * it only when it is signed and verifies, and otherwise asks the provider's status operation
 * (routes/README.md, "Notifications are hints unless signed"). This class reads what the
 * connector's notify route made of it, checks signatures, and answers the provider in the
 * connector's reply format.
 */
@Component
public class ProviderNotifications {

    private static final Logger LOG = LoggerFactory.getLogger(ProviderNotifications.class);
    private static final String UNREADABLE = "malipoUnreadableNotification";

    /** The SHA-256 of the raw body: a body seen before from the same provider changes nothing. */
    public static final String BODY_HASH = "malipoNotifyBodyHash";
    /** What the provider expects back (its acknowledgement format), set by the connector. */
    public static final String REPLY = "malipoNotifyReply";
    public static final String REPLY_TYPE = "malipoNotifyReplyType";
    /**
     * The id the provider gave when it accepted the request, when its notification repeats it
     * (some providers name a transaction by one id when accepting and another when reporting).
     */
    public static final String REQUEST_REF = "malipoNotifyRequestRef";
    /** For a provider that signs: the signature as sent, and exactly the text it covers. */
    public static final String SIGNATURE = "malipoNotifySignature";
    public static final String SIGNED_TEXT = "malipoNotifySignedText";

    /** The header the card processor and the USSD-push aggregator sign with: Base64(HMAC-SHA256(secret, body)). */
    public static final String SIGNATURE_HEADER = "X-Signature";

    private final ProviderDirectory providers;
    private final ClientAddress addresses;

    public ProviderNotifications(ProviderDirectory providers, ClientAddress addresses) {
        this.providers = providers;
        this.addresses = addresses;
    }

    /**
     * The provider exists and the notification comes from where it may; the body goes to the
     * connector as text with the request's headers, which is all a notify route may read.
     */
    public void receive(Exchange exchange) {
        String code = exchange.getIn().getHeader("code", String.class);
        var provider = providers.find(code).orElseThrow(() ->
                ApiException.notFound("There is no provider " + code + "."));
        String from = addresses.of(exchange);
        if (!providers.notifiesFrom(code, from)) {
            LOG.warn("A notification for provider {} came from {}, which its notify-from list does not allow; "
                    + "it was not read", code, from);
            throw new ApiException(403, "forbidden", "Notifications of this provider are not accepted from this address.");
        }
        byte[] body = HttpExchanges.rawBody(exchange);
        exchange.setProperty(PaymentProperties.PROVIDER, code);
        exchange.setProperty(PaymentProperties.CONNECTOR, provider.connector());
        exchange.setProperty(BODY_HASH, DigestUtils.sha256Hex(body));
        exchange.getIn().setBody(new String(body, StandardCharsets.UTF_8));
    }

    /**
     * A notification the connector could not read at all (not JSON, not the provider's format):
     * the provider is told, and nothing is recorded.
     */
    public void unreadable(Exchange exchange) {
        Throwable failure = exchange.getProperty(Exchange.EXCEPTION_CAUGHT, Throwable.class);
        LOG.warn("Provider {} sent a notification its connector could not read: {}",
                exchange.getProperty(PaymentProperties.PROVIDER), failure == null ? "" : failure.getClass()
                        .getSimpleName());
        // Refused by claim(): an exception thrown inside a doCatch would escape the route's error handling.
        exchange.setProperty(UNREADABLE, true);
    }

    /** What the connector read must name an outcome, the provider's transaction and something of Malipo's. */
    public void claim(Exchange exchange) {
        String eventKey = exchange.getProperty(PaymentProperties.EVENT_KEY, String.class);
        String reference = exchange.getProperty(PaymentProperties.REFERENCE, String.class);
        String token = exchange.getProperty(PaymentProperties.PAYMENT_TOKEN, String.class);
        String providerRef = exchange.getProperty(PaymentProperties.PROVIDER_REF, String.class);
        if (Boolean.TRUE.equals(exchange.getProperty(UNREADABLE, Boolean.class))) {
            throw ApiException.badRequest("unreadable_notification", "The notification is not in this provider's "
                    + "notification format.");
        }
        if (exchange.getProperty(PaymentProperties.OUTCOME) == null || blank(eventKey) || blank(providerRef)
                || blank(reference) && blank(token)) {
            throw ApiException.badRequest("unreadable_notification",
                    "The notification names no outcome, no transaction id, or nothing of Malipo's it is about.");
        }
        if (token != null && exchange.getProperty(PaymentProperties.AMOUNT) == null) {
            throw ApiException.badRequest("unreadable_notification", "A payment by token must carry its amount.");
        }
    }

    /** Whether the notification is signed, and its signature verifies under the provider's secret of that mode. */
    public boolean verifies(Exchange exchange, boolean livemode) {
        String signature = exchange.getProperty(SIGNATURE, String.class);
        String text = exchange.getProperty(SIGNED_TEXT, String.class);
        if (blank(signature) || text == null) {
            return false;
        }
        Optional<String> secret = providers.notifySecret(exchange.getProperty(PaymentProperties.PROVIDER, String.class),
                livemode);
        if (secret.isEmpty()) {
            return false;
        }
        byte[] mac = Hmac.sha256(secret.get().getBytes(StandardCharsets.UTF_8), text.getBytes(StandardCharsets.UTF_8));
        String presented = signature.strip();
        return Hmac.same(Base64.getEncoder().encodeToString(mac), presented)
                || Hmac.same(HexFormat.of().formatHex(mac), presented.toLowerCase(Locale.ROOT));
    }

    /** Whether the notification carries a signature at all (one that does not verify is worth a warning). */
    public boolean signed(Exchange exchange) {
        return !blank(exchange.getProperty(SIGNATURE, String.class));
    }

    /**
     * The claimed outcome as a report to settle, in the mode of what it was matched to (property
     * {@code malipoLivemode}); null when not final.
     */
    public void report(Exchange exchange) {
        PaymentResult outcome = PaymentResult.of(exchange);
        if (!outcome.isFinal()) {
            exchange.getIn().setBody(null);
            return;
        }
        exchange.getIn().setBody(new SettlementReport(exchange.getProperty(PaymentProperties.PROVIDER, String.class),
                exchange.getProperty(PaymentProperties.EVENT_KEY, String.class), outcome,
                exchange.getProperty(PaymentProperties.PAYMENT_ID, UUID.class),
                exchange.getProperty(PaymentProperties.REFERENCE, String.class),
                exchange.getProperty(PaymentProperties.PAYMENT_TOKEN, String.class),
                exchange.getProperty(PaymentProperties.PROVIDER_REF, String.class),
                exchange.getProperty(PaymentProperties.AMOUNT, BigDecimal.class),
                exchange.getProperty(PaymentProperties.CURRENCY, String.class),
                exchange.getProperty(PaymentProperties.MSISDN, String.class),
                exchange.getProperty(PaymentProperties.FAILURE_CODE, String.class),
                exchange.getProperty(PaymentProperties.FAILURE_MESSAGE, String.class),
                exchange.getProperty(PaymentProperties.LIVEMODE, Boolean.class), false));
    }

    /** The acknowledgement in the provider's format, whatever the notification changed: it is not the provider's business. */
    public void reply(Exchange exchange) {
        String reply = exchange.getProperty(REPLY, String.class);
        exchange.getIn().removeHeaders("*");
        exchange.getIn().setHeader(Exchange.HTTP_RESPONSE_CODE, 200);
        exchange.getIn().setHeader(Exchange.CONTENT_TYPE, reply == null ? "application/json"
                : exchange.getProperty(REPLY_TYPE, "application/json", String.class));
        exchange.getIn().setBody(reply == null ? "{\"received\":true}" : reply);
    }

    private static boolean blank(String text) {
        return text == null || text.isBlank();
    }

    /** The signature the card processor and the USSD-push aggregator (or the sandbox, playing one) put on a body. */
    public static String sign(String secret, byte[] body) {
        return Hmac.base64(secret, body);
    }
}
