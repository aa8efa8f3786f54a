package io.malipo.common;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.util.unit.DataSize;

class ClientAddressTest {

    @Test
    void anAddressIsGivenInItsShortestUsualForm() {
        ClientAddress addresses = new ClientAddress(properties(List.of()));
        assertThat(addresses.of(from("0:0:0:0:0:0:0:1"))).isEqualTo("::1");
        assertThat(addresses.of(from("2001:0db8:0000:0000:0000:0000:0000:0001"))).isEqualTo("2001:db8::1");
        assertThat(addresses.of(from("127.0.0.1"))).isEqualTo("127.0.0.1");
    }

    @Test
    void forwardedAddressesAreBelievedOnlyFromTrustedProxiesAndShortenedToo() {
        MockHttpServletRequest behindProxy = from("10.0.0.5");
        behindProxy.addHeader("X-Forwarded-For", "2001:db8:0:0:0:0:0:7, 10.0.0.9");
        assertThat(new ClientAddress(properties(List.of("10.0.0.0/8"))).of(behindProxy)).isEqualTo("2001:db8::7");
        assertThat(new ClientAddress(properties(List.of())).of(behindProxy)).isEqualTo("10.0.0.5");
    }

    private static MockHttpServletRequest from(String peer) {
        MockHttpServletRequest request = new MockHttpServletRequest();
        request.setRemoteAddr(peer);
        return request;
    }

    private static MalipoProperties properties(List<String> trustedProxies) {
        return new MalipoProperties(Path.of("data"), null, null, "http://localhost:8080",
                new MalipoProperties.Http(DataSize.ofKilobytes(64), trustedProxies),
                new MalipoProperties.FirstStart(false, false));
    }
}
