package io.malipo.pages;

import static io.malipo.common.PageAnswers.answer;
import static io.malipo.common.PageAnswers.resource;
import static io.malipo.common.PageAnswers.seeOther;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.zxing.BarcodeFormat;
import com.google.zxing.EncodeHintType;
import com.google.zxing.WriterException;
import com.google.zxing.client.j2se.MatrixToImageWriter;
import com.google.zxing.qrcode.QRCodeWriter;
import com.google.zxing.qrcode.decoder.ErrorCorrectionLevel;
import io.malipo.channels.Channel;
import io.malipo.channels.ChannelEndpoints;
import io.malipo.channels.ProviderDirectory;
import io.malipo.channels.PushAnswer;
import io.malipo.checkout.BuyerKeys;
import io.malipo.checkout.CheckoutEndpoints;
import io.malipo.checkout.CheckoutProperties;
import io.malipo.checkout.EmvQr;
import io.malipo.checkout.NewStoredCard;
import io.malipo.checkout.OrderKeys;
import io.malipo.checkout.OrderPayment;
import io.malipo.checkout.OrderStatus;
import io.malipo.checkout.StoredCard;
import io.malipo.common.ApiException;
import io.malipo.common.ClientAddress;
import io.malipo.common.FormFields;
import io.malipo.common.Hmac;
import io.malipo.common.HttpExchanges;
import io.malipo.common.InstanceSecrets;
import io.malipo.common.Msisdn;
import io.malipo.common.PageAnswers;
import io.malipo.common.RandomTokens;
import io.malipo.common.RequestBudgets;
import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServletRequest;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.text.NumberFormat;
import java.time.Clock;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.FormatStyle;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;
import org.apache.camel.Exchange;
import org.apache.camel.ProducerTemplate;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.component.sql.SqlConstants;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.springframework.web.util.WebUtils;
import org.thymeleaf.TemplateEngine;
import org.thymeleaf.context.Context;

/**
 * The page payment_gateway_url opens (templates/pay/): the order, what the buyer can do about it
 * in English or Swahili, and its payment token and QR code for paying from the wallet menu. The
 * link is the order's random id, which is all it takes to see the order summary; the page sends
 * a Content-Security-Policy that allows only Malipo's own style sheet and images.
 */
@Component
public class PaymentPageRoutes extends RouteBuilder {

    private static final Logger LOG = LoggerFactory.getLogger(PaymentPageRoutes.class);
    private static final String ORDER = "sql:classpath:sql/pages/select-order-for-page.sql?outputType=SelectOne"
            + "&outputClass=io.malipo.pages.PageOrder";
    private static final int QR_PIXELS = 320;
    private static final String HEADER_COLOUR = "#1a4d8f";
    private static final String STYLE_SHEET = "/pages/pay.css";
    private static final String SCRIPT = "/pages/pay.js";
    private static final String FORM = "malipoPageForm";
    private static final String PUSH = "malipoPagePush";
    private static final String ORDER_ROW = "malipoPageOrder";
    /** The query (?after=pay) of the page the buyer is sent to once a payment has started or ended. */
    private static final String AFTER_PAYING = "pay";
    private static final String CARD = "malipoPageCard";
    private static final String CARD_PROBLEMS = "malipoPageCardProblems";
    private static final String CARD_NAME = "malipoPageCardName";
    /** Whether the buyer asked to save the card; then the card to save, once the processor has tokenized it. */
    private static final String SAVE_ASKED = "malipoPageSaveAsked";
    private static final String SAVE = "malipoPageSaveCard";
    /** Set when the caller is the page's script, which is answered JSON. */
    private static final String JSON = "malipoPageJson";
    private static final String PUSH_FORM = "push";
    private static final String CARD_FORM = "card";
    private static final String SAVED_FORM = "saved";
    /** The least time between two pushes of one order: nobody can ring a stranger's phone again and again. */
    static final Duration PUSH_SPACING = Duration.ofSeconds(30);

    private final Clock clock;
    private final CheckoutProperties properties;
    private final ProviderDirectory providers;
    private final TemplateEngine templates;
    private final byte[] styleSheet;
    private final byte[] script;
    private final ObjectMapper json;
    private final String frameAncestors;
    /** Reads an order again after a payment could not start. */
    private ProducerTemplate orders;
    private final byte[] formKey;
    private final Duration approvalWindow;
    private final long statusPollMillis;
    private final ClientAddress addresses;
    private final RequestBudgets perOrder;
    private final RequestBudgets misses;

