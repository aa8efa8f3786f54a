package io.malipo.checkout;

import io.malipo.checkout.RawJson.Num;
import io.malipo.checkout.RawJson.Str;
import io.malipo.common.ApiException;
import io.malipo.common.HttpCall;
import io.malipo.common.HttpExchanges;
import io.malipo.merchant.CheckoutCredential;
import io.malipo.merchant.MerchantStatus;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.apache.camel.Exchange;
import org.springframework.stereotype.Component;

/**
 * Authenticates checkout requests the way the public client libraries sign them. Step one
 * ({@link #identify}) needs no database: the headers are there, the Digest-Method is HS256,
 * the Timestamp is fresh, and Authorization yields the API keys it may hold. Step two
 * ({@link #verify}), given the credential found, checks the Digest and the operation's
 * signing rules, and leaves the verified parameters for the operation.
 */
@Component
public class CheckoutAuth {

    public static final String OPERATION = "malipoCheckoutOperation";
    public static final String CREDENTIAL = "malipoCheckoutCredential";
    public static final String PARAMS = "malipoCheckoutParams";
    private static final List<String> REQUIRED_HEADERS =
            List.of("Authorization", "Digest-Method", "Digest", "Timestamp", "Signed-Fields");
    private static final Pattern PRINTABLE_KEY = Pattern.compile("[\\x21-\\x7e]{8,100}");
    private static final String HOW_TO_SIGN = "sign 'timestamp=' + the Timestamp header, then '&name=value' for each "
            + "name in Signed-Fields in that order, with HMAC-SHA256 and your API secret, and send it Base64-encoded";

    private final Clock clock;
    private final CheckoutProperties properties;

    public CheckoutAuth(Clock clock, CheckoutProperties properties) {
        this.clock = clock;
        this.properties = properties;
    }

    /** Checks what needs no credential; leaves the candidate API keys in the body. */
    public void identify(Exchange exchange) {
        List<String> missing = REQUIRED_HEADERS.stream().filter(h -> header(exchange, h) == null).toList();
        if (!missing.isEmpty()) {
            throw refused("Missing header" + (missing.size() > 1 ? "s " : " ") + String.join(", ", missing)
                    + ": every checkout request carries Authorization, Digest-Method, Digest, Timestamp and "
                    + "Signed-Fields.");
        }
        if (!"HS256".equalsIgnoreCase(header(exchange, "Digest-Method").strip())) {
            throw refused("Digest-Method must be HS256.");
        }
        // Before anything costs work: a list no client sends is refused as it is.
        DigestVerifier.problem(header(exchange, "Signed-Fields")).ifPresent(problem -> {
            throw refused(problem);
        });
        String timestamp = header(exchange, "Timestamp");
        Instant signedAt = Timestamps.parse(timestamp, properties.zone()).orElseThrow(() -> refused(
                "The Timestamp header could not be read: send ISO 8601 such as 2026-05-01T12:30:46+03:00."));
        Duration drift = Duration.between(signedAt, clock.instant()).abs();
        if (drift.compareTo(properties.timestampTolerance()) > 0) {
            throw refused("The Timestamp is " + drift.toMinutes() + " minutes away from Malipo's clock ("
                    + clock.instant().truncatedTo(ChronoUnit.SECONDS) + "); requests are accepted "
                    + "within " + properties.timestampTolerance().toMinutes() + " minutes: check the sender's clock.");
        }
        List<String> candidates = candidateKeys(header(exchange, "Authorization"));
        if (candidates.isEmpty()) {
            throw refused("Authorization must be 'SELCOM ' followed by your API key in Base64.");
        }
        exchange.getIn().setBody(candidates);
    }

