package io.malipo.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import io.malipo.testsupport.Browser;
import io.malipo.testsupport.DashboardMember;
import io.malipo.testsupport.PostgresIT;
import io.malipo.testsupport.Shop;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The dashboard's pages the other browser tests do not open, in Chromium, each checked by axe-core
 * and saved as target/screenshots/dashboard-pages-*.png. A Viewer on a phone: an invitation
 * refused a short password, the sign-in, the invitation once used, the sign-in in Swahili, a
 * second factor refused; then what a Viewer may not open or mistypes (the 403 and 404 pages, the
 * orders' and payouts' filters refused), and an order, a payment and the home page in Swahili.
 * An Owner on a desktop: a code refused, the team, the audit log and a credential's rotation.
 */
class DashboardPagesBrowserIT extends PostgresIT {

    private static final String PASSWORD = "mango tree by the road";

    private Browser browser;

    @Test
    void theErrorAndSwahiliPagesAndTheOwnersPagesOnADesktopPassAxeCore() throws Exception {
        Shop shop = new Shop(checkoutMerchant(), jdbc, "http://127.0.0.1:9/callback");
        shop.paidOrder("PG-1");
        UUID order = shop.orderUuid("PG-1");
        String payment = jdbc.queryForObject("SELECT CAST(id AS VARCHAR) FROM payment WHERE checkout_order = ?",
                String.class, order);
        DashboardMember owner = DashboardMember.invite(admin, port, clock, shop.merchantId(), "owner-pg@duka.co.tz",
                "OWNER");
        String invitation = admin.post("/admin/v1/merchants/" + shop.merchantId() + "/users",
                "{\"email\": \"viewer-pg@duka.co.tz\", \"role\": \"VIEWER\"}").json().get("invitation_url").asText()
                .replaceFirst("^http://[^/]+", "http://localhost:" + port);
        try (Browser opened = new Browser()) {
            browser = opened;
            viewerOnAPhone(invitation, order, payment);
            ownerOnADesktop(owner, shop.merchantId());
        }
    }

    /** The Viewer's way in, then what the role may not open or mistypes, then Swahili. */
    private void viewerOnAPhone(String invitation, UUID order, String payment) {
        browser.open(invitation, Browser.PHONE).type("#password", "two words").type("#repeat", "two words");
        browser.find("main form button").click();
        browser.awaitText("The password must have at least 10 characters", 5);
        look("invitation-refused");
        browser.type("#password", PASSWORD).type("#repeat", PASSWORD);
        browser.find("main form button").click();
        browser.awaitText("Sign in to your dashboard", 5);
        look("sign-in");
        browser.open(invitation, Browser.PHONE).awaitText("This invitation cannot be used", 5);
        look("invitation-gone");

        browser.open(page("/dashboard/sign-in?lang=sw"), Browser.PHONE).awaitText("Ingia kwenye dashibodi yako", 5);
        look("sign-in-sw");
        browser.type("#email", "viewer-pg@duka.co.tz").type("#password", PASSWORD);
        browser.find("main form button").click();
        browser.awaitUrl(page("/dashboard"), 5);
        browser.awaitText("Salio", 5);
        assertThat(browser.text()).as("the language chosen on the sign-in page is remembered").contains("English");
        browser.find("header .language a").click();
        browser.awaitText("Balances", 5);
        browser.open(page("/dashboard/two-factor/setup"), Browser.PHONE).awaitText("Set up your second factor", 5)
                .type("#code", "000000");
        browser.find("main form button").click();
        browser.awaitText("That code is not right", 5);
        look("two-factor-setup-refused");

        browser.open(page("/dashboard/team"), Browser.PHONE).awaitText("Not for your role", 5);
        look("forbidden");
        browser.open(page("/dashboard/payments/" + UUID.randomUUID()), Browser.PHONE).awaitText("Not found", 5);
        look("not-found");
        browser.open(page("/dashboard/orders?status=PAID"), Browser.PHONE)
                .awaitText("Choose a status from the list", 5);
        look("orders-filter-error");
        browser.open(page("/dashboard/payouts?before=yesterday"), Browser.PHONE)
                .awaitText("This page link is broken", 5);
        look("payouts-filter-error");
        browser.open(page("/dashboard/orders/" + order + "?lang=sw"), Browser.PHONE).awaitText("Oda PG-1", 5);
        look("order-sw");
        browser.open(page("/dashboard/payments/" + payment + "?lang=sw"), Browser.PHONE).awaitText("Malipo ya", 5);
        look("payment-sw");
        browser.open(page("/dashboard?lang=sw"), Browser.PHONE).awaitText("Salio", 5);
        look("home-sw");
        browser.find("header form.sign-out button").click();
        browser.awaitUrl(page("/dashboard/sign-in"), 5);
    }

    /** The Owner signs in (a wrong code first) and opens the Owners' pages. */
    private void ownerOnADesktop(DashboardMember owner, String merchant) {
        browser.open(page("/dashboard/sign-in?lang=en"), Browser.DESKTOP).type("#email", "owner-pg@duka.co.tz")
                .type("#password", DashboardMember.PASSWORD);
        browser.find("main form button").click();
        browser.awaitText("Enter the code from your app", 5).type("#code", "000000");
        browser.find("main form button").click();
        browser.awaitText("That code is not right", 5);
        look("code-refused-desktop");
        browser.type("#code", owner.freshCode());
        browser.find("main form button").click();
        browser.awaitText("Balances", 5);
        browser.open(page("/dashboard/team"), Browser.DESKTOP).awaitText("Invite a teammate", 5);
        look("team-desktop");
        browser.open(page("/dashboard/audit"), Browser.DESKTOP).awaitText("owner-pg@duka.co.tz", 5);
        look("audit-desktop");
        String credential = jdbc.queryForObject("SELECT CAST(id AS VARCHAR) FROM checkout_credential "
                + "WHERE merchant_id = CAST(? AS UUID)", String.class, merchant);
        browser.open(page("/dashboard/developers/checkout-credentials/" + credential + "/rotate"), Browser.DESKTOP)
                .awaitText("Rotate the secret of", 5);
        look("credential-rotate-desktop");
    }

    private String page(String path) {
        return "http://localhost:" + port + path;
    }

    private void look(String name) {
        browser.accessible().screenshot("dashboard-pages-" + name);
    }
}
