package io.malipo.common;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.StreamReadException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.PropertyNamingStrategy;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.type.LogicalType;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.Path;
import jakarta.validation.Validator;
import java.io.IOException;
import java.time.temporal.Temporal;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.camel.Exchange;
import org.apache.camel.Processor;
import org.springframework.stereotype.Component;

/**
 * Reads request bodies into validated records and writes response bodies. Reading is strict:
 * an unknown field, a number where text belongs or trailing garbage is a 400 naming the field,
 * because a payment API that guesses what a client meant eventually moves the wrong money.
 */
@Component
public class JsonBodies {

    public static final String JSON = "application/json";

    private final ObjectMapper mapper;
    private final ObjectMapper strict;
    private final Validator validator;

    public JsonBodies(ObjectMapper mapper, Validator validator) {
        this.mapper = mapper;
        this.validator = validator;
        this.strict = mapper.copy()
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                .disable(DeserializationFeature.ACCEPT_SINGLE_VALUE_AS_ARRAY)
                .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT);
        // Text stays text and numbers stay numbers: "5" is not 5, 1.5 is not 1, 0 is not false.
        strict.coercionConfigFor(LogicalType.Textual)
                .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail);
        strict.coercionConfigFor(LogicalType.Boolean)
                .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.String, CoercionAction.Fail);
        strict.coercionConfigFor(LogicalType.Integer)
                .setCoercion(CoercionInputShape.String, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Float, CoercionAction.Fail);
        strict.coercionConfigFor(LogicalType.Float)
                .setCoercion(CoercionInputShape.String, CoercionAction.Fail);
    }

    /** A processor that replaces the body with the request body read as {@code type} and validated. */
    public <T> Processor read(Class<T> type) {
        ObjectReader reader = strict.readerFor(type);
        return exchange -> exchange.getIn().setBody(parse(reader, type, HttpExchanges.rawBody(exchange)));
    }

    /** A processor that answers with the body as JSON and the given status. */
    public Processor respond(int status) {
        return exchange -> respond(exchange, status, exchange.getIn().getBody());
    }

    public void respond(Exchange exchange, int status, Object body) throws JsonProcessingException {
        var out = exchange.getMessage();
        out.removeHeaders("*");
        out.setHeader(Exchange.HTTP_RESPONSE_CODE, status);
        out.setHeader(Exchange.CONTENT_TYPE, JSON);
        out.setBody(mapper.writeValueAsString(body));
    }

    <T> T parse(ObjectReader reader, Class<T> type, byte[] body) {
        byte[] json = isBlank(body) ? "{}".getBytes() : body;
        T value;
        try {
            value = reader.readValue(json);
        } catch (StreamReadException e) {
            String where = e.getLocation() == null ? ""
                    : " (line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr() + ")";
            throw ApiException.badRequest("malformed_json", "The body is not valid JSON" + where + ": "
                    + e.getOriginalMessage().replaceAll("\\s+", " ").trim());
        } catch (UnrecognizedPropertyException e) {
            String known = e.getKnownPropertyIds() == null ? "" : "; the fields of this request are "
                    + e.getKnownPropertyIds().stream().map(String::valueOf).sorted().collect(Collectors.joining(", "));
            throw ApiException.invalid(fieldName(e), "is not a field of this request" + known);
        } catch (MismatchedInputException e) {
            if (e.getPath().isEmpty()) {
                throw ApiException.badRequest("malformed_json", "The body must be a JSON object.");
            }
            throw ApiException.invalid(fieldName(e), "must be " + describe(e.getTargetType()));
        } catch (JsonMappingException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            throw ApiException.invalid(fieldName(e), cause.getMessage() == null ? "has an unusable value"
                    : cause.getMessage());
        } catch (IOException e) {
            throw ApiException.badRequest("malformed_json", "The body could not be read as JSON.");
        }
        if (value == null) {
            throw ApiException.badRequest("malformed_json", "The body must be a JSON object.");
        }
        validate(value);
        return value;
    }

    /** Checks the record's constraints and throws a 400 listing every broken rule by JSON field name. */
    public void validate(Object value) {
        Set<ConstraintViolation<Object>> violations = validator.validate(value);
        if (violations.isEmpty()) {
            return;
        }
        PropertyNamingStrategy naming = namingOf(value.getClass());
        List<FieldError> errors = violations.stream()
                .map(v -> new FieldError(jsonPath(v.getPropertyPath(), naming), v.getMessage()))
                .sorted(Comparator.comparing(FieldError::field).thenComparing(FieldError::message))
                .toList();
        throw ApiException.invalid(errors);
    }

    private static String fieldName(JsonMappingException e) {
        StringBuilder name = new StringBuilder();
        for (JsonMappingException.Reference ref : e.getPath()) {
            if (ref.getFieldName() != null) {
                name.append(name.isEmpty() ? "" : ".").append(ref.getFieldName());
            } else if (ref.getIndex() >= 0) {
                name.append('[').append(ref.getIndex()).append(']');
            }
        }
        return name.toString();
    }

    private static String jsonPath(Path path, PropertyNamingStrategy naming) {
        StringBuilder name = new StringBuilder();
        for (Path.Node node : path) {
            // A node's index is its place in the list that holds it, so it comes before its name:
            // items[1].count, not items.count[1].
            if (node.getIndex() != null) {
                name.append('[').append(node.getIndex()).append(']');
            }
            if (node.getName() != null && !node.getName().startsWith("<")) {
                String translated = naming instanceof PropertyNamingStrategies.NamingBase base
                        ? base.translate(node.getName()) : node.getName();
                name.append(name.isEmpty() ? "" : ".").append(translated);
            }
        }
        return name.toString();
    }

    private static PropertyNamingStrategy namingOf(Class<?> type) {
        JsonNaming naming = type.getAnnotation(JsonNaming.class);
        if (naming == null) {
            return null;
        }
        try {
            return naming.value().getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            return null;
        }
    }

    private static String describe(Class<?> type) {
        if (type == null) {
            return "of another type";
        }
        if (type == String.class) {
            return "a string";
        }
        if (type == Boolean.class || type == boolean.class) {
            return "true or false";
        }
        if (type == Integer.class || type == int.class || type == Long.class || type == long.class) {
            return "a whole number";
        }
        if (Number.class.isAssignableFrom(type)) {
            return "a number";
        }
        if (Collection.class.isAssignableFrom(type) || type.isArray()) {
            return "an array";
        }
        if (Map.class.isAssignableFrom(type)) {
            return "an object";
        }
        if (Temporal.class.isAssignableFrom(type)) {
            return "a date and time in ISO 8601 with an offset, like 2026-12-31T23:59:59Z";
        }
        if (type.isEnum()) {
            return "one of " + java.util.Arrays.toString(type.getEnumConstants());
        }
        return "an object";
    }

    private static boolean isBlank(byte[] body) {
        for (byte b : body) {
            if (!Character.isWhitespace(b)) {
                return false;
            }
        }
        return true;
    }
}
