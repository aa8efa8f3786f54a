package io.malipo.channels;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.resilience4j.circuitbreaker.CallNotPermittedException;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import java.io.IOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.util.stream.Stream;
import javax.net.ssl.SSLHandshakeException;
import org.apache.camel.Exchange;
import org.apache.camel.http.base.HttpOperationFailedException;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.support.DefaultExchange;
import org.apache.hc.client5.http.ConnectTimeoutException;
import org.apache.hc.client5.http.HttpHostConnectException;
import org.apache.hc.core5.http.ConnectionRequestTimeoutException;
import org.apache.hc.core5.http.NoHttpResponseException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Only a call that never reached the provider means nothing was sent; every answer, and every
 * failure after the request may have left, leaves the outcome unknown.
 */
class ProviderFailuresTest {

    private final ProviderFailures failures = new ProviderFailures();
    private final DefaultCamelContext camel = new DefaultCamelContext();

    static Stream<Arguments> failures() {
        return Stream.of(
                Arguments.of("connection refused", new HttpHostConnectException("refused"), PushAnswer.UNAVAILABLE),
                Arguments.of("refused, wrapped", new IOException(new ConnectException("refused")),
                        PushAnswer.UNAVAILABLE),
                Arguments.of("connect timeout", new ConnectTimeoutException("slow"), PushAnswer.UNAVAILABLE),
                Arguments.of("unknown host", new UnknownHostException("no.such.host"), PushAnswer.UNAVAILABLE),
                Arguments.of("no route", new NoRouteToHostException("unreachable"), PushAnswer.UNAVAILABLE),
                Arguments.of("TLS handshake", new SSLHandshakeException("bad certificate"), PushAnswer.UNAVAILABLE),
                Arguments.of("no pooled connection", new ConnectionRequestTimeoutException("pool"),
                        PushAnswer.UNAVAILABLE),
                Arguments.of("circuit open", CallNotPermittedException.createCallNotPermittedException(
                        CircuitBreaker.ofDefaults("p")), PushAnswer.UNAVAILABLE),
                Arguments.of("no exception: the breaker kept it in", null, PushAnswer.UNAVAILABLE),
                Arguments.of("no token: the transaction was not sent", new ProviderSessionRefused("HTTP 401"),
                        PushAnswer.UNAVAILABLE),
                Arguments.of("read timeout", new SocketTimeoutException("Read timed out"), PushAnswer.PENDING),
                Arguments.of("connection dropped before an answer", new NoHttpResponseException("gone"),
                        PushAnswer.PENDING),
                Arguments.of("502 from a gateway", http(502), PushAnswer.PENDING),
                Arguments.of("503 from a gateway", http(503), PushAnswer.PENDING),
                Arguments.of("429 from a gateway", http(429), PushAnswer.PENDING),
                Arguments.of("400 with no protocol answer", http(400), PushAnswer.PENDING),
                Arguments.of("500", http(500), PushAnswer.PENDING),
                Arguments.of("an answer that is not JSON", new IllegalArgumentException("Unexpected character '<'"),
                        PushAnswer.PENDING));
    }

    @ParameterizedTest(name = "{0} → {2}")
    @MethodSource("failures")
    void aFailedCallIsUnavailableOnlyWhenItCannotHaveReachedTheProvider(String what, Throwable failure,
            PushAnswer outcome) {
        Exchange exchange = new DefaultExchange(camel);
        exchange.setProperty(Exchange.EXCEPTION_CAUGHT, failure);

        failures.push(exchange);

        assertThat(exchange.getProperty(PaymentProperties.OUTCOME)).isEqualTo(outcome);
        assertThat(exchange.getProperty(PaymentProperties.PROVIDER_FAILED)).isEqualTo(true);
    }

    @ParameterizedTest(name = "HTTP {0}: counted against the provider {1}")
    @CsvSource({"200, false", "201, false", "202, false", "400, false", "402, false", "404, false", "408, true",
            "429, true", "500, true", "502, true", "503, true", "504, true"})
    void everyAnswerIsPendingUntilTheConnectorReadsItAndServerErrorsCountAgainstTheProvider(int status,
            boolean counted) {
        Exchange exchange = new DefaultExchange(camel);
        exchange.getMessage().setHeader(Exchange.HTTP_RESPONSE_CODE, status);

        failures.answered(exchange);

        assertThat(exchange.getProperty(PaymentProperties.OUTCOME)).isEqualTo(PushAnswer.PENDING);
        assertThat(exchange.getProperty(PaymentProperties.PROVIDER_FAILED)).isEqualTo(counted ? true : null);
    }

    private static HttpOperationFailedException http(int status) {
        return new HttpOperationFailedException("http://provider/push", status, "status " + status, null, null,
                "<html>Bad Gateway</html>");
    }
}
