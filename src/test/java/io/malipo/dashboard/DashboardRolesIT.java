package io.malipo.dashboard;

import static io.malipo.dashboard.Permission.CANCEL_ORDERS;
import static io.malipo.dashboard.Permission.MANAGE_KEYS;
import static io.malipo.dashboard.Permission.MANAGE_TEAM;
import static io.malipo.dashboard.Permission.TEST_PAYMENTS;
import static io.malipo.dashboard.Permission.PAY_OUT;
import static io.malipo.dashboard.Permission.REFUND;
import static io.malipo.dashboard.Permission.RESEND_DELIVERIES;
import static io.malipo.dashboard.Permission.SEE_PAYMENTS;
import static org.assertj.core.api.Assertions.assertThat;

import io.malipo.merchant.Role;
import io.malipo.testsupport.ApiMerchant;
import io.malipo.testsupport.Await;
import io.malipo.testsupport.CallbackReceiver;
import io.malipo.testsupport.DashboardMember;
import io.malipo.testsupport.Http;
import io.malipo.testsupport.PostgresIT;
import io.malipo.testsupport.Shop;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.camel.CamelContext;
import org.apache.camel.model.Model;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The README's role matrix, end to end: one member of each role of one merchant asks for every
 * page and sends every action the dashboard's route builders declare. A role Permission allows is
 * answered as the page or action answers anyone (and the action does what it does); a role it
 * does not allow gets the 403 "Not for your role" page, and the action changes nothing, neither
 * what it would have made or changed nor the audit log. The navigation and the forms on the pages
 * show each role exactly what it may do, and a route added to the dashboard without its line in
 * the table below fails.
 */
class DashboardRolesIT extends PostgresIT {