    public PaymentPageRoutes(Clock clock, CheckoutProperties properties, ProviderDirectory providers,
            TemplateEngine templates, InstanceSecrets secrets, ObjectMapper json, PageProperties pages,
            ClientAddress addresses) {
        this.addresses = addresses;
        this.perOrder = new RequestBudgets(pages.perOrderBudget());
        this.misses = new RequestBudgets(pages.unknownLinksPerMinute());
        this.frameAncestors = pages.frameAncestors();
        this.approvalWindow = pages.approvalWindow();
        this.statusPollMillis = pages.statusPoll().toMillis();
        this.json = json;
        this.script = resource(SCRIPT);
        this.formKey = secrets.derivedKey("payment-page-forms");
        this.clock = clock;
        this.properties = properties;
        this.providers = providers;
        this.templates = templates;
        this.styleSheet = resource(STYLE_SHEET);
    }

    @Override
    public void configure() {
        orders = getContext().createProducerTemplate();
        onException(Exception.class).handled(true).process(this::failed);
        onException(Busy.class).handled(true).process(this::busy);

        rest("/pay").post("/{id}/push").id("rest-payment-page-push").apiDocs(false).to("direct:payment-page-push")
                .post("/{id}/card").id("rest-payment-page-card").apiDocs(false).to("direct:payment-page-card")
                .post("/{id}/cancel").id("rest-payment-page-cancel").apiDocs(false).to("direct:payment-page-cancel")
                .post("/{id}/saved-card").id("rest-payment-page-saved-card").apiDocs(false)
                    .to("direct:payment-page-saved-card")
                .get("/{id}/status").id("rest-payment-page-status").apiDocs(false).to("direct:payment-page-status")
                .get("/assets/pay.js").id("rest-payment-page-js").apiDocs(false).to("direct:payment-page-js")
                .get("/assets/pay.css").id("rest-payment-page-css").apiDocs(false).to("direct:payment-page-css")
                .get("/{id}").id("rest-payment-page").apiDocs(false).to("direct:payment-page")
                .get("/{id}/qr.png").id("rest-payment-page-qr").apiDocs(false).to("direct:payment-page-qr");

        from("direct:payment-page").routeId("payment-page")
                .process(HttpExchanges::remember)
                .to("direct:payment-page-order")
                .process(this::page);

        from("direct:payment-page-qr").routeId("payment-page-qr")
                .process(HttpExchanges::remember)
                .to("direct:payment-page-order")
                .process(this::qr);

        // The order the path names, within the caller's budget of requests for it, as a PageOrder
        // (null when there is none; looking for orders that do not exist has a budget of its own).
        from("direct:payment-page-order").routeId("payment-page-order")
                .process(this::withinBudget)
                .process(PaymentPageRoutes::orderKey)
                .to(ORDER)
                .filter(body().isNull())
                    .process(this::withinMisses)
                .end();

        // A form the page posted: its fields in property malipoPageForm, the order it is for as the body.
        from("direct:payment-page-form").routeId("payment-page-form")
                .process(HttpExchanges::remember)
                .process(e -> e.setProperty(FORM, FormFields.of(HttpExchanges.rawBody(e))))
                .to("direct:payment-page-order");

        // A push to the buyer's phone, through the same endpoint as wallet-payment. Without
        // script the form posts here and the buyer is sent back to the page, which follows the
        // payment; a refusal is the page again with the reason beside the phone field.
        from("direct:payment-page-push").routeId("payment-page-push")
                .to("direct:payment-page-form")
                .process(this::push)
                .filter(exchangeProperty(PUSH).isNotNull())
                    .to("direct:payment-page-pay")
                .end();

        // A card typed into the test-mode form: tokenized by the card processor (the number goes
        // nowhere else), then paid through the same endpoint as card-payment.
        from("direct:payment-page-card").routeId("payment-page-card")
                .to("direct:payment-page-form")
                .process(this::card)
                .filter(exchangeProperty(CARD).isNotNull())
                    .doTry()
                        .setBody(e -> {
                            CardEntry card = e.getProperty(CARD, CardEntry.class);
                            return Map.of("number", card.digits(), "expiry", card.expiryMmYy());
                        })
                        .to(ChannelEndpoints.CARD_TOKENIZE)
                        .process(this::tokenized)
                    .doCatch(ApiException.class)
                        .process(this::refused)
                    .end()
                    // Saved before the payment starts, so its success, however soon it is
                    // reported, finds the card to confirm.
                    .filter(exchangeProperty(SAVE).isNotNull())
                        .setBody(exchangeProperty(SAVE))
                        .to(CheckoutEndpoints.SAVE_CARD)
                    .end()
                    .filter(exchangeProperty(PUSH).isNotNull())
                        .to("direct:payment-page-pay")
                    .end()
                .end();

        // One tap on a card the buyer saved before: paid with its token, as card-payment does.
        from("direct:payment-page-saved-card").routeId("payment-page-saved-card")
                .to("direct:payment-page-form")
                .process(this::savedCard)
                .filter(exchangeProperty(PUSH).isNotNull())
                    .to("direct:payment-page-pay")
                .end();

        // The buyer gives up: the order is closed (USERCANCELLED) and the buyer goes back to the shop.
        from("direct:payment-page-cancel").routeId("payment-page-cancel")
                .to("direct:payment-page-form")
                .process(this::cancel)
                .filter(body().isInstanceOf(OrderKeys.class))
                    .to(CheckoutEndpoints.BUYER_CANCEL)
                    .process(this::cancelled)
                .end();

        // Property malipoPagePush in: the payment, made through checkout; the buyer goes back to
        // the page, or sees it again with why the payment could not start.
        from("direct:payment-page-pay").routeId("payment-page-pay")
                .doTry()
                    .setBody(exchangeProperty(PUSH))
                    .to(CheckoutEndpoints.PAY_ORDER)
                    .process(this::pushed)
                .doCatch(ApiException.class)
                    .process(this::refused)
                .end();

        // What the page's script asks while a payment waits: whether it still does, and whether it paid.
        from("direct:payment-page-status").routeId("payment-page-status")
                .process(HttpExchanges::remember)
                .setProperty(JSON, constant(true))
                .to("direct:payment-page-order")
                .process(this::status);

        from("direct:payment-page-js").routeId("payment-page-js")
                .process(e -> answer(e, 200, "text/javascript; charset=UTF-8", "public, max-age=3600", script));

        from("direct:payment-page-css").routeId("payment-page-css")
                .process(e -> answer(e, 200, "text/css; charset=UTF-8", "public, max-age=3600", styleSheet));
    }

