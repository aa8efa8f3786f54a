package io.malipo.common;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Base64;
import org.apache.camel.Exchange;

/** How Malipo's own pages (the payment page, the dashboard) answer: a body, a redirect, a nonce, a file of their own. */
public final class PageAnswers {

    private PageAnswers() {
    }

    /** Answers with this body and nothing else a route may have set. */
    public static void answer(Exchange exchange, int status, String type, String cache, byte[] body) {
        var out = exchange.getMessage();
        out.removeHeaders("*");
        out.setHeader(Exchange.HTTP_RESPONSE_CODE, status);
        out.setHeader(Exchange.CONTENT_TYPE, type);
        out.setHeader("Cache-Control", cache);
        out.setHeader("X-Content-Type-Options", "nosniff");
        out.setBody(body);
    }

    /** 303 See Other: after a form post, the browser asks for {@code location} with a GET. */
    public static void seeOther(Exchange exchange, String location) {
        var out = exchange.getMessage();
        out.removeHeaders("*");
        out.setHeader(Exchange.HTTP_RESPONSE_CODE, 303);
        out.setHeader("Location", location);
        out.setHeader("Cache-Control", "no-store");
        out.setBody("");
    }

    /** A fresh Content-Security-Policy nonce: 128 random bits. */
    public static String nonce() {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(RandomTokens.bytes(16));
    }

    /** A file of the classpath (a style sheet, a script), read once at start. */
    public static byte[] resource(String path) {
        try (InputStream in = PageAnswers.class.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("no resource " + path);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
