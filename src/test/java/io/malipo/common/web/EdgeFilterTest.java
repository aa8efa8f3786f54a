package io.malipo.common.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.mock.web.MockHttpServletRequest;

class EdgeFilterTest {

    @ParameterizedTest(name = "Accept: {0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        "application/json | true",
        "*/* | true",
        "'application/json, text/plain, */*' | true",
        "application/json; charset=utf-8 | true",
        "application/problem+json | true",
        "'text/html, application/xhtml+xml;q=0.9, */*;q=0.8' | true",
        "application/* | true",
        "text/html | false",
        "'application/xml, text/csv' | false",
        "'this is not a media type' | true"})
    void answersJsonOnlyToClientsThatTakeIt(String accept, boolean expected) {
        MockHttpServletRequest request = new MockHttpServletRequest("GET", "/api/v1/payments");
        request.addHeader("Accept", accept);
        assertThat(EdgeFilter.acceptsJson(request)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "Accept: {0}, then Accept: {1} -> {2}")
    @CsvSource({"text/html, application/json, true", "text/html, text/csv, false"})
    void readsEveryAcceptHeader(String first, String second, boolean expected) {
        MockHttpServletRequest request = new MockHttpServletRequest("GET", "/api/v1/payments");
        request.addHeader("Accept", first);
        request.addHeader("Accept", second);
        assertThat(EdgeFilter.acceptsJson(request)).isEqualTo(expected);
    }

    @Test
    void noAcceptHeaderTakesAnything() {
        assertThat(EdgeFilter.acceptsJson(new MockHttpServletRequest("GET", "/api/v1/payments"))).isTrue();
    }
}