    /** Requests for one order from one address: a buyer's page, its polling and reloads fit easily. */
    private void withinBudget(Exchange exchange) {
        long wait = perOrder.take(addresses.of(exchange) + " " + exchange.getIn().getHeader("id", String.class));
        if (wait > 0) {
            throw new Busy(wait);
        }
    }

    /** Links that lead nowhere, from one address: a mistyped link fits, guessing order ids does not. */
    private void withinMisses(Exchange exchange) {
        long wait = misses.take(String.valueOf(addresses.of(exchange)));
        if (wait > 0) {
            throw new Busy(wait);
        }
    }

    /** A caller over its budget, and the seconds until it has a request again. */
    static final class Busy extends RuntimeException {
        final long seconds;

        Busy(long seconds) {
            super("over its budget of requests for " + seconds + " s", null, false, false);
            this.seconds = seconds;
        }
    }

    /** 429: the page's script gets JSON, a browser a page saying how long to wait. */
    private void busy(Exchange exchange) throws JsonProcessingException {
        long seconds = exchange.getProperty(Exchange.EXCEPTION_CAUGHT, Busy.class).seconds;
        if (exchange.getProperty(JSON, false, Boolean.class)) {
            answer(exchange, 429, "application/json", "no-store", json.writeValueAsBytes(Map.of("error",
                    "rate_limited", "retry_after", seconds)));
        } else {
            message(exchange, 429, "busy", seconds);
        }
        exchange.getMessage().setHeader("Retry-After", String.valueOf(seconds));
    }

