package io.malipo.checkout;

import com.google.zxing.BarcodeFormat;
import com.google.zxing.EncodeHintType;
import com.google.zxing.WriterException;
import com.google.zxing.client.j2se.MatrixToImageWriter;
import com.google.zxing.qrcode.QRCodeWriter;
import com.google.zxing.qrcode.decoder.ErrorCorrectionLevel;
import io.malipo.common.HttpExchanges;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.time.Clock;
import java.util.Map;
import java.util.UUID;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.springframework.web.util.HtmlUtils;

/**
 * The page payment_gateway_url opens: the order, its payment token and its QR code, so a
 * buyer can pay from the wallet menu or a scanning app. It is plain HTML with no script; the
 * link is the order's random id, which is all it takes to see the order summary.
 */
@Component
public class PaymentPageRoutes extends RouteBuilder {

    private static final Logger LOG = LoggerFactory.getLogger(PaymentPageRoutes.class);
    private static final String SQL = "sql:classpath:sql/checkout/select-order-for-page.sql?outputType=SelectOne"
            + "&outputClass=io.malipo.checkout.PageOrder";
    private static final int QR_PIXELS = 320;

    private final Clock clock;
    private final CheckoutProperties properties;
    private final Orders orders;

    public PaymentPageRoutes(Clock clock, CheckoutProperties properties, Orders orders) {
        this.clock = clock;
        this.properties = properties;
        this.orders = orders;
    }

    @Override
    public void configure() {
        onException(Exception.class).handled(true).process(this::failed);

        rest("/pay").get("/{id}").id("rest-payment-page").apiDocs(false).to("direct:payment-page")
                .get("/{id}/qr.png").id("rest-payment-page-qr").apiDocs(false).to("direct:payment-page-qr");

        from("direct:payment-page").routeId("payment-page")
                .process(PaymentPageRoutes::orderKey)
                .to(SQL)
                .process(this::page);

        from("direct:payment-page-qr").routeId("payment-page-qr")
                .process(PaymentPageRoutes::orderKey)
                .to(SQL)
                .process(this::qr);
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
            html(exchange, 404, "Payment link not found", "<h1>This payment link is not valid</h1>"
                    + "<p>Check the link the shop gave you, or ask the shop for a new one.</p>");
            return;
        }
        OrderStatus status = order.paymentStatus();
        boolean expired = order.expired(clock.instant());
        String id = order.id().toString();
        String amount = Orders.amountText(order.amount()) + " " + order.currency();
        String colour = order.headerColour() == null ? "#1A4D8F" : order.headerColour();
        StringBuilder body = new StringBuilder();
        if (!order.livemode()) {
            body.append("<p class=\"test\">Test mode: no money moves.</p>");
        }
        body.append("<header style=\"background:").append(colour).append("\"><h1>")
                .append(esc(order.merchantName())).append("</h1></header>")
                .append("<p class=\"amount\">").append(esc(amount)).append("</p>")
                .append("<p>Order ").append(esc(order.orderId())).append("</p>");
        if (expired) {
            body.append("<p class=\"status\">This order has expired and can no longer be paid.</p>");
        } else if (status == OrderStatus.PENDING) {
            body.append("<h2>Pay with mobile money</h2><p>In your mobile money menu choose <em>Pay merchant</em> and "
                            + "enter this payment token as the reference:</p><p class=\"token\">")
                    .append(esc(order.paymentToken())).append("</p>")
                    .append("<p>Or scan this code with your wallet app:</p><img src=\"/pay/").append(esc(id))
                    .append("/qr.png\" width=\"").append(QR_PIXELS).append("\" height=\"").append(QR_PIXELS)
                    .append("\" alt=\"QR code to pay ").append(esc(amount)).append("\">")
                    .append("<p>Pay before ").append(esc(orders.creationDate(order.expiresAt().toInstant())))
                    .append(" (").append(esc(properties.zone().getId())).append(").</p>");
        } else {
            body.append("<p class=\"status\">").append(esc(describe(status))).append("</p>");
        }
        if (order.cancelUrl() != null && order.payable(clock.instant())) {
            body.append("<p><a href=\"").append(esc(order.cancelUrl()))
                    .append("\">Back to the shop</a></p>");
        }
        html(exchange, 200, "Pay " + order.merchantName(), body.toString());
    }

    private void qr(Exchange exchange) throws WriterException, IOException {
        PageOrder order = exchange.getIn().getBody(PageOrder.class);
        if (order == null) {
            html(exchange, 404, "Payment link not found", "<h1>This payment link is not valid</h1>");
            return;
        }
        String payload = EmvQr.payload(order.vendor(), order.merchantName(), properties.qrMerchantCity(),
                properties.qrCountryCode(), order.amount(), order.currency(), order.paymentToken());
        var matrix = new QRCodeWriter().encode(payload, BarcodeFormat.QR_CODE, QR_PIXELS, QR_PIXELS,
                Map.of(EncodeHintType.ERROR_CORRECTION, ErrorCorrectionLevel.M, EncodeHintType.MARGIN, 2));
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        MatrixToImageWriter.writeToStream(matrix, "PNG", png);
        var out = exchange.getMessage();
        out.removeHeaders("*");
        out.setHeader(Exchange.HTTP_RESPONSE_CODE, 200);
        out.setHeader(Exchange.CONTENT_TYPE, "image/png");
        out.setHeader("Cache-Control", "no-store");
        out.setBody(png.toByteArray());
    }

    private void failed(Exchange exchange) {
        String reference = HttpExchanges.requestId(exchange);
        LOG.error("Payment page failed (reference {})", reference, exchange.getProperty(Exchange.EXCEPTION_CAUGHT));
        html(exchange, 500, "Something went wrong", "<h1>Something went wrong</h1><p>Please try again in a moment. "
                + "If it keeps happening, quote reference " + esc(reference) + " to the shop.</p>");
    }

    private static String describe(OrderStatus status) {
        return switch (status) {
            case COMPLETED -> "This order is paid. Thank you.";
            case INPROGRESS -> "A payment for this order is in progress: approve it on your phone.";
            case REJECTED -> "Payment of this order failed too many times; ask the shop for a new order.";
            case PENDING, CANCELLED, USERCANCELLED -> "This order was cancelled and can no longer be paid.";
        };
    }

    private static void html(Exchange exchange, int status, String title, String body) {
        var out = exchange.getMessage();
        out.removeHeaders("*");
        out.setHeader(Exchange.HTTP_RESPONSE_CODE, status);
        out.setHeader(Exchange.CONTENT_TYPE, "text/html; charset=UTF-8");
        out.setHeader("Cache-Control", "no-store");
        out.setBody("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>" + esc(title)
                + "</title><style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:0 auto;padding:1rem}"
                + "header{color:#fff;padding:.5rem 1rem;border-radius:.5rem}.amount{font-size:2rem;font-weight:600}"
                + ".token{font-size:1.8rem;letter-spacing:.2rem;font-family:monospace}"
                + ".test{background:#fff3cd;padding:.5rem}</style></head><body>" + body + "</body></html>");
    }

    private static String esc(String text) {
        return text == null ? "" : HtmlUtils.htmlEscape(text);
    }
}
