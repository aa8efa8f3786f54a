package io.malipo.merchant;

import io.malipo.common.ApiException;
import io.malipo.common.FieldError;
import io.malipo.common.IpAllowList;
import io.malipo.common.RandomTokens;
import io.malipo.common.Rows;
import io.malipo.common.Times;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.springframework.stereotype.Component;

/**
 * The rules of onboarding that are not SQL: what a new merchant, credential or key looks like,
 * how rotation replaces a secret, and how stored rows read to operations staff. The routes in
 * {@link MerchantRoutes} persist what this computes.
 */
@Component
public class Onboarding {

    private final Clock clock;
    private final SecretBox secrets;

    public Onboarding(Clock clock, SecretBox secrets) {
        this.clock = clock;
        this.secrets = secrets;
    }

    /** Now, at the precision both databases keep, so what is written reads back equal. */
    public OffsetDateTime now() {
        return Times.now(clock);
    }

    public Map<String, Object> newMerchantRow(NewMerchant request, boolean demo) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("id", UUID.randomUUID());
        // Vendors are typed into shop configuration and read over the phone: Crockford base 32
        // keeps them unambiguous, and 50 bits make a collision a non-event.
        row.put("vendor", "MLP" + RandomTokens.crockford(10));
        row.put("name", request.name().strip());
        row.put("email", request.email().strip());
        row.put("status", MerchantStatus.UNVERIFIED.name());
        row.put("demo", demo);
        row.put("createdAt", now());
        return row;
    }

    /** A new checkout credential: the row to insert and the one-time answer holding the secret. */
    public Issued<CheckoutCredentialView> issueCheckoutCredential(UUID merchantId, boolean livemode) {
        UUID id = UUID.randomUUID();
        String mode = livemode ? "live" : "test";
        String apiKey = "ck_" + mode + "_" + RandomTokens.base62(24);
        String secret = newCheckoutSecret(livemode);
        OffsetDateTime now = now();
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("id", id);
        row.put("merchantId", merchantId);
        row.put("apiKey", apiKey);
        row.put("secretSealed", secrets.seal(id, secret));
        row.put("livemode", livemode);
        row.put("createdAt", now);
        CheckoutCredentialView view = new CheckoutCredentialView(id, merchantId, apiKey, secret, livemode,
                CredentialStatus.ACTIVE, now.toInstant(), null, null, null);
        return new Issued<>(row, view);
    }

    public Issued<CheckoutCredentialView> rotateCheckoutCredential(Map<String, Object> current, Rotation rotation) {
        requireActive(current, "checkout credential");
        UUID id = Rows.uuid(current, "id");
        boolean livemode = Rows.bool(current, "livemode");
        String secret = newCheckoutSecret(livemode);
        OffsetDateTime now = now();
        OffsetDateTime previousValidUntil = now.plus(Duration.ofMinutes(rotation.grace()));
        Map<String, Object> update = new LinkedHashMap<>();
        update.put("id", id);
        update.put("secretSealed", secrets.seal(id, secret));
        update.put("expectedSecretSealed", Rows.string(current, "secret_sealed"));
        update.put("previousValidUntil", previousValidUntil);
        update.put("rotatedAt", now);
        CheckoutCredentialView view = checkoutCredentialView(current);
        view = new CheckoutCredentialView(id, view.merchantId(), view.apiKey(), secret, livemode, view.status(),
                view.createdAt(), now.toInstant(), previousValidUntil.toInstant(), null);
        return new Issued<>(update, view);
    }

    public Issued<ApiKeyView> issueApiKey(UUID merchantId, NewApiKey request) {
        List<FieldError> errors = new ArrayList<>();
        List<String> scopes = scopes(request.scopes(), errors);
        List<String> allowedIps = allowedIps(request.allowedIps(), errors);
        OffsetDateTime now = now();
        if (request.expiresAt() != null && !request.expiresAt().isAfter(now)) {
            errors.add(new FieldError("expires_at", "must be in the future"));
        }
        if (!errors.isEmpty()) {
            throw ApiException.invalid(errors);
        }
        UUID id = UUID.randomUUID();
        String lookup = ApiKeys.newLookup();
        String key = ApiKeys.newKey(request.live(), lookup);
        OffsetDateTime expiresAt = request.expiresAt() == null ? null
                : Times.stored(request.expiresAt());
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("id", id);
        row.put("merchantId", merchantId);
        row.put("name", request.name().strip());
        row.put("lookup", lookup);
        row.put("secretHash", ApiKeys.hash(key));
        row.put("scopes", String.join(" ", scopes));
        row.put("allowedIps", String.join(" ", allowedIps));
        row.put("livemode", request.live());
        row.put("expiresAt", expiresAt);
        row.put("createdAt", now);
        ApiKeyView view = new ApiKeyView(id, merchantId, request.name().strip(), ApiKeys.prefix(request.live(), lookup),
                key, request.live(), scopes, allowedIps, expiresAt == null ? null : expiresAt.toInstant(),
                CredentialStatus.ACTIVE, now.toInstant(), null, null, null, null);
        return new Issued<>(row, view);
    }

    public Issued<ApiKeyView> rotateApiKey(Map<String, Object> current, Rotation rotation) {
        requireActive(current, "API key");
        ApiKeyView view = apiKeyView(current);
        if (view.expiresAt() != null && !view.expiresAt().isAfter(now().toInstant())) {
            throw ApiException.conflict("api_key_expired", "This API key expired at " + view.expiresAt()
                    + "; rotating it would not make it usable. Create a new key instead.");
        }
        String key = ApiKeys.newKey(view.livemode(), Rows.string(current, "lookup"));
        OffsetDateTime now = now();
        OffsetDateTime previousValidUntil = now.plus(Duration.ofMinutes(rotation.grace()));
        Map<String, Object> update = new LinkedHashMap<>();
        update.put("id", view.id());
        update.put("secretHash", ApiKeys.hash(key));
        update.put("expectedSecretHash", Rows.string(current, "secret_hash"));
        update.put("previousValidUntil", previousValidUntil);
        update.put("rotatedAt", now);
        ApiKeyView rotated = new ApiKeyView(view.id(), view.merchantId(), view.name(), view.keyPrefix(), key,
                view.livemode(), view.scopes(), view.allowedIps(), view.expiresAt(), view.status(), view.createdAt(),
                now.toInstant(), previousValidUntil.toInstant(), null, view.lastUsedAt());
        return new Issued<>(update, rotated);
    }

    public MerchantView merchantView(Map<String, Object> merchant, List<Map<String, Object>> credentials,
            List<Map<String, Object>> apiKeys) {
        return new MerchantView(Rows.uuid(merchant, "id"), Rows.string(merchant, "vendor"),
                Rows.string(merchant, "name"), Rows.string(merchant, "email"),
                MerchantStatus.valueOf(Rows.string(merchant, "status")), Rows.instant(merchant, "created_at"),
                Rows.instant(merchant, "verified_at"),
                credentials.stream().map(this::checkoutCredentialView).toList(),
                apiKeys.stream().map(this::apiKeyView).toList());
    }

    public CheckoutCredentialView checkoutCredentialView(Map<String, Object> row) {
        return new CheckoutCredentialView(Rows.uuid(row, "id"), Rows.uuid(row, "merchant_id"),
                Rows.string(row, "api_key"), null, Rows.bool(row, "livemode"),
                CredentialStatus.valueOf(Rows.string(row, "status")), Rows.instant(row, "created_at"),
                Rows.instant(row, "rotated_at"), Rows.instant(row, "previous_valid_until"),
                Rows.instant(row, "revoked_at"));
    }

    public ApiKeyView apiKeyView(Map<String, Object> row) {
        boolean livemode = Rows.bool(row, "livemode");
        return new ApiKeyView(Rows.uuid(row, "id"), Rows.uuid(row, "merchant_id"), Rows.string(row, "name"),
                ApiKeys.prefix(livemode, Rows.string(row, "lookup")), null, livemode,
                words(Rows.string(row, "scopes")), words(Rows.string(row, "allowed_ips")),
                Rows.instant(row, "expires_at"), CredentialStatus.valueOf(Rows.string(row, "status")),
                Rows.instant(row, "created_at"), Rows.instant(row, "rotated_at"),
                Rows.instant(row, "previous_valid_until"), Rows.instant(row, "revoked_at"),
                Rows.instant(row, "last_used_at"));
    }

    public ApiKeyRecord apiKeyRecord(Map<String, Object> row) {
        return new ApiKeyRecord(Rows.uuid(row, "id"), Rows.uuid(row, "merchant_id"), Rows.bool(row, "livemode"),
                CredentialStatus.valueOf(Rows.string(row, "status")), Rows.instant(row, "expires_at"),
                words(Rows.string(row, "scopes")), words(Rows.string(row, "allowed_ips")),
                Rows.string(row, "secret_hash"), Rows.string(row, "previous_secret_hash"),
                Rows.instant(row, "previous_valid_until"), MerchantStatus.valueOf(Rows.string(row, "merchant_status")));
    }

    /** A stored credential with its secrets opened: the current one, and a replaced one still in grace. */
    public CheckoutCredential checkoutCredential(Map<String, Object> row) {
        UUID id = Rows.uuid(row, "id");
        List<String> secretsToTry = new ArrayList<>();
        secretsToTry.add(secrets.open(id, Rows.string(row, "secret_sealed")));
        Instant previousUntil = Rows.instant(row, "previous_valid_until");
        if (previousUntil != null && previousUntil.isAfter(clock.instant()) && row.get("previous_secret_sealed") != null) {
            secretsToTry.add(secrets.open(id, Rows.string(row, "previous_secret_sealed")));
        }
        return new CheckoutCredential(id, Rows.uuid(row, "merchant_id"), Rows.string(row, "vendor"),
                Rows.string(row, "merchant_name"), MerchantStatus.valueOf(Rows.string(row, "merchant_status")),
                Rows.string(row, "api_key"), Rows.bool(row, "livemode"),
                CredentialStatus.valueOf(Rows.string(row, "status")), List.copyOf(secretsToTry));
    }

    /** What an issuing step produced: the SQL parameters to store and the answer to give once. */
    public record Issued<V>(Map<String, Object> params, V view) {
    }

    private static String newCheckoutSecret(boolean livemode) {
        return (livemode ? "cs_live_" : "cs_test_") + RandomTokens.base62(40);
    }

    private static void requireActive(Map<String, Object> row, String what) {
        if (CredentialStatus.REVOKED.name().equals(Rows.string(row, "status"))) {
            throw ApiException.conflict("credential_revoked", "This " + what + " is revoked and cannot be rotated; "
                    + "issue a new one instead.");
        }
    }

    private static List<String> scopes(List<String> requested, List<FieldError> errors) {
        Set<String> scopes = new LinkedHashSet<>();
        for (int i = 0; i < requested.size(); i++) {
            String scope = requested.get(i).strip();
            if (Scope.of(scope).isEmpty()) {
                errors.add(new FieldError("scopes[" + i + "]", "'" + scope + "' is not a scope; the scopes are "
                        + Scope.allValues()));
            }
            scopes.add(scope);
        }
        return List.copyOf(scopes);
    }

    private static List<String> allowedIps(List<String> requested, List<FieldError> errors) {
        if (requested == null) {
            return List.of();
        }
        Set<String> blocks = new LinkedHashSet<>();
        for (int i = 0; i < requested.size(); i++) {
            IpAllowList.Result<String> parsed = IpAllowList.normalise(requested.get(i));
            if (parsed.isOk()) {
                blocks.add(parsed.value());
            } else {
                errors.add(new FieldError("allowed_ips[" + i + "]", parsed.error()));
            }
        }
        return List.copyOf(blocks);
    }

    private static List<String> words(String spaceSeparated) {
        return spaceSeparated == null || spaceSeparated.isBlank() ? List.of()
                : Arrays.asList(spaceSeparated.trim().split(" +"));
    }
}
