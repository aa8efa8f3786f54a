package io.malipo.merchant;

import io.malipo.common.ApiException;
import io.malipo.common.Rows;
import io.malipo.common.Transactions;
import io.malipo.merchant.Onboarding.Issued;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.BiFunction;
import java.util.function.Function;
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
    /** The statements of one kind of credential, each a file in sql/merchants/. */
    private record CredentialSql(String select, String insert, String updateSecret, String updateRevoked) {
    }

    private static final CredentialSql CHECKOUT_CREDENTIAL = new CredentialSql("select-checkout-credential.sql",
            "insert-checkout-credential.sql", "update-checkout-credential-secret.sql",
            "update-checkout-credential-revoked.sql");
    private static final CredentialSql API_KEY = new CredentialSql("select-api-key.sql", "insert-api-key.sql",
            "update-api-key-secret.sql", "update-api-key-revoked.sql");

    private static final String CACHED = "malipoCredentialCached";
    private static final String CACHE_KEY = "malipoCredentialCacheKey";
    private static final String CACHE_GENERATION = "malipoCredentialCacheGeneration";

    private final Onboarding onboarding;
    private final TeamMembers team;
    private final CredentialCache cache;

    public MerchantRoutes(Onboarding onboarding, TeamMembers team, CredentialCache cache) {
        this.onboarding = onboarding;
        this.team = team;
        this.cache = cache;
    }

    /** The first kept value of the keys as the body (and {@value #CACHED} set), or notes the generation to keep one. */
    private <T> void fromCache(Exchange exchange, List<String> keys, Class<T> type) {
        for (String key : keys) {
            Optional<T> kept = cache.get(key, type);
            if (kept.isPresent()) {
                exchange.setProperty(CACHED, true);
                exchange.getIn().setBody(kept.get());
                return;
            }
        }
        exchange.setProperty(CACHE_GENERATION, cache.generation());
    }

    /** The credential of the row, kept until a replaced secret's grace ends, if it has one. */
    private CheckoutCredential keepCredential(Exchange exchange, String key, Map<String, Object> row) {
        CheckoutCredential credential = onboarding.checkoutCredential(row);
        Instant graceEnds = Rows.instant(row, "previous_valid_until");
        cache.put(key, credential, exchange.getProperty(CACHE_GENERATION, Long.class),
                graceEnds != null && graceEnds.isAfter(onboarding.now().toInstant()) ? graceEnds : Instant.MAX);
        return credential;
    }

    private static String signingKey(Map<?, ?> keys) {
        return "signing:" + keys.get("merchantId") + ":" + keys.get("livemode") + ":" + keys.get("credentialId");
    }

    private static String apiKeyKey(Map<?, ?> keys) {
        return keys.get("lookup") != null ? "api-key-lookup:" + keys.get("lookup") : "api-key-id:" + keys.get("apiKeyId");
    }

    @Override
    public void configure() {
        // Failures belong to the caller: its error handling (an API surface's, a timer's) decides
        // how to answer. Handling them here would mark them done and hide them from the caller.
        errorHandler(noErrorHandler());

        from(MerchantEndpoints.MERCHANT_CREATE).routeId("merchant-create")
                .process(e -> {
                    Map<String, Object> row = onboarding.newMerchantRow(e.getIn().getBody(NewMerchant.class),
                            Boolean.TRUE.equals(e.getProperty(DEMO, Boolean.class)));
                    e.setProperty(MERCHANT_ID, row.get("id"));
                    e.getIn().setBody(row);
                })
                .to(SQL + "insert-merchant.sql")
                .to(MerchantEndpoints.MERCHANT_GET);

        from(MerchantEndpoints.MERCHANT_GET).routeId("merchant-get")
                .to(SQL + "select-merchant.sql?outputType=SelectOne")
                .process(e -> e.setProperty(MERCHANT_ROW, found(e, "merchant", MERCHANT_ID)))
                .to(SQL + "select-checkout-credentials-by-merchant.sql")
                .setProperty(CREDENTIAL_ROWS, body())
                .to(SQL + "select-api-keys-by-merchant.sql")
                .process(e -> e.getIn().setBody(onboarding.merchantView(e.getProperty(MERCHANT_ROW, Map.class),
                        e.getProperty(CREDENTIAL_ROWS, List.class), e.getIn().getBody(List.class))));

        from(MerchantEndpoints.MERCHANT_VERIFY).routeId("merchant-verify")
                .setProperty(NOW, method(onboarding, "now"))
                .to(SQL + "update-merchant-verified.sql")
                .process(e -> requireUpdated(e, "merchant", MERCHANT_ID))
                .process(this::changedHere)
                .to(MerchantEndpoints.MERCHANT_GET);

        from(MerchantEndpoints.TEAM_INVITE).routeId("team-invite")
                .setProperty(REQUEST, body())
                .to(SQL + "select-merchant.sql?outputType=SelectOne")
                .process(e -> {
                    found(e, "merchant", MERCHANT_ID);
                    NewTeamMember request = e.getProperty(REQUEST, NewTeamMember.class);
                    e.getIn().setBody(TeamInvitationView.of(team.invite(e.getProperty(MERCHANT_ID, UUID.class),
                            request.email(), request.role())));
                });

        from(MerchantEndpoints.DEMO_MERCHANT_FIND).routeId("demo-merchant-find")
                .to(SQL + "select-demo-merchant.sql?outputType=SelectOne");

        issuing(MerchantEndpoints.CHECKOUT_CREDENTIAL_ISSUE, CHECKOUT_CREDENTIAL, NewCheckoutCredential.class,
                (merchant, request) -> onboarding.issueCheckoutCredential(merchant, request.live()));
        rotation(MerchantEndpoints.CHECKOUT_CREDENTIAL_ROTATE, CHECKOUT_CREDENTIAL, "checkout credential",
                onboarding::rotateCheckoutCredential);
        revocation(MerchantEndpoints.CHECKOUT_CREDENTIAL_REVOKE, CHECKOUT_CREDENTIAL, "checkout credential",
                onboarding::checkoutCredentialView);

        issuing(MerchantEndpoints.API_KEY_ISSUE, API_KEY, NewApiKey.class, onboarding::issueApiKey);
        rotation(MerchantEndpoints.API_KEY_ROTATE, API_KEY, "API key", onboarding::rotateApiKey);
        revocation(MerchantEndpoints.API_KEY_REVOKE, API_KEY, "API key", onboarding::apiKeyView);

        // Credentials and keys are read for every signed request and every token: kept by
        // CredentialCache, read again only when something about them changed.
        from(MerchantEndpoints.CREDENTIAL_FIND).routeId("checkout-credential-find")
                .process(e -> fromCache(e, ((List<?>) e.getIn().getBody(List.class)).stream()
                        .map(key -> "checkout:" + key).toList(), CheckoutCredential.class))
                .filter(exchangeProperty(CACHED).isNull())
                    .process(e -> e.getIn().setBody(Map.of("candidates", e.getIn().getBody(List.class))))
                    .to(SQL + "select-checkout-credential-by-key.sql")
                    .process(e -> {
                        List<Map<String, Object>> rows = e.getIn().getBody(List.class);
                        e.getIn().setBody(rows.isEmpty() ? null
                                : keepCredential(e, "checkout:" + rows.get(0).get("api_key"), rows.get(0)));
                    })
                .end();

        from(MerchantEndpoints.CREDENTIAL_FOR_SIGNING).routeId("checkout-credential-for-signing")
                .process(e -> fromCache(e, List.of(signingKey(e.getIn().getBody(Map.class))), CheckoutCredential.class))
                .filter(exchangeProperty(CACHED).isNull())
                    .process(e -> e.setProperty(CACHE_KEY, signingKey(e.getIn().getBody(Map.class))))
                    .to(SQL + "select-checkout-credential-for-signing.sql?outputType=SelectOne")
                    .process(e -> {
                        Map<String, Object> row = e.getIn().getBody(Map.class);
                        e.getIn().setBody(row == null ? null
                                : keepCredential(e, e.getProperty(CACHE_KEY, String.class), row));
                    })
                .end();

        from(MerchantEndpoints.API_KEY_FIND_FOR_USE).routeId("api-key-find-for-use")
                .process(e -> fromCache(e, List.of(apiKeyKey(e.getIn().getBody(Map.class))), ApiKeyRecord.class))
                .filter(exchangeProperty(CACHED).isNull())
                    .process(e -> e.setProperty(CACHE_KEY, apiKeyKey(e.getIn().getBody(Map.class))))
                    .choice()
                        .when(simple("${body[lookup]} != null"))
                            .to(SQL + "select-api-key-for-use-by-lookup.sql?outputType=SelectOne")
                        .otherwise()
                            .to(SQL + "select-api-key-for-use-by-id.sql?outputType=SelectOne")
                    .end()
                    .process(e -> {
                        Map<String, Object> row = e.getIn().getBody(Map.class);
                        ApiKeyRecord key = row == null ? null : onboarding.apiKeyRecord(row);
                        // Its own checks compare times at each use: it stays right until it changes.
                        cache.put(e.getProperty(CACHE_KEY, String.class), key,
                                e.getProperty(CACHE_GENERATION, Long.class), Instant.MAX);
                        e.getIn().setBody(key);
                    })
                .end();

        from(MerchantEndpoints.API_KEY_USED).routeId("api-key-used")
                .filter(e -> cache.useToRecord(e.getProperty(CREDENTIAL_ID, UUID.class), onboarding.now().toInstant()))
                .setBody(e -> Map.of("apiKeyId", e.getProperty(CREDENTIAL_ID), "now", onboarding.now(),
                        "notBefore", onboarding.now().minusMinutes(1)))
                .to(SQL + "update-api-key-used.sql");

        // Replaced secrets stop working when their grace ends whether or not this runs (every
        // check compares previous_valid_until); this only stops keeping them longer than needed.
        from(MerchantEndpoints.FORGET_REPLACED_SECRETS).routeId("merchant-forget-replaced-secrets")
                .setProperty(NOW, method(onboarding, "now"))
                .to(SQL + "update-checkout-credential-grace-ended.sql")
                .to(SQL + "update-api-key-grace-ended.sql");
    }

    /** Issuing a credential to a merchant (404 if there is none) and answering it, secret included, once. */
    private <R> void issuing(String uri, CredentialSql sql, Class<R> requestType,
            BiFunction<UUID, R, Issued<?>> issue) {
        from(uri).routeId(routeId(uri))
                .setProperty(REQUEST, body())
                .to(SQL + "select-merchant.sql?outputType=SelectOne")
                .process(e -> {
                    found(e, "merchant", MERCHANT_ID);
                    issue(e, issue.apply(e.getProperty(MERCHANT_ID, UUID.class), e.getProperty(REQUEST, requestType)));
                })
                .to(SQL + sql.insert())
                .process(this::changedHere)
                .setBody(exchangeProperty(ISSUED));
    }

    /**
     * Replacing a credential's secret: read it (404 if unknown), compute the new secret (409 if
     * revoked), store it only if nobody changed the credential meanwhile.
     */
    private void rotation(String uri, CredentialSql sql, String what,
            BiFunction<Map<String, Object>, Rotation, Issued<?>> rotate) {
        from(uri).routeId(routeId(uri))
                .setProperty(REQUEST, body())
                .to(SQL + sql.select() + "?outputType=SelectOne")
                .process(e -> issue(e, rotate.apply(found(e, what, CREDENTIAL_ID),
                        e.getProperty(REQUEST, Rotation.class))))
                .to(SQL + sql.updateSecret())
                .process(MerchantRoutes::requireNoRace)
                .process(this::changedHere)
                .setBody(exchangeProperty(ISSUED));
    }

    /** Revoking a credential at once (again is harmless) and answering how it looks now. */
    private void revocation(String uri, CredentialSql sql, String what, Function<Map<String, Object>, ?> view) {
        from(uri).routeId(routeId(uri))
                .setProperty(NOW, method(onboarding, "now"))
                .to(SQL + sql.updateRevoked())
                .process(e -> requireUpdated(e, what, CREDENTIAL_ID))
                .process(this::changedHere)
                .to(SQL + sql.select() + "?outputType=SelectOne")
                .process(e -> e.getIn().setBody(view.apply(found(e, what, CREDENTIAL_ID))));
    }

    /**
     * This instance forgets kept credentials as soon as its own change commits, so whoever made
     * it sees it take effect at once; other instances hear of it from PostgreSQL.
     */
    private void changedHere(Exchange exchange) {
        Transactions.afterCommit(cache::changed);
    }

    /** The route id of a direct: endpoint: its name. */
    private static String routeId(String uri) {
        return uri.substring("direct:".length());
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