    /** With the credential found for the candidates (or null), verifies the request. */
    public void verify(Exchange exchange) {
        CheckoutCredential credential = exchange.getIn().getBody(CheckoutCredential.class);
        if (credential == null) {
            throw refused("The API key in Authorization is not known to Malipo.");
        }
        if (!credential.usable()) {
            throw refused("This API key is revoked; ask for new checkout credentials.");
        }
        CheckoutOperation operation = exchange.getProperty(OPERATION, CheckoutOperation.class);
        CheckoutRequest request = CheckoutRequest.parse(HttpExchanges.rawBody(exchange), rawQuery(exchange));
        DigestVerifier.Match match = DigestVerifier.verify(credential.secrets(), header(exchange, "Timestamp"),
                header(exchange, "Signed-Fields"), header(exchange, "Digest"), request.sources())
                .orElseThrow(() -> refused("The Digest does not match this request: " + HOW_TO_SIGN + "."));
        List<String> unsigned = new ArrayList<>();
        for (List<String> names : operation.mustSign()) {
            if (names.stream().noneMatch(match::signsFaithfully)) {
                unsigned.add(names.get(0));
            }
        }
        if (!unsigned.isEmpty()) {
            throw refused(String.join(", ", unsigned) + " must be sent and signed: list " + (unsigned.size() > 1 ? "them" : "it") + " in Signed-Fields and sign "
                    + "the value as sent in the " + match.source().kind().description() + ".");
        }
        if (credential.merchantStatus() == MerchantStatus.SUSPENDED) {
            throw new ApiException(403, "merchant_suspended", "This merchant is suspended; contact Malipo support.");
        }
        if (credential.livemode() && credential.merchantStatus() != MerchantStatus.VERIFIED) {
            throw refused("Live credentials work once the merchant is verified; use test credentials until then.");
        }
        CheckoutParams params = new CheckoutParams(match);
        Optional<String> vendor = params.get("vendor").map(v -> v instanceof Str s ? s.value()
                : v instanceof Num n ? n.lexeme() : null);
        if (vendor.isPresent() && !credential.vendor().equals(vendor.get())) {
            throw new ApiException(403, "vendor_mismatch", "These credentials belong to vendor "
                    + credential.vendor() + ", not " + vendor.get() + ".");
        }
        exchange.setProperty(CREDENTIAL, credential);
        exchange.setProperty(PARAMS, params);
        HttpExchanges.setMerchant(exchange, credential.merchantId());
    }

    /** The API keys an Authorization header may hold: Base64 of the key (usual), the key itself, or hex. */
    static List<String> candidateKeys(String authorization) {
        String[] parts = authorization.strip().split("\\s+", 2);
        if (parts.length != 2) {
            return List.of();
        }
        String credential = parts[1].strip();
        Set<String> candidates = new LinkedHashSet<>();
        // Text the standard alphabet decodes has no - or _, so the URL-safe one would refuse it or
        // read the same bytes: it is asked only when the standard one refused.
        decodeText(() -> Base64.getDecoder().decode(credential))
                .or(() -> decodeText(() -> Base64.getUrlDecoder().decode(credential)))
                .ifPresent(candidates::add);
        candidates.add(credential);
        // Asked only of text that is hex: a failed parse throws, which costs more than the check.
        if (credential.length() % 2 == 0 && credential.chars().allMatch(HexFormat::isHexDigit)) {
            decodeText(() -> HexFormat.of().parseHex(credential)).ifPresent(candidates::add);
        }
        return candidates.stream().filter(c -> PRINTABLE_KEY.matcher(c).matches()).toList();
    }

    private interface Decoder {
        byte[] decode();
    }

    private static Optional<String> decodeText(Decoder decoder) {
        try {
            byte[] bytes = decoder.decode();
            return Optional.of(StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes)).toString());
        } catch (IllegalArgumentException | CharacterCodingException e) {
            return Optional.empty();
        }
    }

    private static String rawQuery(Exchange exchange) {
        return HttpExchanges.call(exchange).map(HttpCall::rawQuery)
                .orElseGet(() -> exchange.getIn().getHeader(Exchange.HTTP_RAW_QUERY, String.class));
    }

    private static String header(Exchange exchange, String name) {
        return exchange.getIn().getHeader(name, String.class);
    }

    private static ApiException refused(String message) {
        return new ApiException(401, "unauthorized", message);
    }
}
