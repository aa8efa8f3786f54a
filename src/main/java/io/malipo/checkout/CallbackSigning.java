package io.malipo.checkout;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.malipo.delivery.ClaimedDelivery;
import io.malipo.delivery.DeliveryKind;
import io.malipo.delivery.DeliverySigner;
import io.malipo.merchant.CheckoutCredential;
import io.malipo.merchant.MerchantEndpoints;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.ProducerTemplate;
import org.springframework.stereotype.Component;

/**
 * Signs a checkout callback at the moment it is sent, exactly as a checkout request is signed,
 * so a merchant verifies it with the code it already has: Authorization "SELCOM " + Base64 of
 * the API key, Digest-Method HS256, a Timestamp in +03:00 form, Signed-Fields as the interface
 * lists them, and the Digest over those fields with the merchant's API secret.
 */
@Component
public class CallbackSigning implements DeliverySigner {

    public static final List<String> SIGNED_FIELDS =
            List.of("transid", "order_id", "reference", "result", "resultcode", "payment_status");
    private static final DateTimeFormatter TIMESTAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ssXXX");

    private final Clock clock;
    private final CheckoutProperties properties;
    private final ObjectMapper mapper;
    private final SignatureUses signatures;

    private final ProducerTemplate credentials;

    public CallbackSigning(Clock clock, CheckoutProperties properties, ObjectMapper mapper, SignatureUses signatures,
            CamelContext camel) {
        this.credentials = camel.createProducerTemplate();
        this.signatures = signatures;
        this.clock = clock;
        this.properties = properties;
        this.mapper = mapper;
    }

    @Override
    public DeliveryKind kind() {
        return DeliveryKind.CHECKOUT_CALLBACK;
    }

    /** Signed with the credential the callback was made for, or the merchant's active one. */
    @Override
    public void sign(Exchange exchange, ClaimedDelivery delivery) throws Exception {
        Map<String, Object> keys = new LinkedHashMap<>();
        keys.put("merchantId", delivery.merchantId());
        keys.put("livemode", delivery.livemode());
        keys.put("credentialId", delivery.credentialId());
        CheckoutCredential credential = credentials.requestBody(MerchantEndpoints.CREDENTIAL_FOR_SIGNING, keys,
                CheckoutCredential.class);
        if (credential == null) {
            exchange.setProperty(DeliverySigner.REFUSED,
                    "the merchant has no active checkout credential to sign the callback with");
            return;
        }
        String payload = delivery.payload();
        Map<String, Object> body = mapper.readValue(payload, new TypeReference<LinkedHashMap<String, Object>>() { });
        String timestamp = OffsetDateTime.now(clock).atZoneSameInstant(properties.zone()).toOffsetDateTime()
                .truncatedTo(ChronoUnit.SECONDS).format(TIMESTAMP);
        StringBuilder signing = new StringBuilder("timestamp=").append(timestamp);
        for (String field : SIGNED_FIELDS) {
            signing.append('&').append(field).append('=').append(body.get(field) == null ? "" : body.get(field));
        }
        var out = exchange.getMessage();
        out.removeHeaders("*");
        out.setHeader("Content-Type", "application/json");
        out.setHeader("Accept", "application/json");
        out.setHeader("Authorization", "SELCOM " + Base64.getEncoder().encodeToString(
                credential.apiKey().getBytes(StandardCharsets.UTF_8)));
        out.setHeader("Digest-Method", "HS256");
        String digest = DigestVerifier.sign(credential.secrets().get(0), signing.toString());
        // Bound before it leaves: a receiver tricked into replaying these headers to the API gets a 401.
        signatures.bindCallback(credential.id(), timestamp, digest);
        out.setHeader("Digest", digest);
        out.setHeader("Timestamp", timestamp);
        out.setHeader("Signed-Fields", String.join(",", SIGNED_FIELDS));
        out.setBody(payload);
    }
}
