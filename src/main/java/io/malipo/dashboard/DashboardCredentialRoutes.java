package io.malipo.dashboard;

import static io.malipo.common.PageAnswers.seeOther;

import io.malipo.common.JsonBodies;
import io.malipo.merchant.CheckoutCredentialView;
import io.malipo.merchant.CredentialStatus;
import io.malipo.merchant.MerchantEndpoints;
import io.malipo.merchant.MerchantRoutes;
import io.malipo.merchant.MerchantView;
import io.malipo.merchant.NewCheckoutCredential;
import io.malipo.merchant.TeamMembers;
import java.time.Instant;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import org.apache.camel.Exchange;
import org.springframework.stereotype.Component;

/**
 * The checkout API's credentials (the ck_ key and cs_ secret a shop signs requests with) of the
 * member's mode: listed without their secrets, issued and rotated with a fresh code (the secret
 * shown once), revoked at once. Through the admin API's code, and audited. Live credentials are
 * issued only in live mode, which opens once Malipo has verified the merchant.
 */
@Component
public class DashboardCredentialRoutes extends DeveloperRouteBuilder {

    private static final String CREDENTIALS = "/dashboard/developers/checkout-credentials";

    public DashboardCredentialRoutes(DashboardPages pages, TeamMembers team, JsonBodies json) {
        super(pages, team, json);
    }

    /**
     * A credential as the list shows it.
     *
     * @param replacedUntil when the secret it replaced stops working, while that is still ahead
     */
    public record CredentialRow(CheckoutCredentialView credential, String created, String replacedUntil,
            boolean active) {
    }

    @Override
    protected void routes() {
        dashboard().get("/developers/checkout-credentials").id("rest-dashboard-credentials")
                        .to("direct:dashboard-credentials")
                .post("/developers/checkout-credentials").id("rest-dashboard-credential-issue")
                        .to("direct:dashboard-credential-issue")
                .get("/developers/checkout-credentials/{id}/rotate").id("rest-dashboard-credential-rotation")
                        .to("direct:dashboard-credential-rotation")
                .post("/developers/checkout-credentials/{id}/rotate").id("rest-dashboard-credential-rotate")
                        .to("direct:dashboard-credential-rotate")
                .post("/developers/checkout-credentials/{id}/revoke").id("rest-dashboard-credential-revoke")
                        .to("direct:dashboard-credential-revoke");
        page("direct:dashboard-credentials", e -> credentials(e, 200, Map.of()));
        page("direct:dashboard-credential-issue", this::issue);
        page("direct:dashboard-credential-rotation", e -> rotation(e, 200, own(e, developer(e)), Map.of()));
        page("direct:dashboard-credential-rotate", this::rotate);
        page("direct:dashboard-credential-revoke", this::revoke);
    }

    private void credentials(Exchange exchange, int status, Map<String, Object> extra) {
        DashboardUser user = developer(exchange);
        Locale locale = DashboardPages.language(exchange);
        MerchantView merchant = merchant(user);
        Map<String, Object> page = page(user, "credentials", extra);
        page.put("vendor", merchant.vendor());
        page.put("credentials", merchant.checkoutCredentials().stream().filter(c -> c.livemode() == user.livemode())
                .map(c -> row(c, locale)).toList());
        pages.render(exchange, status, "dashboard/checkout-credentials", page);
    }

    private CredentialRow row(CheckoutCredentialView credential, Locale locale) {
        Instant now = pages.now();
        boolean active = credential.status() == CredentialStatus.ACTIVE;
        boolean replaced = active && credential.previousValidUntil() != null
                && credential.previousValidUntil().isAfter(now);
        return new CredentialRow(credential, pages.time(locale, credential.createdAt()),
                replaced ? pages.time(locale, credential.previousValidUntil()) : null, active);
    }

    private MerchantView merchant(DashboardUser user) {
        return pages.call(MerchantEndpoints.MERCHANT_GET,
                e -> e.setProperty(MerchantRoutes.MERCHANT_ID, user.merchantId()), MerchantView.class);
    }

    /** The credential the path names, when it is the merchant's in the member's mode; the 404 page otherwise. */
    private CheckoutCredentialView own(Exchange exchange, DashboardUser user) {
        UUID id = DashboardPages.pathId(exchange);
        return merchant(user).checkoutCredentials().stream()
                .filter(c -> c.id().equals(id) && c.livemode() == user.livemode()).findFirst()
                .orElseThrow(() -> new DashboardPages.NotFound(user));
    }

    /** A new credential of the member's mode, after a fresh code; its secret is shown once. */
    private void issue(Exchange exchange) {
        DashboardUser user = developer(exchange);
        String code = freshCodeProblem(user, DashboardPages.form(exchange));
        if (code != null) {
            credentials(exchange, 400, Map.of("problems", Map.of("code", FieldProblem.of(code))));
            return;
        }
        CheckoutCredentialView issued = pages.call(MerchantEndpoints.CHECKOUT_CREDENTIAL_ISSUE, e -> {
            e.setProperty(MerchantRoutes.MERCHANT_ID, user.merchantId());
            e.getIn().setBody(new NewCheckoutCredential(user.livemode()));
        }, CheckoutCredentialView.class);
        pages.audit(exchange, user, "checkout_credential_issued", issued.apiKey());
        credentials(exchange, 201, Map.of("issued", issued));
    }

    private void rotation(Exchange exchange, int status, CheckoutCredentialView credential,
            Map<String, Object> extra) {
        rotationPage(exchange, status, "credential", credential.apiKey(), CREDENTIALS + "/" + credential.id()
                + "/rotate", CREDENTIALS, credential.status() != CredentialStatus.ACTIVE, extra);
    }

    /**
     * A new secret for one of the merchant's credentials, after a fresh code: the old one keeps
     * verifying requests for the grace given (0 ends it at once) while the shop moves to the new one.
     */
    private void rotate(Exchange exchange) {
        DashboardUser user = developer(exchange);
        CheckoutCredentialView credential = own(exchange, user);
        if (credential.status() != CredentialStatus.ACTIVE) {
            rotation(exchange, 409, credential, Map.of());
            return;
        }
        CheckoutCredentialView rotated = rotate(exchange, user, MerchantEndpoints.CHECKOUT_CREDENTIAL_ROTATE,
                credential.id(), CheckoutCredentialView.class,
                (status, extra) -> rotation(exchange, status, credential, extra));
        if (rotated == null) {
            return;
        }
        pages.audit(exchange, user, "checkout_credential_rotated", credential.apiKey() + " grace "
                + graceMinutes(rotated.rotatedAt(), rotated.previousValidUntil()) + " min");
        credentials(exchange, 201, Map.of("rotated", rotated,
                "replacedUntil", replacedUntil(exchange, rotated.rotatedAt(), rotated.previousValidUntil())));
    }

    /** Revokes one of the merchant's credentials at once: the checkout API refuses it from the next request. */
    private void revoke(Exchange exchange) {
        DashboardUser user = developer(exchange);
        CheckoutCredentialView credential = own(exchange, user);
        pages.call(MerchantEndpoints.CHECKOUT_CREDENTIAL_REVOKE,
                e -> e.setProperty(MerchantRoutes.CREDENTIAL_ID, credential.id()), CheckoutCredentialView.class);
        pages.audit(exchange, user, "checkout_credential_revoked", credential.apiKey());
        seeOther(exchange, CREDENTIALS);
    }
}