    private static void orderKey(Exchange exchange) {
        UUID id;
        try {
            id = UUID.fromString(exchange.getIn().getHeader("id", String.class));
        } catch (IllegalArgumentException | NullPointerException e) {
            id = new UUID(0, 0);
        }
        exchange.getIn().setBody(Map.of("id", id));
    }

    private void page(Exchange exchange) {
        PageOrder order = exchange.getIn().getBody(PageOrder.class);
        if (order == null) {
            message(exchange, 404, "notfound", null);
            return;
        }
        page(exchange, 200, order, null, null);
    }

    /**
     * The order's page.
     *
     * @param error what went wrong with the buyer's last action, as a message and its arguments; or null
     * @param phone the number the buyer typed, to show again with the error
     */
    private void page(Exchange exchange, int status, PageOrder order, Problem error, String phone) {
        Locale locale = language(exchange);
        var now = clock.instant();
        Map<String, Object> page = new HashMap<>();
        page.put("error", error);
        // What the buyer typed, else the number last pushed to, else the one the shop gave.
        page.put("phone", Msisdn.readable(phone != null ? phone
                : order.lastMsisdn() != null ? order.lastMsisdn() : order.buyerPhone()));
        page.put("formToken", formToken(order.id()));
        boolean pushable = order.payable(now) && order.acceptsPush();
        boolean cardable = order.payable(now) && order.acceptsCards() && !order.livemode();
        List<StoredCard> saved = savedCards(order);
        Map<?, ?> cardProblems = exchange.getProperty(CARD_PROBLEMS, Map.of(), Map.class);
        page.put("pushable", pushable);
        page.put("cardable", cardable);
        page.put("savedCards", saved);
        page.put("saveable", cardable && order.buyerId() != null);
        // The method shown first: the one the buyer was using; else a saved card, one tap away;
        // else mobile money.
        boolean cards = cardable || !saved.isEmpty();
        page.put("method", error != null ? (SAVED_FORM.equals(error.form()) ? CARD_FORM : error.form())
                : !cardProblems.isEmpty() || !saved.isEmpty() || "CARD".equals(order.lastChannel()) && cards
                ? CARD_FORM : pushable ? PUSH_FORM : cards ? CARD_FORM : "token");
        page.put("methods", (pushable ? 1 : 0) + (cards ? 1 : 0) + 1);
        page.put("cardProblems", cardProblems);
        page.put("cardName", exchange.getProperty(CARD_NAME, String.class));
        page.put("failure", !order.payable(now) || order.lastFailureCode() == null ? null
                : "CARD".equals(order.lastChannel()) ? "pay.failure.card"
                : "pay.failure." + switch (order.lastFailureCode()) {
                    case "declined", "insufficient_funds", "provider_timeout", "provider_unavailable" ->
                            order.lastFailureCode();
                    default -> "other";
                });
        page.put("waiting", order.paymentStatus() == OrderStatus.INPROGRESS && !order.expired(now));
        page.put("pollMillis", statusPollMillis);
        page.put("approvalLeft", order.lastAttemptAt() == null ? 0 : Math.max(0, Duration.between(now,
                order.lastAttemptAt().toInstant().plus(approvalWindow)).toSeconds()));
        page.put("order", order);
        page.put("amount", amount(order.amount(), order.currency(), locale));
        page.put("payable", order.payable(now));
        page.put("expired", order.expired(now));
        page.put("paid", order.paymentStatus() == OrderStatus.COMPLETED);
        page.put("state", order.expired(now) ? "EXPIRED" : order.paymentStatus().name());
        DateTimeFormatter times = DateTimeFormatter.ofLocalizedDateTime(FormatStyle.MEDIUM, FormatStyle.SHORT)
                .withLocale(locale).withZone(properties.zone());
        page.put("deadline", times.format(order.expiresAt()));
        page.put("minutesLeft", Math.max(0, Duration.between(now, order.expiresAt().toInstant()).toMinutes()));
        page.put("paidAt", order.paidAt() == null ? null : times.format(order.paidAt()));
        page.put("paidWith", order.paymentProvider() == null ? null
                : providers.find(order.paymentProvider()).map(p -> p.name()).orElse(order.paymentProvider()));
        List<Network> networks = networks(order.currency());
        page.put("networks", networks);
        page.put("prefixes", prefixes(networks));
        page.put("countryCode", Msisdn.countryCode(properties.qrCountryCode()));
        // Reached right after paying (from the form, or by the script once the payment ended):
        // a paid order then takes the buyer back to the shop; opened later, it only shows its receipt.
        page.put("justPaid", order.paymentStatus() == OrderStatus.COMPLETED
                && AFTER_PAYING.equals(exchange.getIn().getHeader("after", String.class)));
        page.put("networkNames", String.join(", ", networks.stream().map(Network::name).toList()));
        page.put("header", PageColour.of(order.headerColour(), HEADER_COLOUR));
        page.put("button", PageColour.of(order.buttonColour(), HEADER_COLOUR));
        page.put("link", PageColour.onWhite(order.linkColour(), HEADER_COLOUR));
        render(exchange, status, "pay/page", locale, page);
    }

