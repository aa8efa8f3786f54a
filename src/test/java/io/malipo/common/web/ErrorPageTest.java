package io.malipo.common.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.malipo.common.ErrorResponses;
import jakarta.servlet.RequestDispatcher;
import org.junit.jupiter.api.Test;
import org.springframework.boot.availability.ApplicationAvailabilityBean;
import org.springframework.boot.availability.AvailabilityChangeEvent;
import org.springframework.boot.availability.ReadinessState;
import org.springframework.http.ResponseEntity;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;

/** The answer to a path no route serves, while Malipo is ready and while it is not. */
class ErrorPageTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final ApplicationAvailabilityBean availability = new ApplicationAvailabilityBean();
    private final ErrorPage page = new ErrorPage(new ErrorResponses(JSON), availability);

    @Test
    void anUnknownPathIs404OnceMalipoTakesTraffic() throws Exception {
        availability.onApplicationEvent(new AvailabilityChangeEvent<>(this, ReadinessState.ACCEPTING_TRAFFIC));

        ResponseEntity<byte[]> answer = notServed("/api/v1/nowhere");

        assertThat(answer.getStatusCode().value()).isEqualTo(404);
        assertThat(JSON.readTree(answer.getBody()).get("code").asText()).isEqualTo("not_found");
    }

    @Test
    void whileStartingOrStoppingAPathNotYetServedIs503ToRetryNot404() throws Exception {
        for (ReadinessState state : new ReadinessState[] {null, ReadinessState.REFUSING_TRAFFIC}) {
            if (state != null) {
                availability.onApplicationEvent(new AvailabilityChangeEvent<>(this, state));
            }

            ResponseEntity<byte[]> answer = notServed("/api/v1/payments");

            assertThat(answer.getStatusCode().value()).as(String.valueOf(state)).isEqualTo(503);
            assertThat(answer.getHeaders().getFirst("Retry-After")).isEqualTo("5");
            JsonNode body = JSON.readTree(answer.getBody());
            assertThat(body.get("code").asText()).isEqualTo("service_unavailable");
            assertThat(body.get("detail").asText()).contains("starting or stopping");
        }
    }

    @Test
    void theCheckoutSurfaceSaysItInItsOwnEnvelope() throws Exception {
        ResponseEntity<byte[]> answer = notServed("/v1/checkout/order-status");

        JsonNode body = JSON.readTree(answer.getBody());
        assertThat(answer.getStatusCode().value()).isEqualTo(503);
        assertThat(body.get("result").asText()).isEqualTo("FAIL");
        assertThat(body.get("data").isArray()).isTrue();
    }

    private ResponseEntity<byte[]> notServed(String path) {
        MockHttpServletRequest request = new MockHttpServletRequest("GET", "/error");
        request.setAttribute(RequestDispatcher.ERROR_STATUS_CODE, 404);
        request.setAttribute(RequestDispatcher.ERROR_REQUEST_URI, path);
        return page.error(request, new MockHttpServletResponse());
    }
}
