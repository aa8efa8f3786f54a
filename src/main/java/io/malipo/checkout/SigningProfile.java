package io.malipo.checkout;

import io.malipo.checkout.RawJson.Null;
import io.malipo.checkout.RawJson.Obj;
import io.malipo.checkout.RawJson.Str;
import io.malipo.checkout.RawJson.Value;
import java.math.BigDecimal;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * How one family of client libraries turns a value into text when it signs: the same JSON
 * value signs differently in JavaScript, PHP, Python, Go, C# and Dart (see the checkout client
 * study, table "Value stringification per client"). The verifier tries each profile over one
 * value source at a time, never a per-field mixture, so a match still means one client signed
 * these exact values.
 *
 * <p>An empty rendering means the client leaves the whole {@code &name=value} segment out. A
 * value the client could not have sent at all (a number beyond its number type) throws
 * {@link Unrenderable}: the profile simply does not match that request.
 */
public enum SigningProfile {

    /** The text as written in the body: numbers as their lexeme, nested values as their JSON. */
    LEXEME(SigningProfile::lexeme, ""),
    /** JavaScript string concatenation: the official Node client and TypeScript clients. */
    JS(SigningProfile::js, "undefined"),
    /** JavaScript clients that leave out fields whose value is null or undefined. */
    JS_SKIP(v -> v instanceof Null ? null : js(v), null),
    /** PHP strval: true is 1, false and null are empty, arrays are "Array", 8000.0 is 8000. */
    PHP(SigningProfile::php, ""),
    /** Python str(): True, False, None, dict and list reprs. */
    PYTHON(v -> v instanceof Str s ? s.value() : pythonRepr(v), "None"),
    /** Go fmt %v over values json.Unmarshal filled: every number is a float64 (1e+06). */
    GO(SigningProfile::go, ""),
    /** .NET ToString(): True/False, 8000.0 is 8000, nested values are type names. */
    CSHARP(v -> csharp(v, '.'), ""),
    /** .NET under a culture whose decimal mark is a comma (8000,5). */
    CSHARP_COMMA(v -> csharp(v, ','), ""),
    /** Dart string interpolation: maps as {k: v}, lists as [a, b]. */
    DART(SigningProfile::dart, "");

    private final Function<Value, String> rendering;
    private final String absentRendering;

    /**
     * @param rendering the text this client signs for a value; null when it leaves the segment out
     * @param absentRendering the text it signs for a name it lists but does not send; null when it
     *        leaves the segment out
     */
    SigningProfile(Function<Value, String> rendering, String absentRendering) {
        this.rendering = rendering;
        this.absentRendering = absentRendering;
    }

    /**
     * The text this client signs for a value; empty when it leaves the segment out.
     *
     * @throws Unrenderable when this client could not have signed the value
     */
    Optional<String> render(Value value) {
        return Optional.ofNullable(rendering.apply(value));
    }

    /** The text this client signs for a name it lists but does not send. */
    Optional<String> absent() {
        return Optional.ofNullable(absentRendering);
    }

    /** A value this profile's client cannot hold, so a request carrying it was not signed by that client. */
    static final class Unrenderable extends RuntimeException {

        Unrenderable() {
            super("no rendering in this profile", null, false, false);
        }
    }

    private static final String DOTNET_DICTIONARY =
            "System.Collections.Generic.Dictionary`2[System.String,System.Object]";
    private static final String DOTNET_LIST = "System.Collections.Generic.List`1[System.Object]";

    /**
     * Whether this rendering pins the value down: a nested object signed as "[object Object]",
     * a null signed like an empty string, or a field the client never sent protects nothing.
     */
    boolean faithful(Optional<Value> value) {
        return value.map(v -> v.match(s -> true, n -> true, b -> this != PHP, n -> false,
                o -> this == LEXEME, a -> this == LEXEME)).orElse(false);
    }

    private static String lexeme(Value value) {
        return value.match(Str::value, n -> n.lexeme(), b -> Boolean.toString(b.value()), n -> "null", Obj::raw,
                a -> a.raw());
    }