    /**
     * What is wrong with the buyer's last action: a message of the page and its argument.
     *
     * @param form the form it is shown in: push, card or saved
     */
    public record Problem(String form, String key, Object argument) {
    }

    /**
     * Checks a push the buyer asked for; property {@value #PUSH} out, the payment to make, or the
     * page answered again with what is wrong.
     */
    @SuppressWarnings("unchecked")
    private void push(Exchange exchange) {
        PageOrder order = exchange.getIn().getBody(PageOrder.class);
        Map<String, String> form = exchange.getProperty(FORM, Map.class);
        String typed = form.get("phone");
        if (!acceptable(exchange, order, form, order != null && order.acceptsPush(), PUSH_FORM, typed)) {
            return;
        }
        Optional<String> msisdn = Msisdn.fromTyped(typed, properties.qrCountryCode());
        if (msisdn.isEmpty()) {
            page(exchange, 400, order, new Problem(PUSH_FORM, "pay.error.phone", null), typed);
            return;
        }
        if (providers.walletProviderFor(msisdn.get()).isEmpty()) {
            page(exchange, 400, order, new Problem(PUSH_FORM, "pay.error.network", null), typed);
            return;
        }
        if (tooSoon(exchange, order, PUSH_FORM, typed)) {
            return;
        }
        exchange.setProperty(ORDER_ROW, order);
        exchange.setProperty(PUSH, new OrderPayment(order.merchantId(), order.livemode(), order.orderId(),
                "PAGE-" + RandomTokens.crockford(16), Channel.WALLET_PULL, msisdn.get(), null, null, null));
    }

    /**
     * Checks a card the buyer typed (test mode only: live, a processor's hosted fields take the
     * card); property {@value #CARD} out, the card to tokenize, or the page again with what is wrong.
     * Nothing of the number or CSC is ever put back into the page.
     */
    @SuppressWarnings("unchecked")
    private void card(Exchange exchange) {
        PageOrder order = exchange.getIn().getBody(PageOrder.class);
        Map<String, String> form = exchange.getProperty(FORM, Map.class);
        boolean accepts = order != null && order.acceptsCards() && !order.livemode();
        if (!acceptable(exchange, order, form, accepts, CARD_FORM, null)) {
            return;
        }
        CardEntry card = new CardEntry(form.get("name"), form.get("number"), form.get("expiry"), form.get("csc"));
        Map<String, String> problems = card.problems(YearMonth.now(clock.withZone(properties.zone())));
        if (!problems.isEmpty()) {
            exchange.setProperty(CARD_PROBLEMS, problems);
            exchange.setProperty(CARD_NAME, card.name());
            page(exchange, 400, order, null, null);
            return;
        }
        if (tooSoon(exchange, order, CARD_FORM, null)) {
            return;
        }
        exchange.setProperty(ORDER_ROW, order);
        exchange.setProperty(CARD, card);
        exchange.setProperty(SAVE_ASKED, "yes".equals(form.get("save")) && order.buyerId() != null);
    }

