package io.malipo.admin;

import io.malipo.common.ApiException;
import io.malipo.common.ErrorRouteConfigurations;
import io.malipo.common.FieldError;
import io.malipo.common.HttpExchanges;
import io.malipo.common.JsonBodies;
import io.malipo.common.RouteIds;
import io.malipo.delivery.DeliveryEndpoints;
import io.malipo.delivery.DeliveryPage;
import io.malipo.delivery.DeliveryRoutes;
import io.malipo.delivery.DeliveryStatus;
import io.malipo.delivery.DeliveryView;
import io.malipo.merchant.ApiKeyView;
import io.malipo.merchant.CheckoutCredentialView;
import io.malipo.merchant.MerchantEndpoints;
import io.malipo.merchant.MerchantRoutes;
import io.malipo.merchant.MerchantView;
import io.malipo.merchant.NewApiKey;
import io.malipo.merchant.NewCheckoutCredential;
import io.malipo.merchant.NewMerchant;
import io.malipo.merchant.NewTeamMember;
import io.malipo.merchant.Rotation;
import io.malipo.merchant.TeamInvitationView;
import io.malipo.payments.Conflicts;
import io.malipo.payments.PaymentsEndpoints;
import io.malipo.payments.SettlementConflictPage;
import io.malipo.routes.RouteFilesView;
import io.malipo.routes.RoutesEndpoints;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.apache.camel.Exchange;
import org.apache.camel.Message;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.model.rest.RestDefinition;
import org.apache.camel.model.rest.RestParamType;
import org.springframework.stereotype.Component;

/**
 * The operations API (/admin/v1): onboarding merchants and issuing, rotating and revoking
 * their credentials; the delivery log, settlement conflicts and the route files. Each REST verb forwards to a {@code direct:admin-*} route that checks the
 * admin token, reads the request and calls the merchant package.
 */
@Component
public class AdminApiRoutes extends RouteBuilder {

    private static final String TAG = "Admin";
    private static final String SECURITY = "adminToken";

    private final AdminAuth auth;
    private final JsonBodies json;

    public AdminApiRoutes(AdminAuth auth, JsonBodies json) {
        this.auth = auth;
        this.json = json;
    }

