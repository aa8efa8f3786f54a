package io.malipo.pages;

import com.google.zxing.BarcodeFormat;
import com.google.zxing.EncodeHintType;
import com.google.zxing.WriterException;
import com.google.zxing.client.j2se.MatrixToImageWriter;
import com.google.zxing.qrcode.QRCodeWriter;
import com.google.zxing.qrcode.decoder.ErrorCorrectionLevel;
import io.malipo.channels.Channel;
import io.malipo.channels.ProviderDirectory;
import io.malipo.checkout.CheckoutProperties;
import io.malipo.checkout.EmvQr;
import io.malipo.checkout.OrderStatus;
import io.malipo.common.HttpExchanges;
import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServletRequest;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.text.NumberFormat;
import java.time.Clock;
import java.time.Duration;
import java.time.format.DateTimeFormatter;
import java.time.format.FormatStyle;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.ResponseCookie;
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
    private static final SecureRandom NONCES = new SecureRandom();

    private final Clock clock;
    private final CheckoutProperties properties;
    private final ProviderDirectory providers;
    private final TemplateEngine templates;
    private final byte[] styleSheet;

    public PaymentPageRoutes(Clock clock, CheckoutProperties properties, ProviderDirectory providers,
            TemplateEngine templates) {
        this.clock = clock;
        this.properties = properties;
        this.providers = providers;
        this.templates = templates;
        this.styleSheet = resource(STYLE_SHEET);
    }

    @Override
    public void configure() {
        onException(Exception.class).handled(true).process(this::failed);

        rest("/pay").get("/assets/pay.css").id("rest-payment-page-css").apiDocs(false).to("direct:payment-page-css")
                .get("/{id}").id("rest-payment-page").apiDocs(false).to("direct:payment-page")
                .get("/{id}/qr.png").id("rest-payment-page-qr").apiDocs(false).to("direct:payment-page-qr");

        from("direct:payment-page").routeId("payment-page")
                .process(HttpExchanges::remember)
                .process(PaymentPageRoutes::orderKey)
                .to(ORDER)
                .process(this::page);

        from("direct:payment-page-qr").routeId("payment-page-qr")
                .process(HttpExchanges::remember)
                .process(PaymentPageRoutes::orderKey)
                .to(ORDER)
                .process(this::qr);

        from("direct:payment-page-css").routeId("payment-page-css")
                .process(e -> answer(e, 200, "text/css; charset=UTF-8", "public, max-age=3600", styleSheet));
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
        Locale locale = language(exchange);
        PageOrder order = exchange.getIn().getBody(PageOrder.class);
        if (order == null) {
            render(exchange, 404, "pay/not-found", locale, Map.of());
            return;
        }
        var now = clock.instant();
        Map<String, Object> page = new HashMap<>();
        page.put("order", order);
        page.put("amount", amount(order.amount(), order.currency(), locale));
        page.put("payable", order.payable(now));
        page.put("expired", order.expired(now));
        page.put("paid", order.paymentStatus() == OrderStatus.COMPLETED);
        page.put("state", order.expired(now) ? "EXPIRED" : order.paymentStatus().name());
        page.put("deadline", DateTimeFormatter.ofLocalizedDateTime(FormatStyle.MEDIUM, FormatStyle.SHORT)
                .withLocale(locale).withZone(properties.zone()).format(order.expiresAt()));
        page.put("minutesLeft", Math.max(0, Duration.between(now, order.expiresAt().toInstant()).toMinutes()));
        page.put("paidAt", order.paidAt() == null ? null : DateTimeFormatter
                .ofLocalizedDateTime(FormatStyle.MEDIUM, FormatStyle.SHORT).withLocale(locale)
                .withZone(properties.zone()).format(order.paidAt()));
        page.put("paidWith", order.paymentProvider() == null ? null
                : providers.find(order.paymentProvider()).map(p -> p.name()).orElse(order.paymentProvider()));
        page.put("networks", networks(order.currency()));
        page.put("header", PageColour.of(order.headerColour(), HEADER_COLOUR));
        page.put("button", PageColour.of(order.buttonColour(), HEADER_COLOUR));
        page.put("link", PageColour.onWhite(order.linkColour(), HEADER_COLOUR));
        render(exchange, 200, "pay/page", locale, page);
    }

    /** The networks a buyer can pay this order's currency from, with their codes for the wallet menu. */
    private List<Network> networks(String currency) {
        return providers.all().entrySet().stream()
                .filter(e -> e.getValue().channel() == Channel.WALLET_PULL
                        && e.getValue().currencies().contains(currency))
                .map(e -> new Network(e.getKey(), e.getValue().name()))
                .toList();
    }

    /** A mobile-money network as the page lists it; its wallet-menu steps are the message pay.howto.{code}. */
    public record Network(String code, String name) {
    }

    private void qr(Exchange exchange) throws WriterException, IOException {
        PageOrder order = exchange.getIn().getBody(PageOrder.class);
        if (order == null) {
            render(exchange, 404, "pay/not-found", language(exchange), Map.of());
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
        render(exchange, 500, "pay/failed", language(exchange), Map.of("reference", reference));
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
        PageLanguage.supported(asked).ifPresent(chosen -> exchange.setProperty(PageLanguage.COOKIE,
                ResponseCookie.from(PageLanguage.COOKIE, chosen.toLanguageTag()).path("/pay")
                        .maxAge(Duration.ofDays(365)).httpOnly(true).sameSite("Lax")
                        .secure(request.map(HttpServletRequest::isSecure).orElse(false)).build().toString()));
        return locale;
    }

    private void render(Exchange exchange, int status, String template, Locale locale, Map<String, Object> values) {
        String nonce = Base64.getUrlEncoder().withoutPadding().encodeToString(NONCES.generateSeed(16));
        Map<String, Object> all = new HashMap<>(values);
        all.put("nonce", nonce);
        all.put("lang", locale.getLanguage());
        all.put("otherLang", locale.getLanguage().equals("sw") ? "en" : "sw");
        String html = templates.process(template, new Context(locale, all));
        String cookie = exchange.getProperty(PageLanguage.COOKIE, String.class);
        answer(exchange, status, "text/html; charset=UTF-8", "no-store", html.getBytes(StandardCharsets.UTF_8));
        var out = exchange.getMessage();
        // The nonce lets in the page's own <style> (the merchant's colours) and, later, its scripts.
        out.setHeader("Content-Security-Policy", "default-src 'none'; style-src 'self' 'nonce-" + nonce + "'; "
                + "img-src 'self'; script-src 'nonce-" + nonce + "'; form-action 'self'; base-uri 'none'; "
                + "frame-ancestors 'none'");
        out.setHeader("Content-Language", locale.getLanguage());
        out.setHeader("Vary", "Accept-Language, Cookie");
        if (cookie != null) {
            out.setHeader("Set-Cookie", cookie);
        }
    }

    private static void answer(Exchange exchange, int status, String type, String cache, byte[] body) {
        var out = exchange.getMessage();
        out.removeHeaders("*");
        out.setHeader(Exchange.HTTP_RESPONSE_CODE, status);
        out.setHeader(Exchange.CONTENT_TYPE, type);
        out.setHeader("Cache-Control", cache);
        out.setHeader("X-Content-Type-Options", "nosniff");
        out.setBody(body);
    }

    private static byte[] resource(String path) {
        try (InputStream in = PaymentPageRoutes.class.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("no resource " + path);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