    /**
     * Checks a tap on a saved card; property {@value #PUSH} out, the payment with its token, or the
     * page again with what is wrong.
     */
    @SuppressWarnings("unchecked")
    private void savedCard(Exchange exchange) {
        PageOrder order = exchange.getIn().getBody(PageOrder.class);
        Map<String, String> form = exchange.getProperty(FORM, Map.class);
        if (!acceptable(exchange, order, form, order != null && order.acceptsCards(), SAVED_FORM, null)) {
            return;
        }
        Optional<StoredCard> card = savedCards(order).stream()
                .filter(c -> c.id().toString().equals(form.get("card"))).findFirst();
        if (card.isEmpty()) {
            page(exchange, 400, order, new Problem(SAVED_FORM, "pay.error.saved-card", null), null);
            return;
        }
        if (tooSoon(exchange, order, SAVED_FORM, null)) {
            return;
        }
        exchange.setProperty(ORDER_ROW, order);
        exchange.setProperty(PUSH, new OrderPayment(order.merchantId(), order.livemode(), order.orderId(),
                "PAGE-" + RandomTokens.crockford(16), Channel.CARD, null, card.get().cardToken(), order.buyerId(),
                null));
    }

    /** Checks a cancel; body out: the order's keys to cancel it by, or the page again with why not. */
    @SuppressWarnings("unchecked")
    private void cancel(Exchange exchange) {
        PageOrder order = exchange.getIn().getBody(PageOrder.class);
        Map<String, String> form = exchange.getProperty(FORM, Map.class);
        if (!acceptable(exchange, order, form, order != null && order.cancelUrl() != null, PUSH_FORM, null)) {
            return;
        }
        exchange.setProperty(ORDER_ROW, order);
        exchange.getIn().setBody(new OrderKeys(order.merchantId(), order.livemode(), order.orderId(),
                OffsetDateTime.ofInstant(clock.instant(), ZoneOffset.UTC)));
    }

    /** Back to the shop; or, when a payment started meanwhile, the page as it is now. */
    private void cancelled(Exchange exchange) {
        PageOrder order = exchange.getProperty(ORDER_ROW, PageOrder.class);
        if (exchange.getIn().getHeader(SqlConstants.SQL_UPDATE_COUNT, 0, Integer.class) == 0) {
            page(exchange, 409, reread(order), null, null);
            return;
        }
        seeOther(exchange, order.cancelUrl());
    }

    /** The cards the order's buyer saved and a payment confirmed, when the order can take them. */
    @SuppressWarnings("unchecked")
    private List<StoredCard> savedCards(PageOrder order) {
        if (order.buyerId() == null || !order.payable(clock.instant()) || !order.acceptsCards()) {
            return List.of();
        }
        return orders.requestBody(CheckoutEndpoints.BUYER_CARDS,
                new BuyerKeys(order.buyerId(), order.merchantId(), order.livemode()), List.class);
    }

    /** The processor's token for the card: the payment the page makes with it. */
    @SuppressWarnings("unchecked")
    private void tokenized(Exchange exchange) {
        PageOrder order = exchange.getProperty(ORDER_ROW, PageOrder.class);
        Map<?, ?> tokenized = exchange.getIn().getBody(Map.class);
        String token = String.valueOf(tokenized.get("token"));
        if (exchange.getProperty(SAVE_ASKED, false, Boolean.class)) {
            CardEntry card = exchange.getProperty(CARD, CardEntry.class);
            exchange.setProperty(SAVE, NewStoredCard.of(order.buyerId(), order.merchantId(), order.livemode(),
                    card.digits(), tokenized, card.name().strip(), card.expiryMmYy(),
                    OffsetDateTime.ofInstant(clock.instant(), ZoneOffset.UTC), false));
        }
        OrderPayment payment = new OrderPayment(order.merchantId(), order.livemode(), order.orderId(),
                "PAGE-" + RandomTokens.crockford(16), Channel.CARD, null, token, order.buyerId(), null);
        exchange.setProperty(PUSH, payment);
    }

    /**
     * A form for an order that exists, from a page Malipo served, that the order can take now;
     * otherwise the page says why.
     */
    private boolean acceptable(Exchange exchange, PageOrder order, Map<String, String> form, boolean accepts,
            String formName, String typed) {
        if (order == null) {
            message(exchange, 404, "notfound", null);
            return false;
        }
        if (!Hmac.same(formToken(order.id()), form.get("token"))) {
            page(exchange, 403, order, new Problem(formName, "pay.error.form", null), typed);
            return false;
        }
        if (!order.payable(clock.instant()) || !accepts) {
            page(exchange, 409, order, null, typed);
            return false;
        }
        return true;
    }

