package io.malipo.common.web;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Collections;
import java.util.Enumeration;
import java.util.HexFormat;
import org.springframework.stereotype.Component;

/**
 * How the servlet container learns who sent a request that reached it through Malipo's own API
 * listener ({@link ApiServer}): the listener passes the socket's peer in a header, with a key
 * made anew at every start. The container listens on the loopback interface only; the key keeps
 * any other process on the machine from naming an address of its choosing, and a client's own
 * copy of the headers is replaced by the listener before the request goes on.
 */
@Component
public class FrontDoor {

    static final String KEY_HEADER = "X-Malipo-Front";
    static final String PEER_HEADER = "X-Malipo-Peer";

    private final String key;
    private final byte[] keyBytes;

    public FrontDoor() {
        byte[] random = new byte[32];
        new SecureRandom().nextBytes(random);
        this.key = HexFormat.of().formatHex(random);
        this.keyBytes = key.getBytes(StandardCharsets.US_ASCII);
    }

    String key() {
        return key;
    }

    /** The request as its sender made it: with the listener's peer when the listener vouches for it. */
    HttpServletRequest admit(HttpServletRequest request) {
        String offered = request.getHeader(KEY_HEADER);
        String peer = request.getHeader(PEER_HEADER);
        if (offered == null || peer == null
                || !MessageDigest.isEqual(keyBytes, offered.getBytes(StandardCharsets.US_ASCII))) {
            return request;
        }
        // The key goes no further: routes see the request's headers as Camel message headers.
        return new HttpServletRequestWrapper(request) {
            @Override
            public String getRemoteAddr() {
                return peer;
            }

            @Override
            public String getRemoteHost() {
                return peer;
            }

            @Override
            public String getHeader(String name) {
                return passed(name) ? null : super.getHeader(name);
            }

            @Override
            public Enumeration<String> getHeaders(String name) {
                return passed(name) ? Collections.emptyEnumeration() : super.getHeaders(name);
            }

            @Override
            public Enumeration<String> getHeaderNames() {
                return Collections.enumeration(Collections.list(super.getHeaderNames()).stream()
                        .filter(name -> !passed(name)).toList());
            }
        };
    }

    private static boolean passed(String header) {
        return KEY_HEADER.equalsIgnoreCase(header) || PEER_HEADER.equalsIgnoreCase(header);
    }
}
