package io.malipo.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import jakarta.validation.Valid;
import jakarta.validation.Validation;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.util.List;
import org.apache.camel.Exchange;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.support.DefaultExchange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.http.converter.json.Jackson2ObjectMapperBuilder;

class JsonBodiesTest {

    private final JsonBodies json = new JsonBodies(Jackson2ObjectMapperBuilder.json().build(),
            Validation.buildDefaultValidatorFactory().getValidator());

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record Sample(@NotBlank String displayName, Boolean livemode, @Min(0) Integer graceMinutes,
            List<@NotNull String> allowedIps, OffsetDateTime expiresAt) {
    }

    @Test
    void aValidBodyReadsIntoTheRecord() {
        Sample sample = read("""
                {"display_name": "Shop", "livemode": true, "grace_minutes": 5, "allowed_ips": ["10.0.0.0/8"],
                 "expires_at": "2030-01-01T00:00:00+03:00"}""");

        assertThat(sample.displayName()).isEqualTo("Shop");
        assertThat(sample.livemode()).isTrue();
        assertThat(sample.graceMinutes()).isEqualTo(5);
        assertThat(sample.expiresAt().toInstant().toString()).isEqualTo("2029-12-31T21:00:00Z");
    }

    record Item(@Min(1) Integer count) {
    }

    record Basket(List<@Valid Item> items) {
    }

    @Test
    void aBrokenRuleInsideAListNamesTheItemThenItsField() {
        ApiException refused = catchThrowableOfType(ApiException.class,
                () -> json.validate(new Basket(List.of(new Item(1), new Item(0)))));

        assertThat(refused.fieldErrors()).extracting(FieldError::field).containsExactly("items[1].count");
    }

    @Test
    void anEmptyBodyIsAnEmptyObject() {
        ApiException refused = refuse("  ");

        assertThat(refused.getMessage()).isEqualTo("display_name: must not be blank");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "{\"display_name\": 5}|display_name: must be a string",
            "{\"display_name\": true}|display_name: must be a string",
            "{\"display_name\": \"x\", \"livemode\": \"true\"}|livemode: must be true or false",
            "{\"display_name\": \"x\", \"livemode\": 1}|livemode: must be true or false",
            "{\"display_name\": \"x\", \"grace_minutes\": \"5\"}|grace_minutes: must be a whole number",
            "{\"display_name\": \"x\", \"grace_minutes\": 1.5}|grace_minutes: must be a whole number",
            "{\"display_name\": \"x\", \"allowed_ips\": \"10.0.0.1\"}|allowed_ips: must be an array",
            "{\"display_name\": \"x\", \"allowed_ips\": [null]}|allowed_ips[0]: must not be null",
            "{\"display_name\": \"x\", \"grace_minutes\": -1}|grace_minutes: must be greater than or equal to 0",
            "{\"display_name\": \"x\", \"displayName\": \"y\"}|displayName: is not a field of this request; "
                    + "the fields of this request are allowed_ips, display_name, expires_at, grace_minutes, livemode"
    })
    void wrongTypesUnknownFieldsAndBrokenRulesNameTheField(String body, String message) {
        ApiException refused = refuse(body);

        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.code()).isEqualTo("validation_failed");
        assertThat(refused.getMessage()).isEqualTo(message);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "{\"display_name\": |The body is not valid JSON (line 1, column 17)",
            "{\"display_name\": \"x\"} trailing|The body is not valid JSON (line 1, column 23)",
            "[{\"display_name\": \"x\"}]|The body must be a JSON object.",
            "\"text\"|The body must be a JSON object.",
            "null|The body must be a JSON object."
    })
    void malformedBodiesAreRefusedAsMalformed(String body, String message) {
        ApiException refused = refuse(body);

        assertThat(refused.code()).isEqualTo("malformed_json");
        assertThat(refused.getMessage()).startsWith(message);
    }

    private Sample read(String body) {
        Exchange exchange = exchange(body);
        try {
            json.read(Sample.class).process(exchange);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
        return exchange.getIn().getBody(Sample.class);
    }

    private ApiException refuse(String body) {
        return catchThrowableOfType(ApiException.class, () -> json.read(Sample.class).process(exchange(body)));
    }

    private static Exchange exchange(String body) {
        Exchange exchange = new DefaultExchange(new DefaultCamelContext());
        exchange.getIn().setBody(body.getBytes(StandardCharsets.UTF_8));
        return exchange;
    }
}
