package io.malipo.checkout;

import io.malipo.checkout.RawJson.Obj;
import io.malipo.checkout.RawJson.Str;
import io.malipo.checkout.RawJson.Value;
import io.malipo.common.ApiException;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A checkout request's parameters, read from the raw bytes whatever the Content-Type says:
 * PHP clients send a malformed one, some samples label JSON as a form, and GET and DELETE
 * requests carry bodies too. A body starting with {@code &#123;} is JSON, anything else non-empty
 * is a form; bytes that are not UTF-8 are read as ISO-8859-1 (one Java client sends that).
 */
public final class CheckoutRequest {

    private final List<SignedSource> sources;

    private CheckoutRequest(List<SignedSource> sources) {
        this.sources = List.copyOf(sources);
    }

    public static CheckoutRequest parse(byte[] body, String rawQuery) {
        List<SignedSource> sources = new ArrayList<>();
        String text = decode(body).strip();
        if (text.startsWith("{")) {
            try {
                Value parsed = RawJson.parse(text);
                sources.add(new SignedSource(SignedSource.Kind.JSON_BODY, ((Obj) parsed).fields()));
            } catch (IOException | ClassCastException e) {
                throw ApiException.badRequest("malformed_json", "The body is not valid JSON: "
                        + (e.getMessage() == null ? "it must be one JSON object" : firstLine(e.getMessage())));
            }
        } else if (!text.isEmpty()) {
            sources.add(new SignedSource(SignedSource.Kind.FORM_BODY, form(text, true)));
            sources.add(new SignedSource(SignedSource.Kind.FORM_BODY_LITERAL_PLUS, form(text, false)));
        }
        if (rawQuery != null && !rawQuery.isBlank()) {
            sources.add(new SignedSource(SignedSource.Kind.QUERY, form(rawQuery, true)));
            sources.add(new SignedSource(SignedSource.Kind.QUERY_LITERAL_PLUS, form(rawQuery, false)));
        }
        if (sources.isEmpty()) {
            sources.add(new SignedSource(SignedSource.Kind.NONE, Map.of()));
        }
        return new CheckoutRequest(sources);
    }

    public List<SignedSource> sources() {
        return sources;
    }

    private static String decode(byte[] body) {
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(body)).toString();
        } catch (CharacterCodingException e) {
            return new String(body, StandardCharsets.ISO_8859_1);
        }
    }

    /** key=value pairs; the first of repeated keys wins; a malformed escape keeps its text. */
    private static Map<String, Value> form(String text, boolean plusIsSpace) {
        Map<String, Value> fields = new LinkedHashMap<>();
        for (String pair : text.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String name = unescape(eq < 0 ? pair : pair.substring(0, eq), plusIsSpace);
            String value = eq < 0 ? "" : unescape(pair.substring(eq + 1), plusIsSpace);
            fields.putIfAbsent(name, new Str(value));
        }
        return fields;
    }

    private static String unescape(String text, boolean plusIsSpace) {
        String prepared = plusIsSpace ? text : text.replace("+", "%2B");
        try {
            return URLDecoder.decode(prepared, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return plusIsSpace ? text.replace('+', ' ') : text;
        }
    }

    private static String firstLine(String message) {
        int newline = message.indexOf('\n');
        return newline < 0 ? message : message.substring(0, newline);
    }
}