    @Override
    public void configure() {
        RestDefinition admin = rest("/admin/v1")
                .description("Operations API: onboard merchants and manage their credentials. "
                        + "Authenticate with 'Authorization: Bearer <MALIPO_ADMIN_TOKEN>'.")
                .securityDefinitions()
                    .bearerToken(SECURITY, "The admin token (MALIPO_ADMIN_TOKEN)", "opaque")
                .end();

        admin.post("/merchants").id("rest-admin-merchant-create").tag(TAG).security(SECURITY)
                .description("Onboard a merchant. It starts UNVERIFIED: its test credentials work at once, "
                        + "its live credentials only once it is verified.")
                .type(NewMerchant.class)
                .responseMessage().code(201).message("The merchant, with its vendor id")
                        .responseModel(MerchantView.class)
                .endResponseMessage()
                .responseMessage().code(400).message("A field is missing or invalid").endResponseMessage()
                .to("direct:admin-merchant-create");
        admin.get("/merchants/{id}").id("rest-admin-merchant-get").tag(TAG).security(SECURITY)
                .description("A merchant with its checkout credentials and API keys (never their secrets)")
                .responseMessage().code(200).message("The merchant")
                        .responseModel(MerchantView.class)
                .endResponseMessage()
                .responseMessage().code(404).message("No merchant has this id").endResponseMessage()
                .to("direct:admin-merchant-get");
        admin.post("/merchants/{id}/verify").id("rest-admin-merchant-verify").tag(TAG).security(SECURITY)
                .description("Mark a merchant VERIFIED, which lets its live credentials work")
                .responseMessage().code(200).message("The merchant, now VERIFIED")
                        .responseModel(MerchantView.class)
                .endResponseMessage()
                .responseMessage().code(404).message("No merchant has this id").endResponseMessage()
                .to("direct:admin-merchant-verify");
        admin.post("/merchants/{id}/checkout-credentials").id("rest-admin-checkout-credential-create").tag(TAG)
                .security(SECURITY)
                .description("Issue a checkout API key and secret (test mode unless livemode is true). "
                        + "The secret is shown in this answer only.")
                .type(NewCheckoutCredential.class)
                .responseMessage().code(201).message("The credential with its secret")
                        .responseModel(CheckoutCredentialView.class)
                .endResponseMessage()
                .responseMessage().code(404).message("No merchant has this id").endResponseMessage()
                .to("direct:admin-checkout-credential-create");
        admin.post("/checkout-credentials/{id}/rotate").id("rest-admin-checkout-credential-rotate").tag(TAG)
                .security(SECURITY)
                .description("Replace a checkout secret. The old one keeps working for grace_minutes "
                        + "(default 60, 0 = stop now). The new secret is shown in this answer only.")
                .type(Rotation.class)
                .responseMessage().code(201).message("The credential with its new secret")
                        .responseModel(CheckoutCredentialView.class)
                .endResponseMessage()
                .responseMessage().code(409).message("The credential is revoked").endResponseMessage()
                .to("direct:admin-checkout-credential-rotate");
        admin.post("/checkout-credentials/{id}/revoke").id("rest-admin-checkout-credential-revoke").tag(TAG)
                .security(SECURITY)
                .description("Revoke a checkout credential at once, including a replaced secret still in its grace")
                .responseMessage().code(200).message("The credential, now REVOKED")
                        .responseModel(CheckoutCredentialView.class)
                .endResponseMessage()
                .to("direct:admin-checkout-credential-revoke");
        admin.post("/merchants/{id}/users").id("rest-admin-team-invite").tag(TAG).security(SECURITY)
                .description("Invite a person to the merchant's dashboard with a role (OWNER, DEVELOPER, FINANCE or "
                        + "VIEWER). The answer's invitation_url is single use, valid 72 hours, and shown only here: "
                        + "pass it on; opening it sets the password.")
                .type(NewTeamMember.class)
                .responseMessage().code(201).message("The invitation").responseModel(TeamInvitationView.class)
                .endResponseMessage()
                .responseMessage().code(404).message("No merchant has this id").endResponseMessage()
                .responseMessage().code(409).message("The email is already on a team").endResponseMessage()
                .to("direct:admin-team-invite");
        admin.post("/merchants/{id}/api-keys").id("rest-admin-api-key-create").tag(TAG).security(SECURITY)
                .description("Issue a token-API key with scopes, optional allowed addresses (CIDR) and "
                        + "optional expiry. The key is shown in this answer only.")
                .type(NewApiKey.class)
                .responseMessage().code(201).message("The key, whole, once")
                        .responseModel(ApiKeyView.class)
                .endResponseMessage()
                .responseMessage().code(400).message("Unknown scope, malformed CIDR or past expiry")
                .endResponseMessage()
                .to("direct:admin-api-key-create");
        admin.post("/api-keys/{id}/rotate").id("rest-admin-api-key-rotate").tag(TAG).security(SECURITY)
                .description("Replace an API key. The old key keeps working for grace_minutes "
                        + "(default 60, 0 = stop now). The new key is shown in this answer only.")
                .type(Rotation.class)
                .responseMessage().code(201).message("The new key, whole, once")
                        .responseModel(ApiKeyView.class)
                .endResponseMessage()
                .responseMessage().code(409).message("The key is revoked or expired").endResponseMessage()
                .to("direct:admin-api-key-rotate");
        admin.post("/api-keys/{id}/revoke").id("rest-admin-api-key-revoke").tag(TAG).security(SECURITY)
                .description("Revoke an API key at once; tokens issued from it stop working")
                .responseMessage().code(200).message("The key, now REVOKED")
                        .responseModel(ApiKeyView.class)
                .endResponseMessage()
                .to("direct:admin-api-key-revoke");

        admin.get("/deliveries").id("rest-admin-deliveries").tag(TAG).security(SECURITY)
                .description("The delivery log (checkout callbacks, webhook events), newest first")
                .param().name("status").type(RestParamType.query).required(false)
                .description("PENDING, DELIVERING, DELIVERED or FAILED").endParam()
                .param().name("merchant_id").type(RestParamType.query).required(false).endParam()
                .param().name("limit").type(RestParamType.query).required(false)
                .description("1 to 100, default 50").endParam()
                .param().name("before").type(RestParamType.query).required(false)
                .description("next_before of the previous page").endParam()
                .responseMessage().code(200).message("A page of deliveries").responseModel(DeliveryPage.class)
                .endResponseMessage()
                .to("direct:admin-deliveries");
        admin.get("/deliveries/{id}").id("rest-admin-delivery").tag(TAG).security(SECURITY)
                .description("A delivery with its payload and every attempt")
                .responseMessage().code(200).message("The delivery").responseModel(DeliveryView.class)
                .endResponseMessage()
                .responseMessage().code(404).message("No delivery has this id").endResponseMessage()
                .to("direct:admin-delivery");
        admin.post("/deliveries/{id}/resend").id("rest-admin-delivery-resend").tag(TAG).security(SECURITY)
                .description("Send a delivery again now (a FAILED one gets one more attempt)")
                .responseMessage().code(202).message("Due now").responseModel(DeliveryView.class).endResponseMessage()
                .responseMessage().code(404).message("No delivery has this id").endResponseMessage()
                .to("direct:admin-delivery-resend");

        from("direct:admin-deliveries").routeId("admin-deliveries")
                .routeConfigurationId(ErrorRouteConfigurations.ADMIN)
                .process(auth)
                .process(AdminApiRoutes::deliveryQuery)
                .to(DeliveryEndpoints.LIST)
                .process(json.respond(200));
        admin.get("/settlement-conflicts").id("rest-admin-settlement-conflicts").tag(TAG).security(SECURITY)
                .description("Provider reports that contradicted how a payment, payout or reversal had ended, and "
                        + "money that arrived for an order that could no longer take it, with what Malipo did about "
                        + "each; newest first. NEEDS_REVIEW ones wait for a person.")
                .param().name("resolution").type(RestParamType.query).required(false)
                .description("ORDER_COMPLETED, AUTOMATIC_REVERSAL, LEDGER_ADJUSTMENT or NEEDS_REVIEW").endParam()
                .param().name("limit").type(RestParamType.query).required(false)
                .description("1 to 100, default 50").endParam()
                .param().name("before").type(RestParamType.query).required(false)
                .description("next_before of the previous page").endParam()
                .responseMessage().code(200).message("A page of settlement conflicts")
                .responseModel(SettlementConflictPage.class).endResponseMessage()
                .to("direct:admin-settlement-conflicts");
        from("direct:admin-settlement-conflicts").routeId("admin-settlement-conflicts")
                .routeConfigurationId(ErrorRouteConfigurations.ADMIN)
                .process(auth)
                .process(AdminApiRoutes::conflictQuery)
                .to(PaymentsEndpoints.SETTLEMENT_CONFLICTS_LIST)
                .process(json.respond(200));

        admin.get("/routes").id("rest-admin-routes").tag(TAG).security(SECURITY)
                .description("The route files of the instance that answers: the routes each runs, the version loaded "
                        + "(SHA-256 of its content, when), and the last change refused with its line and reason. "
                        + "Each instance reads its own folder.")
                .responseMessage().code(200).message("The route files").responseModel(RouteFilesView.class)
                .endResponseMessage()
                .to("direct:admin-routes");
        from("direct:admin-routes").routeId("admin-routes")
                .routeConfigurationId(ErrorRouteConfigurations.ADMIN)
                .process(auth)
                .to(RoutesEndpoints.FILES)
                .process(json.respond(200));

        operation("direct:admin-delivery", DeliveryRoutes.DELIVERY_ID, "delivery", null, DeliveryEndpoints.GET, 200);
        operation("direct:admin-delivery-resend", DeliveryRoutes.DELIVERY_ID, "delivery", null,
                DeliveryEndpoints.RESEND,
                202);

        operation("direct:admin-merchant-create", null, null, NewMerchant.class, MerchantEndpoints.MERCHANT_CREATE,
                201);
        operation("direct:admin-merchant-get", MerchantRoutes.MERCHANT_ID, "merchant", null,
                MerchantEndpoints.MERCHANT_GET,
                200);
        operation("direct:admin-merchant-verify", MerchantRoutes.MERCHANT_ID, "merchant", null,
                MerchantEndpoints.MERCHANT_VERIFY, 200);
        operation("direct:admin-checkout-credential-create", MerchantRoutes.MERCHANT_ID, "merchant",
                NewCheckoutCredential.class, MerchantEndpoints.CHECKOUT_CREDENTIAL_ISSUE, 201);
        operation("direct:admin-checkout-credential-rotate", MerchantRoutes.CREDENTIAL_ID, "checkout credential",
                Rotation.class, MerchantEndpoints.CHECKOUT_CREDENTIAL_ROTATE, 201);
        operation("direct:admin-checkout-credential-revoke", MerchantRoutes.CREDENTIAL_ID, "checkout credential", null,
                MerchantEndpoints.CHECKOUT_CREDENTIAL_REVOKE, 200);
        operation("direct:admin-team-invite", MerchantRoutes.MERCHANT_ID, "merchant", NewTeamMember.class,
                MerchantEndpoints.TEAM_INVITE, 201);
        operation("direct:admin-api-key-create", MerchantRoutes.MERCHANT_ID, "merchant", NewApiKey.class,
                MerchantEndpoints.API_KEY_ISSUE, 201);
        operation("direct:admin-api-key-rotate", MerchantRoutes.CREDENTIAL_ID, "API key", Rotation.class,
                MerchantEndpoints.API_KEY_ROTATE, 201);
        operation("direct:admin-api-key-revoke", MerchantRoutes.CREDENTIAL_ID, "API key", null,
                MerchantEndpoints.API_KEY_REVOKE, 200);
    }

