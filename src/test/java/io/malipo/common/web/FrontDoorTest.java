package io.malipo.common.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Collections;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletRequest;

class FrontDoorTest {

    private final FrontDoor frontDoor = new FrontDoor();

    @Test
    void theListenersPeerIsTakenOnlyWithThisStartsKey() {
        assertThat(frontDoor.admit(request(frontDoor.key(), "198.51.100.7")).getRemoteAddr()).isEqualTo("198.51.100.7");
        assertThat(frontDoor.admit(request(new FrontDoor().key(), "198.51.100.7")).getRemoteAddr())
                .isEqualTo("127.0.0.1");
        assertThat(frontDoor.admit(request(null, "198.51.100.7")).getRemoteAddr()).isEqualTo("127.0.0.1");
        assertThat(frontDoor.admit(request(frontDoor.key(), null)).getRemoteAddr()).isEqualTo("127.0.0.1");
    }

    @Test
    void theKeyAndThePeerHeaderGoNoFurtherThanTheDoor() {
        var admitted = frontDoor.admit(request(frontDoor.key(), "198.51.100.7"));

        assertThat(admitted.getHeader(FrontDoor.KEY_HEADER)).isNull();
        assertThat(admitted.getHeaders(FrontDoor.PEER_HEADER).hasMoreElements()).isFalse();
        assertThat(Collections.list(admitted.getHeaderNames())).doesNotContain(FrontDoor.KEY_HEADER,
                FrontDoor.PEER_HEADER).contains("Accept");
    }

    private static MockHttpServletRequest request(String key, String peer) {
        MockHttpServletRequest request = new MockHttpServletRequest();
        request.setRemoteAddr("127.0.0.1");
        request.addHeader("Accept", "text/html");
        if (key != null) {
            request.addHeader(FrontDoor.KEY_HEADER, key);
        }
        if (peer != null) {
            request.addHeader(FrontDoor.PEER_HEADER, peer);
        }
        return request;
    }
}