    /** The dashboard's sections as the navigation lists them, and who may open each. */
    private static final Map<String, Permission> SECTIONS = sections();
    /**
     * The way in and out, the same for every visitor or member whatever the role (DashboardSignInIT
     * covers it); the switch between test and live mode is in the table, for every member.
     */
    private static final Set<String> WAY_IN_AND_OUT = Set.of("GET /dashboard/sign-in", "POST /dashboard/sign-in",
            "GET /dashboard/sign-in/code", "POST /dashboard/sign-in/code", "GET /dashboard/two-factor/setup",
            "POST /dashboard/two-factor/setup", "GET /dashboard/two-factor/qr.png", "GET /dashboard/invitation/{token}",
            "POST /dashboard/invitation/{token}", "POST /dashboard/sign-out", "POST /dashboard/sign-out-everywhere",
            "GET /dashboard/assets/dashboard.css", "GET /dashboard/assets/dashboard.js");
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{[^}]+}");

    @RegisterExtension
    final CallbackReceiver receiver = new CallbackReceiver();
    @Autowired
    private CamelContext camel;

    private String merchant;
    private Http api;
    private final Map<Role, DashboardMember> members = new EnumMap<>(Role.class);

    @TestFactory
    List<DynamicTest> eachRoleIsAnsweredAsThePermissionMatrixSaysOnEveryPageAndAction() throws Exception {
        Shop shop = new Shop(checkoutMerchant(), jdbc, receiver.url("/callback"));
        merchant = shop.merchantId();
        var tokenKey = admin.post("/admin/v1/merchants/" + merchant + "/api-keys", "{\"name\": \"back end\", "
                + "\"scopes\": [\"payments.read\", \"payments.write\", \"payouts.write\"]}").json();
        api = http.bearer(http.post("/api/v1/oauth/token", "grant_type=client_credentials", "X-Api-Key",
                tokenKey.get("key").asText(), "Content-Type", "application/x-www-form-urlencoded").json()
                .get("access_token").asText());
        // Before the payments, so that their events come to it: a delivery to retry.
        String endpoint = endpoint(true);
        String callback = shop.paidOrder("RO-1").toString();
        shop.paidOrder("RO-2");
        shop.paidOrder("RO-3");
        String paidOrder = shop.orderUuid("RO-1").toString();
        String payment = jdbc.queryForObject("SELECT CAST(id AS VARCHAR) FROM payment WHERE checkout_order = ?",
                String.class, shop.orderUuid("RO-1"));
        shop.order("RO-PENDING", "1500");
        String pendingOrder = shop.orderUuid("RO-PENDING").toString();
        String payout = api.post("/api/v1/payouts", "{\"amount\": 100, \"currency\": \"TZS\", \"msisdn\": \""
                + Shop.PAYING_MSISDN + "\", \"reference\": \"RO-PAYOUT\"}").json().get("id").asText();
        ApiMerchant.awaitStatus(api, "/api/v1/payouts/" + payout, "SUCCEEDED");
        Await.until("the order's callback delivered", () -> "DELIVERED".equals(jdbc.queryForObject(
                "SELECT status FROM delivery WHERE id = CAST(? AS UUID)", String.class, callback)));
        Await.until("an event delivered to the endpoint", () -> jdbc.queryForObject("SELECT count(*) FROM delivery "
                + "WHERE webhook_endpoint_id = CAST(? AS UUID) AND status = 'DELIVERED'", Integer.class, endpoint) > 0);
        String event = jdbc.queryForObject("SELECT CAST(id AS VARCHAR) FROM delivery WHERE webhook_endpoint_id = "
                + "CAST(? AS UUID) AND status = 'DELIVERED' LIMIT 1", String.class, endpoint);
        String shopCredential = jdbc.queryForObject("SELECT CAST(id AS VARCHAR) FROM checkout_credential "
                + "WHERE merchant_id = CAST(? AS UUID)", String.class, merchant);

        // What an action uses up (cancels, revokes, deletes...) is made once for each role's try.
        Map<Role, String> pendingOrders = each(role -> {
            shop.order("RO-CANCEL-" + role, "1500");
            return shop.orderUuid("RO-CANCEL-" + role).toString();
        });
        Map<Role, String> rotatedKeys = each(role -> apiKey());
        Map<Role, String> revokedKeys = each(role -> apiKey());
        Map<Role, String> rotatedCredentials = each(role -> credential());
        Map<Role, String> revokedCredentials = each(role -> credential());
        Map<Role, String> disabledEndpoints = each(role -> endpoint(true));
        Map<Role, String> enabledEndpoints = each(role -> endpoint(false));
        Map<Role, String> deletedEndpoints = each(role -> endpoint(true));
        Map<Role, String> newRoles = each(role -> teammate("new-role-" + role));
        Map<Role, String> removed = each(role -> teammate("removed-" + role));

        for (Role role : Role.values()) {
            members.put(role, DashboardMember.invite(admin, port, clock, merchant,
                    role.name().toLowerCase(Locale.ROOT) + "-ro@duka.co.tz", role.name()));
        }
        DashboardMember owner = members.get(Role.OWNER);
        owner.browser().get("/dashboard/payouts");
        String fee = hidden(owner.browser().post("/dashboard/payouts/preview", "amount", "100", "currency", "TZS",
                "msisdn", Shop.PAYING_MSISDN, "provider", "", "description", "").body(), "fee");

        Supplier<Object> reversals = watch("SELECT count(*) FROM reversal WHERE merchant_id = CAST(? AS UUID)",
                merchant);
        Supplier<Object> payouts = watch("SELECT count(*) FROM payout WHERE merchant_id = CAST(? AS UUID)", merchant);
        Supplier<Object> keys = watch("SELECT id, status, secret_hash FROM api_key WHERE merchant_id = CAST(? AS UUID) "
                + "ORDER BY id", merchant);
        Supplier<Object> credentials = watch("SELECT id, status, secret_sealed FROM checkout_credential "
                + "WHERE merchant_id = CAST(? AS UUID) ORDER BY id", merchant);
        Supplier<Object> endpoints = watch("SELECT id, url, enabled FROM webhook_endpoint "
                + "WHERE merchant_id = CAST(? AS UUID) ORDER BY seq", merchant);
        Supplier<Object> team = watch("SELECT id, role, removed_at FROM merchant_user "
                + "WHERE merchant_id = CAST(? AS UUID) ORDER BY id", merchant);

        List<Row> table = List.of(
                get(SEE_PAYMENTS, "/dashboard"),
                get(SEE_PAYMENTS, "/dashboard/payments"),
                get(SEE_PAYMENTS, "/dashboard/payments.csv"),
                get(SEE_PAYMENTS, "/dashboard/payments/{id}").ids(payment),
                get(TEST_PAYMENTS, "/dashboard/payments/test"),
                post(TEST_PAYMENTS, "/dashboard/payments/test")
                        .form((role, member) -> new String[] {"amount", "100", "msisdn", "0754 000 000"})
                        .answers(303).changing(watch("SELECT count(*) FROM payment WHERE merchant_id = CAST(? AS UUID)",
                                merchant)),
                post(REFUND, "/dashboard/payments/{id}/refunds").ids(payment)
                        .form((role, member) -> new String[] {"key", "roles-" + role, "amount", "100",
                            "reason", "", "code", member.freshCode()})
                        .answers(303).changing(reversals),
                post(RESEND_DELIVERIES, "/dashboard/payments/{id}/deliveries/{deliveryId}/resend")
                        .ids(payment, callback).answers(303).changing(delivery(callback)),
                get(SEE_PAYMENTS, "/dashboard/orders"),
                get(SEE_PAYMENTS, "/dashboard/orders/{id}").ids(paidOrder),
                post(CANCEL_ORDERS, "/dashboard/orders/{id}/cancel").ids(pendingOrders).answers(303)
                        .changing(watch("SELECT count(*) FROM checkout_order WHERE merchant_id = CAST(? AS UUID) "
                                + "AND payment_status = 'CANCELLED'", merchant)),
                get(SEE_PAYMENTS, "/dashboard/payouts"),
                get(SEE_PAYMENTS, "/dashboard/payouts/{id}").ids(payout),
                post(PAY_OUT, "/dashboard/payouts/preview")
                        .form((role, member) -> new String[] {"amount", "100", "currency", "TZS",
                            "msisdn", Shop.PAYING_MSISDN, "provider", "", "description", ""})
                        .leaving(payouts),
                post(PAY_OUT, "/dashboard/payouts")
                        .form((role, member) -> new String[] {"amount", "100.00", "currency", "TZS",
                            "msisdn", Shop.PAYING_MSISDN, "provider", "", "description", "",
                            "reference", "DASH-ROLES" + "0".repeat(10) + role.ordinal(), "fee", fee,
                            "action", "confirm", "code", member.freshCode()})
                        .answers(303).changing(payouts),
                get(MANAGE_KEYS, "/dashboard/developers"),
                post(MANAGE_KEYS, "/dashboard/developers/keys")
                        .form((role, member) -> new String[] {"name", "till of " + role,
                            "scope.payments.read", "on", "code", member.freshCode()})
                        .answers(201).changing(keys),
                get(MANAGE_KEYS, "/dashboard/developers/keys/{id}/rotate").ids(tokenKey.get("id").asText()),
                post(MANAGE_KEYS, "/dashboard/developers/keys/{id}/rotate").ids(rotatedKeys)
                        .form((role, member) -> new String[] {"grace", "0", "code", member.freshCode()})
                        .answers(201).changing(keys),
                post(MANAGE_KEYS, "/dashboard/developers/keys/{id}/revoke").ids(revokedKeys).answers(303)
                        .changing(keys),
                get(MANAGE_KEYS, "/dashboard/developers/checkout-credentials"),
                post(MANAGE_KEYS, "/dashboard/developers/checkout-credentials")
                        .form((role, member) -> new String[] {"code", member.freshCode()})
                        .answers(201).changing(credentials),
                get(MANAGE_KEYS, "/dashboard/developers/checkout-credentials/{id}/rotate").ids(shopCredential),
                post(MANAGE_KEYS, "/dashboard/developers/checkout-credentials/{id}/rotate").ids(rotatedCredentials)
                        .form((role, member) -> new String[] {"grace", "0", "code", member.freshCode()})
                        .answers(201).changing(credentials),
                post(MANAGE_KEYS, "/dashboard/developers/checkout-credentials/{id}/revoke").ids(revokedCredentials)
                        .answers(303).changing(credentials),
                get(MANAGE_KEYS, "/dashboard/developers/webhooks"),
                post(MANAGE_KEYS, "/dashboard/developers/webhooks")
                        .form((role, member) -> new String[] {"url", receiver.url("/created/" + role),
                            "event.all", "on"})
                        .answers(201).changing(endpoints),
                get(MANAGE_KEYS, "/dashboard/developers/webhooks/{id}").ids(endpoint),
                post(MANAGE_KEYS, "/dashboard/developers/webhooks/{id}").ids(endpoint)
                        .form((role, member) -> new String[] {"url", receiver.url("/changed/" + role),
                            "event.all", "on"})
                        .answers(303).changing(endpoints),
                post(MANAGE_KEYS, "/dashboard/developers/webhooks/{id}/test").ids(endpoint).answers(303)
                        .changing(watch("SELECT count(*) FROM delivery WHERE webhook_endpoint_id = CAST(? AS UUID) "
                                + "AND source_type = 'WEBHOOK_ENDPOINT'", endpoint)),
                post(MANAGE_KEYS, "/dashboard/developers/webhooks/{id}/deliveries/{delivery}/retry")
                        .ids(endpoint, event).answers(303).changing(delivery(event)),
                post(MANAGE_KEYS, "/dashboard/developers/webhooks/{id}/disable").ids(disabledEndpoints).answers(303)
                        .changing(endpoints),
                post(MANAGE_KEYS, "/dashboard/developers/webhooks/{id}/enable").ids(enabledEndpoints).answers(303)
                        .changing(endpoints),
                get(MANAGE_KEYS, "/dashboard/developers/webhooks/{id}/delete").ids(endpoint),
                post(MANAGE_KEYS, "/dashboard/developers/webhooks/{id}/delete").ids(deletedEndpoints).answers(303)
                        .changing(endpoints),
                get(MANAGE_KEYS, "/dashboard/developers/providers"),
                get(MANAGE_KEYS, "/dashboard/developers/providers/{code}").ids("mpesa-tz"),
                post(MANAGE_KEYS, "/dashboard/developers/providers/{code}").ids("mpesa-tz")
                        .form((role, member) -> new String[] {"enabled", "on",
                            "max.TZS", String.valueOf(1_000_000 + role.ordinal())})
                        .answers(303).changing(watch("SELECT provider, enabled, limits FROM provider_setting "
                                + "WHERE merchant_id = CAST(? AS UUID) ORDER BY provider, livemode", merchant)),
                get(MANAGE_TEAM, "/dashboard/team"),
                post(MANAGE_TEAM, "/dashboard/team")
                        .form((role, member) -> new String[] {"email",
                            "invited-" + role.name().toLowerCase(Locale.ROOT) + "-ro@duka.co.tz", "role", "VIEWER"})
                        .answers(201).changing(team),
                post(MANAGE_TEAM, "/dashboard/team/{id}/role").ids(newRoles)
                        .form((role, member) -> new String[] {"role", "FINANCE"})
                        .answers(303).changing(team),
                post(MANAGE_TEAM, "/dashboard/team/{id}/remove").ids(removed).answers(303).changing(team),
                get(MANAGE_TEAM, "/dashboard/audit"),
                post(null, "/dashboard/mode")
                        .form((role, member) -> new String[] {"mode", "test", "back", "/dashboard/payments"})
                        .answers(303));

        List<DynamicTest> tests = new ArrayList<>();
        tests.add(DynamicTest.dynamicTest("Every page and action the dashboard's route builders declare is a line "
                + "of the table, or the way in and out", () -> assertThat(declaredRoutes())
                        .containsExactlyInAnyOrderElementsOf(Stream.concat(table.stream().map(row -> row.route),
                                WAY_IN_AND_OUT.stream()).collect(Collectors.toCollection(TreeSet::new)))));
        for (Role role : Role.values()) {
            tests.add(DynamicTest.dynamicTest(named(role) + "'s navigation and forms offer what the role may do, "
                    + "and no more", () -> navigationAndForms(role, payment, callback, pendingOrder)));
        }
        for (Row row : table) {
            tests.add(DynamicTest.dynamicTest(row.title(), () -> check(row)));
        }
        return tests;
    }

    /**
     * The navigation lists exactly the sections the role may open, each of which opens; the
     * payment's, the pending order's and the payouts' pages offer a form only to a role that may send it.
     */
    private void navigationAndForms(Role role, String payment, String callback, String pendingOrder) throws Exception {
        var browser = members.get(role).browser();
        Matcher nav = Pattern.compile("<nav class=\"nav\"[^>]*>(.*?)</nav>", Pattern.DOTALL)
                .matcher(browser.get("/dashboard").body());
        assertThat(nav.find()).as("the navigation").isTrue();
        List<String> links = Pattern.compile("href=\"([^\"]+)\"").matcher(nav.group(1)).results()
                .map(link -> link.group(1)).toList();
        assertThat(links).as(role + "'s navigation").containsExactlyElementsOf(SECTIONS.entrySet().stream()
                .filter(section -> section.getValue().allows(role)).map(Map.Entry::getKey).toList());
        for (String link : links) {
            assertThat(browser.get(link).statusCode()).as(role + " opening " + link).isEqualTo(200);
        }
        String paymentPage = browser.get("/dashboard/payments/" + payment).body();
        assertThat(paymentPage.contains("action=\"/dashboard/payments/" + payment + "/refunds\""))
                .as(role + " offered a refund").isEqualTo(REFUND.allows(role));
        assertThat(paymentPage.contains("/deliveries/" + callback + "/resend\"")).as(role + " offered a resend")
                .isEqualTo(RESEND_DELIVERIES.allows(role));
        assertThat(browser.get("/dashboard/orders/" + pendingOrder).body()
                .contains("action=\"/dashboard/orders/" + pendingOrder + "/cancel\""))
                .as(role + " offered a cancel").isEqualTo(CANCEL_ORDERS.allows(role));
        assertThat(browser.get("/dashboard/payouts").body().contains("action=\"/dashboard/payouts/preview\""))
                .as(role + " offered a payout").isEqualTo(PAY_OUT.allows(role));
    }

    /**
     * Each role asks, those the row refuses first (so that what an allowed one set going has not
     * yet to settle): a refused role gets the 403 page and changes nothing; an allowed one gets the
     * row's answer and, for an action that makes or changes something, changes it.
     */
    private void check(Row row) throws Exception {
        List<Role> roles = Arrays.stream(Role.values()).sorted(Comparator.comparing(row::allows)).toList();
        for (Role role : roles) {
            DashboardMember member = members.get(role);
            String path = row.path(role);
            Object before = row.watch == null ? null : row.watch.get();
            int audited = audited();
            HttpResponse<String> answer = row.method.equals("GET") ? member.browser().get(path)
                    : member.browser().post(path, row.form.apply(role, member));
            String asked = role + " " + row.method + " " + path;
            if (row.allows(role)) {
                assertThat(answer.statusCode()).as(asked + ": " + answer.body()).isEqualTo(row.answer);
                if (row.changes) {
                    Await.until(asked + " to change what it acts on", () -> !before.equals(row.watch.get()));
                }
            } else {
                assertThat(answer.statusCode()).as(asked).isEqualTo(403);
                assertThat(answer.body()).as(asked).contains("<h1>Not for your role</h1>");
                if (row.watch != null) {
                    assertThat(row.watch.get()).as(asked + " changed nothing").isEqualTo(before);
                    assertThat(audited()).as(asked + " audited nothing").isEqualTo(audited);
                }
            }
        }
    }

    private int audited() {
        return jdbc.queryForObject("SELECT count(*) FROM dashboard_audit WHERE merchant_id = CAST(? AS UUID)",
                Integer.class, merchant);
    }

    /** The dashboard's REST verbs as its route builders declare them: "GET /dashboard/payments/{id}". */
    private Set<String> declaredRoutes() {
        return camel.getCamelContextExtension().getContextPlugin(Model.class).getRestDefinitions().stream()
                .filter(rest -> rest.getPath().startsWith("/dashboard"))
                .flatMap(rest -> rest.getVerbs().stream().map(verb -> verb.asVerb().toUpperCase(Locale.ROOT) + " "
                        + rest.getPath() + (verb.getPath() == null ? "" : verb.getPath())))
                .collect(Collectors.toCollection(TreeSet::new));
    }

    /**
     * One line of the matrix: a route as its builder declares it, the permission it needs (null:
     * any signed-in member), the ids its placeholders take for each role, the form a role sends,
     * the answer an allowed role gets, and what a refused action must leave as it was.
     */
    private static final class Row {
        final Permission permission;
        final String method;
        final String template;
        final String route;
        Function<Role, List<String>> ids = role -> List.of();
        BiFunction<Role, DashboardMember, String[]> form = (role, member) -> new String[0];
        int answer = 200;
        Supplier<Object> watch;
        /** Whether an allowed role's action changes what {@link #watch} reads. */
        boolean changes;

        Row(Permission permission, String method, String template) {
            this.permission = permission;
            this.method = method;
            this.template = template;
            this.route = method + " " + template;
        }

        Row ids(String... same) {
            ids = role -> List.of(same);
            return this;
        }

        /** One object for each role's try, for an action that uses its object up. */
        Row ids(Map<Role, String> each) {
            ids = role -> List.of(each.get(role));
            return this;
        }

        Row form(BiFunction<Role, DashboardMember, String[]> fields) {
            form = fields;
            return this;
        }

        Row answers(int status) {
            answer = status;
            return this;
        }

        Row changing(Supplier<Object> watched) {
            watch = watched;
            changes = true;
            return this;
        }

        Row leaving(Supplier<Object> watched) {
            watch = watched;
            return this;
        }

        boolean allows(Role role) {
            return permission == null || permission.allows(role);
        }

        String path(Role role) {
            Matcher placeholders = PLACEHOLDER.matcher(template);
            StringBuilder path = new StringBuilder();
            for (String id : ids.apply(role)) {
                assertThat(placeholders.find()).as(route + " takes as many ids as given").isTrue();
                placeholders.appendReplacement(path, id);
            }
            placeholders.appendTail(path);
            return path.toString();
        }

        /** "REFUND: Owner and Finance may POST /dashboard/payments/{id}/refunds; Developer and Viewer may not". */
        String title() {
            List<String> may = Arrays.stream(Role.values()).filter(this::allows).map(DashboardRolesIT::named).toList();
            List<String> mayNot = Arrays.stream(Role.values()).filter(role -> !allows(role))
                    .map(DashboardRolesIT::named).toList();
            return (permission == null ? "Any member" : permission) + ": " + and(may) + " may " + route
                    + (mayNot.isEmpty() ? "" : "; " + and(mayNot) + " may not");
        }

        private static String and(List<String> names) {
            return names.size() == 1 ? names.get(0)
                    : String.join(", ", names.subList(0, names.size() - 1)) + " and " + names.get(names.size() - 1);
        }
    }

    private static Row get(Permission permission, String template) {
        return new Row(permission, "GET", template);
    }

    private static Row post(Permission permission, String template) {
        return new Row(permission, "POST", template);
    }

    private static String named(Role role) {
        return role.name().charAt(0) + role.name().substring(1).toLowerCase(Locale.ROOT);
    }

    private static Map<String, Permission> sections() {
        Map<String, Permission> sections = new LinkedHashMap<>();
        sections.put("/dashboard", SEE_PAYMENTS);
        sections.put("/dashboard/payments", SEE_PAYMENTS);
        sections.put("/dashboard/orders", SEE_PAYMENTS);
        sections.put("/dashboard/payouts", SEE_PAYMENTS);
        sections.put("/dashboard/developers", MANAGE_KEYS);
        sections.put("/dashboard/team", MANAGE_TEAM);
        return sections;
    }

    private static Map<Role, String> each(Function<Role, String> make) {
        Map<Role, String> made = new EnumMap<>(Role.class);
        for (Role role : Role.values()) {
            made.put(role, make.apply(role));
        }
        return made;
    }

    /** What a query answers now, to compare before and after a request. */
    private Supplier<Object> watch(String sql, Object... args) {
        return () -> jdbc.queryForList(sql, args);
    }

    /** A delivery's state: sending it again makes it due now. */
    private Supplier<Object> delivery(String id) {
        return watch("SELECT status, next_attempt_at FROM delivery WHERE id = CAST(? AS UUID)", id);
    }

    /** A webhook endpoint of the merchant's in test mode, through the token API; its id. */
    private String endpoint(boolean enabled) {
        Http.Response created = api.post("/api/v1/webhook-endpoints", "{\"url\": \"" + receiver.url("/events")
                + "\", \"events\": [\"*\"], \"enabled\": " + enabled + "}");
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        return created.json().get("id").asText();
    }

    private String apiKey() {
        return admin.post("/admin/v1/merchants/" + merchant + "/api-keys", "{\"name\": \"spare\", "
                + "\"scopes\": [\"payments.read\"]}").json().get("id").asText();
    }

    private String credential() {
        return admin.post("/admin/v1/merchants/" + merchant + "/checkout-credentials", "{\"livemode\": false}").json()
                .get("id").asText();
    }

    /** A teammate invited through the admin API (never signed in); their id. */
    private String teammate(String name) {
        return admin.post("/admin/v1/merchants/" + merchant + "/users", "{\"email\": \"" + name.toLowerCase(Locale.ROOT)
                + "-ro@duka.co.tz\", \"role\": \"VIEWER\"}").json().get("id").asText();
    }

    private static String hidden(String html, String name) {
        Matcher matcher = Pattern.compile("type=\"hidden\" name=\"" + name + "\" value=\"([^\"]*)\"").matcher(html);
        assertThat(matcher.find()).as("hidden " + name + " in " + html).isTrue();
        return matcher.group(1);
    }
}
