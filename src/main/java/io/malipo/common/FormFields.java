package io.malipo.common;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import org.springframework.web.util.UriComponentsBuilder;
import org.springframework.web.util.UriUtils;

/**
 * The fields of a form a page posted (application/x-www-form-urlencoded), decoded from the raw
 * body: Malipo reads bodies itself (see web.CachedBodyRequest), so the servlet's parameters are empty.
 */
public final class FormFields {

    private FormFields() {
    }

    /** Each field's first value; a field sent without a value is empty. */
    public static Map<String, String> of(byte[] body) {
        Map<String, String> fields = new HashMap<>();
        UriComponentsBuilder.newInstance().query(new String(body, StandardCharsets.UTF_8)).build().getQueryParams()
                .forEach((name, values) -> fields.putIfAbsent(UriUtils.decode(name, StandardCharsets.UTF_8),
                        UriUtils.decode(values.get(0) == null ? "" : values.get(0).replace('+', ' '),
                                StandardCharsets.UTF_8)));
        return fields;
    }
}
