package io.malipo.common;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A request Malipo refuses, with everything needed to answer it: the HTTP status, a stable
 * snake_case code, a message a person can act on, the fields at fault and any headers the
 * status calls for. Each surface renders it in its own body format.
 */
public class ApiException extends RuntimeException {

    private final int status;
    private final String code;
    private final List<FieldError> fieldErrors;
    private final Map<String, String> headers;

    public ApiException(int status, String code, String message) {
        this(status, code, message, List.of(), Map.of());
    }

    private ApiException(int status, String code, String message, List<FieldError> fieldErrors,
            Map<String, String> headers) {
        super(message, null, false, false);
        this.status = status;
        this.code = code;
        this.fieldErrors = List.copyOf(fieldErrors);
        this.headers = Map.copyOf(headers);
    }

    public static ApiException badRequest(String code, String message) {
        return new ApiException(400, code, message);
    }

    public static ApiException invalid(List<FieldError> errors) {
        String message = errors.stream().map(FieldError::describe).collect(Collectors.joining("; "));
        return new ApiException(400, "validation_failed", message, errors, Map.of());
    }

    public static ApiException invalid(String field, String message) {
        return invalid(List.of(new FieldError(field, message)));
    }

    public static ApiException notFound(String message) {
        return new ApiException(404, "not_found", message);
    }

    public static ApiException conflict(String code, String message) {
        return new ApiException(409, code, message);
    }

    /** A copy of this error that also sends the given response header. */
    public ApiException withHeader(String name, String value) {
        Map<String, String> merged = new LinkedHashMap<>(headers);
        merged.put(name, value);
        return new ApiException(status, code, getMessage(), fieldErrors, merged);
    }

    public int status() {
        return status;
    }

    public String code() {
        return code;
    }

    public List<FieldError> fieldErrors() {
        return fieldErrors;
    }

    public Map<String, String> headers() {
        return headers;
    }
}
