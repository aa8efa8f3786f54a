package io.malipo.common;

/** One rule one input field broke, named as the client wrote the field. */
public record FieldError(String field, String message) {

    public String describe() {
        return field == null || field.isEmpty() ? message : field + ": " + message;
    }
}