    /**
     * One attempt per order every {@link #PUSH_SPACING} at most; a second one sooner is the page
     * again with the wait.
     */
    private boolean tooSoon(Exchange exchange, PageOrder order, String formName, String typed) {
        var now = clock.instant();
        if (order.lastAttemptAt() == null || !order.lastAttemptAt().toInstant().plus(PUSH_SPACING).isAfter(now)) {
            return false;
        }
        long wait = Duration.between(now, order.lastAttemptAt().toInstant().plus(PUSH_SPACING)).toSeconds() + 1;
        page(exchange, 429, order, new Problem(formName, "pay.error.too-soon", wait), typed);
        exchange.getMessage().setHeader("Retry-After", String.valueOf(wait));
        return true;
    }

    /** The provider has the push (or refused it): back to the page, which follows the payment. */
    private void pushed(Exchange exchange) {
        PageOrder order = exchange.getProperty(ORDER_ROW, PageOrder.class);
        OrderPayment payment = exchange.getProperty(PUSH, OrderPayment.class);
        String phone = payment.msisdn();
        PushAnswer answer = PushAnswer.of(exchange);
        if (answer == PushAnswer.UNAVAILABLE || answer == PushAnswer.DECLINED) {
            boolean unavailable = answer == PushAnswer.UNAVAILABLE;
            boolean card = payment.channel() == Channel.CARD;
            page(exchange, unavailable ? 503 : 400, reread(order), new Problem(card ? CARD_FORM : PUSH_FORM,
                    unavailable ? "pay.failure.provider_unavailable" : card ? "pay.failure.card"
                    : "pay.failure.declined", null), phone);
            return;
        }
        seeOther(exchange, "/pay/" + order.id() + "?after=" + AFTER_PAYING);
    }


    /** The checkout refused the payment (the order changed meanwhile): the page as it is now, saying so. */
    private void refused(Exchange exchange) {
        PageOrder order = exchange.getProperty(ORDER_ROW, PageOrder.class);
        ApiException refusal = exchange.getProperty(Exchange.EXCEPTION_CAUGHT, ApiException.class);
        OrderPayment payment = exchange.getProperty(PUSH, OrderPayment.class);
        if (payment == null) {
            // The card processor refused the card before any payment was made.
            page(exchange, refusal.status(), order, new Problem(CARD_FORM, "pay.failure.card", null), null);
            return;
        }
        page(exchange, refusal.status(), reread(order), null, payment.msisdn());
    }

    private PageOrder reread(PageOrder order) {
        return orders.requestBody(ORDER, Map.of("id", order.id()), PageOrder.class);
    }