    /**
     * One admin operation: check the token, take the object's id from the path (when there is
     * one), read the body (when the operation takes one), call the merchant package, answer.
     */
    private void operation(String uri, String idProperty, String what, Class<?> bodyType, String target,
            int status) {
        var route = from(uri).routeId(RouteIds.of(uri))
                .routeConfigurationId(ErrorRouteConfigurations.ADMIN)
                .process(auth);
        if (idProperty != null) {
            route.process(e -> {
                UUID id = HttpExchanges.pathId(e, what);
                e.setProperty(idProperty, id);
                if (MerchantRoutes.MERCHANT_ID.equals(idProperty)) {
                    HttpExchanges.setMerchant(e, id);
                }
            });
        }
        if (bodyType != null) {
            route.process(json.read(bodyType));
        }
        route.to(target)
                .process(e -> {
                    if (e.getIn().getBody() == null) {
                        throw ApiException.notFound("There is no " + what + " with id "
                                + e.getProperty(idProperty) + ".");
                    }
                })
                .process(json.respond(status));
    }

    private static void deliveryQuery(Exchange exchange) {
        var in = exchange.getIn();
        List<FieldError> errors = new ArrayList<>();
        String status = Optional.ofNullable(in.getHeader("status", String.class)).orElse("").strip().toUpperCase();
        if (!status.isEmpty() && Arrays.stream(DeliveryStatus.values()).noneMatch(s -> s.name().equals(status))) {
            errors.add(new FieldError("status", "must be PENDING, DELIVERING, DELIVERED or FAILED"));
        }
        UUID merchant = null;
        String merchantId = in.getHeader("merchant_id", String.class);
        if (merchantId != null && !merchantId.isBlank()) {
            try {
                merchant = UUID.fromString(merchantId.strip());
            } catch (IllegalArgumentException e) {
                errors.add(new FieldError("merchant_id", "must be a merchant id"));
            }
        }
        Map<String, Object> query = new LinkedHashMap<>();
        query.put("status", status);
        query.put("merchantId", merchant);
        in.setBody(page(in, query, errors));
    }

