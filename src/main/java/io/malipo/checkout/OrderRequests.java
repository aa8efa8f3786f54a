package io.malipo.checkout;

import io.malipo.checkout.RawJson.Null;
import io.malipo.checkout.RawJson.Num;
import io.malipo.checkout.RawJson.Obj;
import io.malipo.checkout.RawJson.Str;
import io.malipo.checkout.RawJson.Value;
import io.malipo.common.EmailAddress;
import io.malipo.common.HttpUrls;
import io.malipo.common.Msisdn;
import io.malipo.common.PublicAddresses;
import io.malipo.merchant.CheckoutCredential;
import java.math.BigDecimal;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.springframework.stereotype.Component;

/**
 * Reads create-order and create-order-minimal into a {@link NewOrder}, checking every field and
 * naming each one at fault with its rule.
 */
@Component
public class OrderRequests {

    static final List<String> BILLING_REQUIRED = List.of("firstname", "lastname", "address_1", "city",
            "state_or_region", "postcode_or_pobox", "country", "phone");
    static final List<String> ADDRESS_FIELDS = List.of("firstname", "lastname", "address_1", "address_2", "city",
            "state_or_region", "postcode_or_pobox", "country", "phone", "email");
    private static final Set<String> COUNTRIES = Set.of(Locale.getISOCountries());

    private final CheckoutProperties properties;
    private final PublicAddresses addresses;

    public OrderRequests(CheckoutProperties properties, PublicAddresses addresses) {
        this.properties = properties;
        this.addresses = addresses;
    }

    public NewOrder read(CheckoutParams params, CheckoutCredential credential, boolean minimal) {
        FieldReader fields = new FieldReader(params);
        String orderId = fields.requiredText("order_id", 64).orElse(null);
        String currency = currency(fields);
        BigDecimal amount = amount(fields, currency);
        String email = fields.requiredText("buyer_email", 254).orElse(null);
        if (email != null && !EmailAddress.Check.valid(email)) {
            fields.error("buyer_email", EmailAddress.RULE);
        }
        String name = fields.requiredText("buyer_name", 200).orElse(null);
        String phone = fields.requiredText("buyer_phone", 16)
                .flatMap(p -> Msisdn.normalise(p).or(() -> fields.error("buyer_phone", Msisdn.RULE))).orElse(null);
        String userid = fields.text("buyer_userid", 100).orElse(null);
        UUID buyerUuid = fields.text("gateway_buyer_uuid", 36).flatMap(u -> uuid(fields, u)).orElse(null);
        Set<PaymentMethod> methods = paymentMethods(fields, minimal);
        boolean cardAllowed = methods.stream().anyMatch(PaymentMethod.CARD_METHODS::contains);
        Map<String, String> billing = address(fields, "billing", cardAllowed);
        Map<String, String> shipping = address(fields, "shipping", false);
        boolean live = credential.livemode();
        String redirectUrl = url(fields, "redirect_url", live);
        String cancelUrl = url(fields, "cancel_url", live);
        String webhook = url(fields, "webhook", live);
        String buyerRemarks = fields.text("buyer_remarks", 500).orElse(null);
        String merchantRemarks = fields.text("merchant_remarks", 500).orElse(null);
        int items = fields.integer("no_of_items").map(n -> {
            if (n < 1 || n > 100_000) {
                fields.error("no_of_items", "must be a whole number from 1 to 100000");
            }
            return n.intValue();
        }).orElseGet(() -> {
            if (!fields.hasError("no_of_items")) {
                fields.error("no_of_items", "is required");
            }
            return 0;
        });
        String headerColour = colour(fields, "header_colour");
        String linkColour = colour(fields, "link_colour");
        String buttonColour = colour(fields, "button_colour");
        long expiry = expiry(fields);
        fields.throwIfInvalid();
        return new NewOrder(orderId, amount, currency, email, name, phone, userid, buyerUuid, billing, shipping,
                methods, redirectUrl, cancelUrl, webhook, buyerRemarks, merchantRemarks, items, headerColour,
                linkColour, buttonColour, expiry);
    }

    private String currency(FieldReader fields) {
        Optional<String> currency = fields.requiredText("currency", 3);
        if (currency.isPresent() && !properties.maxAmount().containsKey(currency.get())) {
            return fields.<String>error("currency", "must be one of " + String.join(", ",
                    properties.maxAmount().keySet())).orElse(null);
        }
        return currency.orElse(null);
    }

    private BigDecimal amount(FieldReader fields, String currency) {
        Optional<BigDecimal> amount = fields.decimal("amount");
        if (amount.isEmpty()) {
            return null;
        }
        BigDecimal value = amount.get();
        if (value.signum() <= 0) {
            return fields.<BigDecimal>error("amount", "must be more than 0").orElse(null);
        }
        if (value.stripTrailingZeros().scale() > 2) {
            return fields.<BigDecimal>error("amount", "must have at most 2 decimals").orElse(null);
        }
        BigDecimal max = currency == null ? null : properties.maxAmount().get(currency);
        if (max != null && value.compareTo(max) > 0) {
            return fields.<BigDecimal>error("amount", "must be at most " + max.toPlainString() + " " + currency)
                    .orElse(null);
        }
        return value.setScale(2);
    }