    /** The token a push form carries: only a page Malipo served for this order can post one. */
    private String formToken(UUID orderId) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(Hmac.sha256(formKey,
                ("push:" + orderId).getBytes(StandardCharsets.UTF_8)));
    }

    /** The networks a buyer can pay this order's currency from, with their codes for the wallet menu. */
    private List<Network> networks(String currency) {
        return providers.all().entrySet().stream()
                .filter(e -> e.getValue().channel() == Channel.WALLET_PULL
                        && e.getValue().currencies().contains(currency))
                .map(e -> new Network(e.getKey(), e.getValue().name(), e.getValue().prefixes()))
                .toList();
    }

    /** Which network serves which number prefix, as JSON for the page's script. */
    private String prefixes(List<Network> networks) {
        Map<String, String> names = new TreeMap<>();
        networks.forEach(n -> n.prefixes().forEach(prefix -> names.put(prefix, n.name())));
        try {
            return json.writeValueAsString(names);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private void status(Exchange exchange) throws JsonProcessingException {
        PageOrder order = exchange.getIn().getBody(PageOrder.class);
        var now = clock.instant();
        Object answer = order == null ? Map.of("error", "not_found") : new PageStatus(
                order.expired(now) ? "EXPIRED" : order.paymentStatus().name(),
                order.paymentStatus() == OrderStatus.INPROGRESS && !order.expired(now),
                order.paymentStatus() == OrderStatus.COMPLETED);
        answer(exchange, order == null ? 404 : 200, "application/json", "no-store", json.writeValueAsBytes(answer));
    }

    /** What the page's script follows while a payment waits: the order's state, and whether it waits or paid. */
    public record PageStatus(String state, boolean waiting, boolean paid) {
    }

    /** A mobile-money network as the page lists it; its wallet-menu steps are the message pay.howto.{code}. */
    public record Network(String code, String name, List<String> prefixes) {
}

    private void qr(Exchange exchange) throws WriterException, IOException {
        PageOrder order = exchange.getIn().getBody(PageOrder.class);
        if (order == null) {
            message(exchange, 404, "notfound", null);
            return;
        }
        String payload = EmvQr.payload(order.vendor(), order.merchantName(), properties.qrMerchantCity(),
                properties.qrCountryCode(), order.amount(), order.currency(), order.paymentToken());
        var matrix = new QRCodeWriter().encode(payload, BarcodeFormat.QR_CODE, QR_PIXELS, QR_PIXELS,
                Map.of(EncodeHintType.ERROR_CORRECTION, ErrorCorrectionLevel.M, EncodeHintType.MARGIN, 2));
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        MatrixToImageWriter.writeToStream(matrix, "PNG", png);
        answer(exchange, 200, "image/png", "no-store", png.toByteArray());
    }

    private void failed(Exchange exchange) {
        String reference = HttpExchanges.requestId(exchange);
        LOG.error("Payment page failed (reference {})", reference, exchange.getProperty(Exchange.EXCEPTION_CAUGHT));
        message(exchange, 500, "failed", reference);
    }

    /** "TZS 25,000" or "TZS 25,000.50", grouped as the language writes numbers. */
    static String amount(BigDecimal amount, String currency, Locale locale) {
        NumberFormat format = NumberFormat.getNumberInstance(locale);
        int decimals = amount.stripTrailingZeros().scale() <= 0 ? 0 : 2;
        format.setMinimumFractionDigits(decimals);
        format.setMaximumFractionDigits(decimals);
        return currency + " " + format.format(amount);
    }

    /**
     * The page's language (see {@link PageLanguage}); a choice made with {@code ?lang=} is
     * remembered in a cookie for the pages that follow.
     */
    private static Locale language(Exchange exchange) {
        Optional<HttpServletRequest> request = HttpExchanges.request(exchange);
        String asked = exchange.getIn().getHeader("lang", String.class);
        Cookie remembered = request.map(r -> WebUtils.getCookie(r, PageLanguage.COOKIE)).orElse(null);
        Locale locale = PageLanguage.of(asked, remembered == null ? null : remembered.getValue(),
                exchange.getIn().getHeader("Accept-Language", String.class));
        PageLanguage.remembered(asked, "/pay", request.map(HttpServletRequest::isSecure).orElse(false))
                .ifPresent(cookie -> exchange.setProperty(PageLanguage.COOKIE, cookie));
        return locale;
    }

    /** A page that only says something (templates/pay/message.html): the messages {message}.title, .heading, .text. */
    private void message(Exchange exchange, int status, String message, Object argument) {
        Map<String, Object> values = new HashMap<>();
        values.put("message", message);
        values.put("argument", argument);
        render(exchange, status, "pay/message", language(exchange), values);
    }

    private void render(Exchange exchange, int status, String template, Locale locale, Map<String, Object> values) {
        String nonce = PageAnswers.nonce();
        Map<String, Object> all = new HashMap<>(values);
        all.put("nonce", nonce);
        all.put("lang", locale.getLanguage());
        all.put("otherLang", PageLanguage.other(locale));
        String html = templates.process(template, new Context(locale, all));
        String cookie = exchange.getProperty(PageLanguage.COOKIE, String.class);
        answer(exchange, status, "text/html; charset=UTF-8", "no-store", html.getBytes(StandardCharsets.UTF_8));
        var out = exchange.getMessage();
        // The nonce lets in the page's own <style> (the merchant's colours) and its script.
        out.setHeader("Content-Security-Policy", "default-src 'none'; style-src 'self' 'nonce-" + nonce + "'; "
                + "img-src 'self'; script-src 'nonce-" + nonce + "'; connect-src 'self'; form-action 'self'; "
                + "base-uri 'none'; frame-ancestors " + frameAncestors);
        out.setHeader("Content-Language", locale.getLanguage());
        out.setHeader("Vary", "Accept-Language, Cookie");
        if (cookie != null) {
            out.setHeader("Set-Cookie", cookie);
        }
    }


}
