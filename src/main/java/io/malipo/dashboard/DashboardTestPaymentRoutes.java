package io.malipo.dashboard;

import static io.malipo.common.PageAnswers.seeOther;

import io.malipo.channels.Channel;
import io.malipo.checkout.CheckoutProperties;
import io.malipo.common.ApiException;
import io.malipo.common.Msisdn;
import io.malipo.common.RandomTokens;
import io.malipo.payments.NewPayment;
import io.malipo.payments.PaymentView;
import io.malipo.payments.PaymentsEndpoints;
import java.math.BigDecimal;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.camel.Exchange;
import org.springframework.stereotype.Component;

/**
 * A test payment made from the dashboard: a mobile-money collection in test mode, through the
 * same code as POST /api/v1/collections, answered by the sandbox as the payer's number says
 * (DESIGN §9). A merchant sees the whole path, from the push to the timeline and a refund,
 * before writing a line of integration.
 */
@Component
public class DashboardTestPaymentRoutes extends DashboardRouteBuilder {

    /** A number the sandbox approves (its last digit is 0). */
    static final String APPROVING_NUMBER = "0754 000 000";
    private static final BigDecimal MAX = new BigDecimal("1000000");

    private final String region;

    public DashboardTestPaymentRoutes(DashboardPages pages, CheckoutProperties checkout) {
        super(pages);
        this.region = checkout.qrCountryCode();
    }

    @Override
    protected void routes() {
        dashboard().get("/payments/test").id("rest-dashboard-test-payment").to("direct:dashboard-test-payment")
                .post("/payments/test").id("rest-dashboard-test-payment-make").to("direct:dashboard-test-payment-make");
        page("direct:dashboard-test-payment", e -> form(e, 200, "1000", APPROVING_NUMBER, Map.of()));
        page("direct:dashboard-test-payment-make", this::make);
    }

    private void form(Exchange exchange, int status, String amount, String number, Map<String, String> problems) {
        DashboardUser user = testModeUser(exchange);
        Map<String, Object> page = new HashMap<>();
        page.put("user", user);
        page.put("amount", amount);
        page.put("number", number);
        page.put("problems", problems);
        pages.render(exchange, status, "dashboard/test-payment", page);
    }

    private void make(Exchange exchange) {
        DashboardUser user = testModeUser(exchange);
        Map<String, String> form = DashboardPages.form(exchange);
        String amount = form.getOrDefault("amount", "").strip();
        String number = form.getOrDefault("msisdn", "").strip();
        BigDecimal value = PaymentFilters.money(amount);
        Map<String, String> problems = new LinkedHashMap<>();
        if (value == null || value.signum() == 0 || value.compareTo(MAX) > 0) {
            problems.put("amount", "test-payment.error.amount");
        }
        String msisdn = Msisdn.fromTyped(number, region).orElse(null);
        if (msisdn == null) {
            problems.put("msisdn", "test-payment.error.msisdn");
        }
        if (!problems.isEmpty()) {
            form(exchange, 400, amount, number, problems);
            return;
        }
        PaymentView payment;
        try {
            payment = pages.call(PaymentsEndpoints.COLLECT, new NewPayment(user.merchantId(), false, null,
                    Channel.WALLET_PULL, null, msisdn, null, null, value, "TZS", "TEST-" + RandomTokens.crockford(12),
                    "Test payment from the dashboard"), PaymentView.class);
        } catch (ApiException refused) {
            // No provider for the number, or one turned off in the provider settings: say so by the number.
            form(exchange, refused.status() < 500 ? refused.status() : 409, amount, number,
                    Map.of("msisdn", "test-payment.error.refused"));
            return;
        }
        pages.audit(exchange, user, "test_payment_made", payment.gatewayReference());
        seeOther(exchange, "/dashboard/payments/" + payment.id());
    }

    /** Test payments are made in test mode only; in live mode the page is not there. */
    private DashboardUser testModeUser(Exchange exchange) {
        DashboardUser user = pages.user(exchange, Permission.TEST_PAYMENTS);
        if (user.livemode()) {
            throw new DashboardPages.NotFound(user);
        }
        return user;
    }
}