    private static Set<PaymentMethod> paymentMethods(FieldReader fields, boolean minimal) {
        Optional<String> listed = minimal ? fields.text("payment_methods", 64)
                : fields.requiredText("payment_methods", 64);
        if (listed.isEmpty()) {
            return EnumSet.of(PaymentMethod.MOBILEMONEYPULL);
        }
        Set<PaymentMethod> methods = EnumSet.noneOf(PaymentMethod.class);
        for (String token : listed.get().split(",")) {
            String name = token.strip().toUpperCase(Locale.ROOT);
            try {
                methods.add(PaymentMethod.valueOf(name));
            } catch (IllegalArgumentException e) {
                fields.error("payment_methods", "'" + token.strip() + "' is not a payment method; list any of "
                        + Arrays.stream(PaymentMethod.values()).map(Enum::name).collect(Collectors.joining(", ")));
                return methods;
            }
        }
        if (minimal) {
            // The minimal order is for wallet and manual payments only: ALL means all of those.
            if (methods.contains(PaymentMethod.CARD) || methods.contains(PaymentMethod.MASTERPASS)) {
                fields.error("payment_methods", "create-order-minimal takes no card payments; use create-order, "
                        + "with the billing address, to accept cards");
            }
            return EnumSet.of(PaymentMethod.MOBILEMONEYPULL);
        }
        return methods;
    }

    /**
     * billing or shipping, whether sent nested, as dotted keys or as underscore keys. Sent under
     * its own name it must be an object: anything else would otherwise vanish unnoticed.
     */
    private static Map<String, String> address(FieldReader fields, String group, boolean required) {
        fields.params().get(group).filter(v -> !(v instanceof Obj) && !(v instanceof Null)).ifPresent(v ->
                fields.error(group, "must be an object of address fields, such as {\"firstname\": \"John\", "
                        + "\"city\": \"Dar es Salaam\"}"));
        Map<String, Value> given = fields.params().group(group);
        Map<String, String> address = new LinkedHashMap<>();
        for (String part : ADDRESS_FIELDS) {
            String field = group + "." + part;
            Value value = given.get(part);
            if (value == null || value instanceof Null || (value instanceof Str s && s.value().isBlank())) {
                if (required && BILLING_REQUIRED.contains(part)) {
                    fields.error(field, "is required when card payments are allowed (payment_methods CARD, "
                            + "MASTERPASS or ALL)");
                }
                continue;
            }
            String text = value instanceof Str s ? s.value().strip() : value instanceof Num n ? n.lexeme() : null;
            if (text == null) {
                fields.error(field, "must be text");
            } else if (text.length() > 100) {
                fields.error(field, "must be at most 100 characters");
            } else if (part.equals("country") && !COUNTRIES.contains(text.toUpperCase(Locale.ROOT))) {
                fields.error(field, "must be a two-letter ISO 3166 country code such as TZ");
            } else if (part.equals("phone") && !text.matches("\\+?[0-9][0-9 ]{5,18}[0-9]")) {
                fields.error(field, "must be a phone number in digits, such as 255712345678");
            } else if (part.equals("email") && !EmailAddress.Check.valid(text)) {
                fields.error(field, "must be an e-mail address");
            } else {
                address.put(part, part.equals("country") ? text.toUpperCase(Locale.ROOT) : text);
            }
        }
        return address;
    }

    /**
     * An http(s) URL, sent Base64-encoded as the interface says. Some clients send it raw and
     * some encode it twice; both are unambiguous, so both are read. A URL field the client did
     * not sign is ignored in live mode: nobody could have changed where its callbacks go.
     */
    private String url(FieldReader fields, String name, boolean live) {
        Optional<String> given = fields.text(name, 2800);
        if (given.isEmpty()) {
            return null;
        }
        if (live && !fields.params().isSigned(name)) {
            return null;
        }
        String text = given.get();
        for (int decodings = 0; decodings < 3; decodings++) {
            Optional<URI> url = HttpUrls.absolute(text);
            if (url.isPresent()) {
                if (live && !HttpUrls.isHttps(url.get())) {
                    return fields.<String>error(name, HttpUrls.LIVE_RULE).orElse(null);
                }
                // Only the webhook is fetched by Malipo; the others are where the buyer's browser goes.
                Optional<String> refused = "webhook".equals(name) ? addresses.refusal(url.get()) : Optional.empty();
                if (refused.isPresent()) {
                    return fields.<String>error(name, refused.get()).orElse(null);
                }
                return url.get().toString();
            }
            Optional<String> decoded = base64(text);
            if (decoded.isEmpty()) {
                break;
            }
            text = decoded.get();
        }
        return fields.<String>error(name, "must be the Base64 encoding of an absolute http(s) URL, such as "
                + Base64.getEncoder().encodeToString("https://shop.example.com/callback".getBytes(StandardCharsets.UTF_8)))
                .orElse(null);
    }

    private static Optional<String> base64(String text) {
        for (Base64.Decoder decoder : List.of(Base64.getDecoder(), Base64.getUrlDecoder())) {
            try {
                return Optional.of(new String(decoder.decode(text.strip()), StandardCharsets.UTF_8));
            } catch (IllegalArgumentException e) {
                // try the other alphabet
            }
        }
        return Optional.empty();
    }

    private static String colour(FieldReader fields, String name) {
        return fields.text(name, 7).map(c -> c.matches("#[0-9A-Fa-f]{6}") ? c.toUpperCase(Locale.ROOT)
                : fields.<String>error(name, "must be a colour written #RRGGBB, such as #1A73E8").orElse(null))
                .orElse(null);
    }

    private long expiry(FieldReader fields) {
        long maxMinutes = properties.maxExpiry().toMinutes();
        return fields.integer("expiry").map(minutes -> {
            if (minutes < 1 || minutes > maxMinutes) {
                fields.error("expiry", "must be a whole number of minutes from 1 to " + maxMinutes);
            }
            return minutes;
        }).orElse(properties.defaultExpiry().toMinutes());
    }

    private static Optional<UUID> uuid(FieldReader fields, String text) {
        try {
            return Optional.of(UUID.fromString(text));
        } catch (IllegalArgumentException e) {
            return fields.error("gateway_buyer_uuid", "must be the gateway_buyer_uuid an earlier order returned");
        }
    }
}
