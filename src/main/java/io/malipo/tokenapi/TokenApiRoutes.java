package io.malipo.tokenapi;

import io.malipo.common.ErrorRouteConfigurations;
import io.malipo.common.JsonBodies;
import io.malipo.merchant.MerchantEndpoints;
import java.util.Map;
import org.apache.camel.builder.AggregationStrategies;
import org.springframework.stereotype.Component;

/**
 * The token API's own endpoints: getting an access token, the public keys that verify tokens,
 * and the authentication every other operation goes through.
 */
@Component
public class TokenApiRoutes extends TokenApiRouteBuilder {

    /**
     * Idempotency-Keys past their window are forgotten: a request repeating one is new again.
     * Run by routes/schedules.yaml.
     */
    public static final String FORGET_IDEMPOTENCY_KEYS = "direct:idempotency-keys-forget";
    private static final String TAG = "Access tokens";

    private final TokenEndpoint tokenEndpoint;
    private final BearerAuth bearer;
    private final SigningKeys signingKeys;
    private final JsonBodies json;
    private final Idempotency idempotency;

    public TokenApiRoutes(Idempotency idempotency, TokenEndpoint tokenEndpoint, BearerAuth bearer,
            SigningKeys signingKeys, JsonBodies json) {
        super(idempotency);
        this.idempotency = idempotency;
        this.tokenEndpoint = tokenEndpoint;
        this.bearer = bearer;
        this.signingKeys = signingKeys;
        this.json = json;
    }

    @Override
    public void configure() {
        api().post("/oauth/token").id("rest-api-token").tag(TAG)
                .description("Trade an API key for an access token (OAuth 2.0 client credentials). Send the whole key "
                        + "in X-Api-Key and the form body grant_type=client_credentials, optionally with scope (space-"
                        + "separated; default: all of the key's scopes). Tokens last 300 s: reuse one until shortly "
                        + "before it expires. Errors are RFC 6749 bodies: invalid_client (401), invalid_request, "
                        + "unsupported_grant_type, invalid_scope (400), rate_limited (429 with Retry-After).")
                .param().name("X-Api-Key").type(org.apache.camel.model.rest.RestParamType.header).required(true)
                .description("The whole API key, mk_test_… or mk_live_…").endParam()
                .responseMessage().code(200).message("access_token, token_type Bearer, expires_in 300, scope")
                        .responseModel(TokenAnswer.class).endResponseMessage()
                .responseMessage().code(401).message("invalid_client").endResponseMessage()
                .responseMessage().code(429).message("rate_limited: too many tokens for this key").endResponseMessage()
                .to("direct:api-token");
        api().get("/.well-known/jwks.json").id("rest-api-jwks").tag(TAG)
                .description("The public keys (JWK Set) that verify access tokens, by the kid in a token's header")
                .responseMessage().code(200).message("A JWK Set").endResponseMessage()
                .to("direct:api-jwks");

        from("direct:api-token").routeId("api-token")
                .routeConfigurationId(ErrorRouteConfigurations.OAUTH)
                .process(tokenEndpoint::read)
                .to(MerchantEndpoints.API_KEY_FIND_FOR_USE)
                .process(tokenEndpoint::issue)
                .enrich(MerchantEndpoints.API_KEY_USED, AggregationStrategies.useOriginal());

        from("direct:api-jwks").routeId("api-jwks")
                .routeConfigurationId(ErrorRouteConfigurations.TOKEN_API)
                .process(e -> json.respond(e, 200, signingKeys.publicSet()))
                .setHeader("Cache-Control", constant("public, max-age=300"));

        from(FORGET_IDEMPOTENCY_KEYS).routeId("idempotency-keys-forget")
                .setBody(e -> Map.of("olderThan", idempotency.forgetBefore()))
                .to("sql:classpath:sql/tokenapi/delete-idempotency-keys-older.sql");

        // Every other operation of the token API starts here (see TokenApiRouteBuilder.operation).
        from("direct:api-authenticate").routeId("api-authenticate").errorHandler(noErrorHandler())
                .process(bearer::verifyToken)
                .to(MerchantEndpoints.API_KEY_FIND_FOR_USE)
                .process(bearer::verifyKey);
    }
}
