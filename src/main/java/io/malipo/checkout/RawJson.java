package io.malipo.checkout;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * JSON as the client wrote it. Checkout signatures cover each client's own rendering of its
 * values, so a number keeps its lexeme ({@code 8000.0} and {@code 8000} differ, {@code 1e6} is
 * not {@code 1000000}), objects keep their key order and every nested value keeps its exact text.
 */
public final class RawJson {

    private static final JsonFactory FACTORY = JsonFactory.builder().build();

    private RawJson() {
    }

    /** A JSON value with the text it was written as. */
    public sealed interface Value permits Str, Num, Bool, Null, Obj, Arr {

        /** One function per kind of value; the one matching this value is applied. */
        default <T> T match(Function<Str, T> str, Function<Num, T> num, Function<Bool, T> bool,
                Function<Null, T> isNull, Function<Obj, T> obj, Function<Arr, T> arr) {
            if (this instanceof Str s) {
                return str.apply(s);
            }
            if (this instanceof Num n) {
                return num.apply(n);
            }
            if (this instanceof Bool b) {
                return bool.apply(b);
            }
            if (this instanceof Null n) {
                return isNull.apply(n);
            }
            if (this instanceof Obj o) {
                return obj.apply(o);
            }
            return arr.apply((Arr) this);
        }
    }

    public record Str(String value) implements Value {
    }

    public record Num(String lexeme) implements Value {

        /**
         * Longer number text is no amount, count or id anyone sends, and converting it costs time
         * that grows with the square of its length.
         */
        static final int MAX_LENGTH = 64;
        /** Beyond this decimal exponent no client's number type holds the value (a double ends near 1e308). */
        static final int MAX_EXPONENT = 400;
        private static final Pattern NUMBER = Pattern.compile("-?[0-9]+(\\.[0-9]+)?([eE][+-]?[0-9]+)?");

        /** The value, or empty when it is longer or larger than any client's number type holds. */
        public Optional<BigDecimal> decimal() {
            return decimal(lexeme);
        }

        /**
         * Number text, from a JSON number or a string such as "15000.00", as a value; empty when
         * it is not written as a number or is out of the bounds above.
         */
        static Optional<BigDecimal> decimal(String text) {
            if (text.length() > MAX_LENGTH || !NUMBER.matcher(text).matches()) {
                return Optional.empty();
            }
            try {
                BigDecimal value = new BigDecimal(text);
                long exponent = (long) value.precision() - value.scale() - 1;
                return value.signum() != 0 && Math.abs(exponent) > MAX_EXPONENT ? Optional.empty() : Optional.of(value);
            } catch (NumberFormatException exponentBeyondInt) {
                return Optional.empty();
            }
        }

        public boolean isInteger() {
            return lexeme.chars().allMatch(c -> Character.isDigit(c) || c == '-');
        }
    }

    public record Bool(boolean value) implements Value {
    }

    public record Null() implements Value {
    }

    public record Obj(Map<String, Value> fields, String raw) implements Value {
    }

    public record Arr(List<Value> items, String raw) implements Value {
    }

    /** Parses a whole document; throws {@link IOException} when it is not exactly one JSON value. */
    public static Value parse(String text) throws IOException {
        try (JsonParser parser = FACTORY.createParser(text)) {
            if (parser.nextToken() == null) {
                throw new IOException("empty document");
            }
            Value value = read(parser, text);
            if (parser.nextToken() != null) {
                throw new IOException("text after the JSON value at column " + parser.currentLocation().getColumnNr());
            }
            return value;
        }
    }

    private static Value read(JsonParser parser, String text) throws IOException {
        JsonToken token = parser.currentToken();
        return switch (token) {
            case VALUE_STRING -> new Str(parser.getText());
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> new Num(parser.getText());
            case VALUE_TRUE -> new Bool(true);
            case VALUE_FALSE -> new Bool(false);
            case VALUE_NULL -> new Null();
            case START_OBJECT -> {
                int start = (int) parser.currentTokenLocation().getCharOffset();
                Map<String, Value> fields = new LinkedHashMap<>();
                while (parser.nextToken() != JsonToken.END_OBJECT) {
                    String name = parser.currentName();
                    parser.nextToken();
                    fields.put(name, read(parser, text));
                }
                int end = (int) parser.currentLocation().getCharOffset();
                yield new Obj(Collections.unmodifiableMap(fields), text.substring(start, end));
            }
            case START_ARRAY -> {
                int start = (int) parser.currentTokenLocation().getCharOffset();
                List<Value> items = new ArrayList<>();
                while (parser.nextToken() != JsonToken.END_ARRAY) {
                    items.add(read(parser, text));
                }
                int end = (int) parser.currentLocation().getCharOffset();
                yield new Arr(List.copyOf(items), text.substring(start, end));
            }
            default -> throw new IOException("unexpected " + token);
        };
    }
}
