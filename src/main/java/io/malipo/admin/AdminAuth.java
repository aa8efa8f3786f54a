package io.malipo.admin;

import io.malipo.common.ApiException;
import io.malipo.common.InstanceSecrets;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import org.apache.camel.Exchange;
import org.apache.camel.Processor;
import org.springframework.stereotype.Component;

/** Lets an admin request through only with {@code Authorization: Bearer <MALIPO_ADMIN_TOKEN>}. */
@Component
public class AdminAuth implements Processor {

    private static final String CHALLENGE = "Bearer realm=\"malipo-admin\"";

    private final byte[] token;

    public AdminAuth(InstanceSecrets secrets) {
        this.token = secrets.adminToken().getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public void process(Exchange exchange) {
        check(exchange.getIn().getHeader("Authorization", String.class));
    }

    /** Nothing when the header carries the admin token; a 401 saying what to send otherwise. */
    public void check(String authorization) {
        if (authorization == null || authorization.isBlank()) {
            throw refused("This operation needs the admin token: send 'Authorization: Bearer <MALIPO_ADMIN_TOKEN>'.");
        }
        String[] parts = authorization.strip().split("\\s+", 2);
        if (parts.length != 2 || !parts[0].equalsIgnoreCase("Bearer")) {
            throw refused("Send the admin token as 'Authorization: Bearer <MALIPO_ADMIN_TOKEN>'.");
        }
        if (!MessageDigest.isEqual(token, parts[1].getBytes(StandardCharsets.UTF_8))) {
            throw refused("The admin token is not valid.");
        }
    }

    private static ApiException refused(String message) {
        return new ApiException(401, "unauthorized", message).withHeader("WWW-Authenticate", CHALLENGE);
    }
}
