package io.malipo.checkout;

import io.malipo.checkout.RawJson.Obj;
import io.malipo.checkout.RawJson.Value;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The parameters of a checkout request that verified: only the source the signature was
 * computed over, and which names it covered. Names are found under the spellings clients use:
 * {@code billing.firstname} as a dotted key, inside a {@code billing} object or as
 * {@code billing_firstname}; aliases such as {@code transId} or {@code fromDate} are given by
 * the caller.
 */
public final class CheckoutParams {

    private final SignedSource source;
    private final DigestVerifier.Match match;

    public CheckoutParams(DigestVerifier.Match match) {
        this.source = match.source();
        this.match = match;
    }

    /** The first of the names that is present. */
    public Optional<Value> get(String name, String... aliases) {
        for (String candidate : names(name, aliases)) {
            Optional<Value> found = source.resolve(candidate);
            if (found.isEmpty() && candidate.contains(".")) {
                found = source.resolve(candidate.replace('.', '_'));
            }
            if (found.isPresent()) {
                return found;
            }
        }
        return Optional.empty();
    }

    /** Whether one of the names is covered by the signature. */
    public boolean isSigned(String name, String... aliases) {
        return names(name, aliases).stream().anyMatch(n -> match.signs(n) || match.signs(n.replace('.', '_')));
    }

    /** The members of a group such as billing, however the client spelled them. */
    public Map<String, Value> group(String group) {
        Map<String, Value> members = new LinkedHashMap<>();
        if (source.fields().get(group) instanceof Obj nested) {
            members.putAll(nested.fields());
        }
        source.fields().forEach((key, value) -> {
            for (String separator : List.of(".", "_")) {
                if (key.startsWith(group + separator) && key.length() > group.length() + 1) {
                    members.putIfAbsent(key.substring(group.length() + 1), value);
                }
            }
        });
        return members;
    }

    public String sourceDescription() {
        return source.kind().description();
    }

    private static List<String> names(String name, String... aliases) {
        return aliases.length == 0 ? List.of(name) : java.util.stream.Stream.concat(
                java.util.stream.Stream.of(name), java.util.Arrays.stream(aliases)).toList();
    }
}