    private static void conflictQuery(Exchange exchange) {
        var in = exchange.getIn();
        List<FieldError> errors = new ArrayList<>();
        String resolution = Optional.ofNullable(in.getHeader("resolution", String.class)).orElse("").strip()
                .toUpperCase();
        if (!resolution.isEmpty() && Arrays.stream(Conflicts.Resolution.values()).noneMatch(r -> r.name()
                .equals(resolution))) {
            errors.add(new FieldError("resolution", "must be ORDER_COMPLETED, AUTOMATIC_REVERSAL, LEDGER_ADJUSTMENT "
                    + "or NEEDS_REVIEW"));
        }
        Map<String, Object> query = new LinkedHashMap<>();
        query.put("resolution", resolution);
        in.setBody(page(in, query, errors));
    }

    /** An admin list's query: its filters, and limit and before of the page; 400 naming every field at fault. */
    private static Map<String, Object> page(Message in, Map<String, Object> query, List<FieldError> errors) {
        int limit = number(in.getHeader("limit", String.class), 50, "limit", 1, 100, errors);
        long before = number(in.getHeader("before", String.class), Long.MAX_VALUE, "before", 1, Long.MAX_VALUE, errors);
        if (!errors.isEmpty()) {
            throw ApiException.invalid(errors);
        }
        query.put("beforeSeq", before);
        query.put("limit", limit);
        return query;
    }

    private static int number(String text, int fallback, String field, int min, int max, List<FieldError> errors) {
        return (int) number(text, (long) fallback, field, min, (long) max, errors);
    }

    private static long number(String text, long fallback, String field, long min, long max, List<FieldError> errors) {
        if (text == null || text.isBlank()) {
            return fallback;
        }
        try {
            long value = Long.parseLong(text.strip());
            if (value >= min && value <= max) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        errors.add(new FieldError(field, "must be a whole number from " + min + " to " + max));
        return fallback;
    }

}
