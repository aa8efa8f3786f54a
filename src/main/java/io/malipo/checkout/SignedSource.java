package io.malipo.checkout;

import io.malipo.checkout.RawJson.Obj;
import io.malipo.checkout.RawJson.Value;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * One place a client may have taken its signed values from: the JSON body, a form body, or the
 * query string (decoded with {@code +} as a space, and with {@code +} kept, since some clients
 * never encode it). A signature is checked against each source on its own, and the operation
 * then reads only the source that verified, so values from two places can never be mixed.
 */
public record SignedSource(Kind kind, Map<String, Value> fields) {

    public enum Kind {
        JSON_BODY("JSON body"),
        FORM_BODY("form body"),
        FORM_BODY_LITERAL_PLUS("form body"),
        QUERY("query string"),
        QUERY_LITERAL_PLUS("query string"),
        NONE("no parameters");

        private final String description;

        Kind(String description) {
            this.description = description;
        }

        public String description() {
            return description;
        }
    }

    public SignedSource {
        fields = Collections.unmodifiableMap(new LinkedHashMap<>(fields));
    }

    /**
     * The value a signed name refers to: the top-level key of that exact name first, then, for a
     * dotted name ({@code billing.firstname}), the member of the nested object.
     */
    public Optional<Value> resolve(String name) {
        Value exact = fields.get(name);
        if (exact != null) {
            return Optional.of(exact);
        }
        int dot = name.indexOf('.');
        if (dot > 0 && fields.get(name.substring(0, dot)) instanceof Obj nested) {
            return Optional.ofNullable(nested.fields().get(name.substring(dot + 1)));
        }
        return Optional.empty();
    }
}
