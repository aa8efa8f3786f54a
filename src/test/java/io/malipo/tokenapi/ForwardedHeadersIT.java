package io.malipo.tokenapi;

import static org.assertj.core.api.Assertions.assertThat;

import io.malipo.testsupport.ApiMerchant;
import io.malipo.testsupport.Http.Response;
import io.malipo.testsupport.PostgresIT;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * On a cloud platform Spring Boot would let Tomcat take the client's address from
 * X-Forwarded-For whenever the peer is a private address; Malipo alone decides, from its own
 * trusted proxies, so an allow-list cannot be passed by writing a header.
 */
@DirtiesContext
class ForwardedHeadersIT extends PostgresIT {

    @DynamicPropertySource
    static void onKubernetes(DynamicPropertyRegistry registry) {
        registry.add("spring.main.cloud-platform", () -> "kubernetes");
    }

    @Test
    void aForwardedHeaderFromAnUntrustedPeerDoesNotPassAnAllowListEvenOnKubernetes() {
        ApiMerchant fenced = ApiMerchant.create(http, admin, false, true, ApiMerchant.ALL_SCOPES, List.of("127.0.0.1"));
        String token = fenced.token();

        Response forged = http.from("127.0.0.2", "GET", "/api/v1/balance", null, "Authorization", "Bearer " + token,
                "X-Forwarded-For", "127.0.0.1");
        Response honest = http.from("127.0.0.1", "GET", "/api/v1/balance", null, "Authorization", "Bearer " + token);

        assertThat(forged.status()).as(forged.body()).isEqualTo(403);
        assertThat(honest.status()).isEqualTo(200);
    }
}
