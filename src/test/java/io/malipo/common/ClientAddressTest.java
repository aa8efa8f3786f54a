package io.malipo.common;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.util.unit.DataSize;

class ClientAddressTest {

    @Test
    void anAddressIsGivenInItsShortestUsualForm() {
        ClientAddress addresses = new ClientAddress(properties(List.of()));
        assertThat(addresses.of("0:0:0:0:0:0:0:1", List.of())).isEqualTo("::1");
        assertThat(addresses.of("2001:0db8:0000:0000:0000:0000:0000:0001", List.of())).isEqualTo("2001:db8::1");
        assertThat(addresses.of("127.0.0.1", List.of())).isEqualTo("127.0.0.1");
    }

    @Test
    void forwardedAddressesAreBelievedOnlyFromTrustedProxiesAndShortenedToo() {
        List<String> forwardedFor = List.of("2001:db8:0:0:0:0:0:7, 10.0.0.9");
        assertThat(new ClientAddress(properties(List.of("10.0.0.0/8"))).of("10.0.0.5", forwardedFor))
                .isEqualTo("2001:db8::7");
        assertThat(new ClientAddress(properties(List.of())).of("10.0.0.5", forwardedFor)).isEqualTo("10.0.0.5");
    }

    private static MalipoProperties properties(List<String> trustedProxies) {
        return new MalipoProperties(Path.of("data"), null, null, "http://localhost:8080",
                new MalipoProperties.Http(DataSize.ofKilobytes(64), trustedProxies),
                new MalipoProperties.FirstStart(false, false));
    }
}