    private static String php(Value value) {
        return value.match(Str::value, n -> dropPointZero(n.lexeme()), b -> b.value() ? "1" : "", n -> "",
                o -> "Array", a -> "Array");
    }

    private static String js(Value value) {
        return value.match(Str::value, n -> n.lexeme(), b -> Boolean.toString(b.value()), n -> "null",
                o -> "[object Object]",
                a -> a.items().stream().map(v -> v instanceof Null ? "" : js(v)).collect(Collectors.joining(",")));
    }

    private static String pythonRepr(Value value) {
        return value.match(s -> pythonString(s.value()), n -> n.lexeme(), b -> b.value() ? "True" : "False",
                n -> "None",
                o -> o.fields().entrySet().stream()
                        .map(e -> pythonString(e.getKey()) + ": " + pythonRepr(e.getValue()))
                        .collect(Collectors.joining(", ", "{", "}")),
                a -> a.items().stream().map(SigningProfile::pythonRepr).collect(Collectors.joining(", ", "[", "]")));
    }

    private static String pythonString(String text) {
        if (text.contains("'") && !text.contains("\"")) {
            return "\"" + text + "\"";
        }
        return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'";
    }

    private static String go(Value value) {
        return value.match(Str::value, n -> n.decimal().flatMap(SigningProfile::goFloat).orElseThrow(Unrenderable::new),
                b -> Boolean.toString(b.value()), n -> "<nil>",
                o -> new TreeMap<>(o.fields()).entrySet().stream()
                        .map(e -> e.getKey() + ":" + go(e.getValue()))
                        .collect(Collectors.joining(" ", "map[", "]")),
                a -> a.items().stream().map(SigningProfile::go).collect(Collectors.joining(" ", "[", "]")));
    }

    /**
     * Go's %v of a float64: the shortest digits that identify the value, in exponent form when
     * the decimal exponent is below -4 or at least 6 (so 1000000 is "1e+06"). For decimals of
     * up to 15 significant digits, which covers every amount, the shortest digits are the
     * decimal's own. Empty beyond a float64's range: json.Unmarshal refuses such a number.
     */
    static Optional<String> goFloat(BigDecimal number) {
        if (number.signum() == 0) {
            return Optional.of("0");
        }
        if (Double.isInfinite(number.doubleValue())) {
            return Optional.empty();
        }
        BigDecimal stripped = number.stripTrailingZeros();
        String digits = stripped.unscaledValue().abs().toString();
        if (digits.length() > 15) {
            stripped = new BigDecimal(Double.toString(number.doubleValue())).stripTrailingZeros();
            digits = stripped.unscaledValue().abs().toString();
        }
        int exponent = digits.length() - 1 - stripped.scale();
        String sign = stripped.signum() < 0 ? "-" : "";
        if (exponent < -4 || exponent >= 6) {
            String mantissa = digits.length() == 1 ? digits : digits.charAt(0) + "." + digits.substring(1);
            return Optional.of(sign + mantissa + "e" + (exponent < 0 ? "-" : "+")
                    + String.format("%02d", Math.abs(exponent)));
        }
        return Optional.of(stripped.toPlainString());
    }

    private static String csharp(Value value, char decimalMark) {
        return value.match(Str::value, n -> dropPointZero(n.lexeme()).replace('.', decimalMark),
                b -> b.value() ? "True" : "False", n -> "", o -> DOTNET_DICTIONARY, a -> DOTNET_LIST);
    }

    private static String dart(Value value) {
        return value.match(Str::value, n -> n.lexeme(), b -> Boolean.toString(b.value()), n -> "null",
                o -> o.fields().entrySet().stream()
                        .map(e -> e.getKey() + ": " + dart(e.getValue()))
                        .collect(Collectors.joining(", ", "{", "}")),
                a -> a.items().stream().map(SigningProfile::dart).collect(Collectors.joining(", ", "[", "]")));
    }

    private static String dropPointZero(String lexeme) {
        return lexeme.endsWith(".0") ? lexeme.substring(0, lexeme.length() - 2) : lexeme;
    }
}
