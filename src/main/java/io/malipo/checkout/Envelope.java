package io.malipo.checkout;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.malipo.common.ErrorResponses;
import io.malipo.common.HttpExchanges;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.camel.Exchange;
import org.springframework.stereotype.Component;

/**
 * The body of every checkout answer, as the client libraries parse it: reference, resultcode,
 * result and message as strings, and data as an array of objects. Success is always HTTP 200;
 * typed clients treat any other 2xx as an error. Failures use the same shape through
 * {@link ErrorResponses}.
 */
@Component
public class Envelope {

    public static final String CONTENT_TYPE = ErrorResponses.JSON;

    private final ObjectMapper mapper;

    public Envelope(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    /** resultcode 000, result SUCCESS. */
    public void success(Exchange exchange, String message, List<? extends Map<String, ?>> data)
            throws JsonProcessingException {
        write(exchange, "000", "SUCCESS", message, data);
    }

    /** resultcode 111, result PENDING: accepted, the outcome follows by callback and order-status. */
    public void pending(Exchange exchange, String message) throws JsonProcessingException {
        write(exchange, "111", "PENDING", message, List.of());
    }

    private void write(Exchange exchange, String resultcode, String result, String message,
            List<? extends Map<String, ?>> data) throws JsonProcessingException {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("reference", HttpExchanges.requestId(exchange));
        body.put("resultcode", resultcode);
        body.put("result", result);
        body.put("message", message);
        body.put("data", data);
        var out = exchange.getMessage();
        out.removeHeaders("*");
        out.setHeader(Exchange.HTTP_RESPONSE_CODE, 200);
        out.setHeader(Exchange.CONTENT_TYPE, CONTENT_TYPE);
        out.setBody(mapper.writeValueAsString(body));
    }
}
