package io.malipo.common;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SurfaceTest {

    @ParameterizedTest
    @CsvSource({
            "/v1/checkout/create-order, CHECKOUT",
            "/v1/checkout, CHECKOUT",
            "//v1/checkout/order-status, CHECKOUT",
            "/v1/v1/checkout/cancel-order, CHECKOUT",
            "/v1//checkout/list-orders, CHECKOUT",
            "/v1/checkoutx, OTHER",
            "/api/v1/payments, TOKEN_API",
            "/api/v1, TOKEN_API",
            "/api/v10/payments, OTHER",
            "/admin/v1/merchants, ADMIN",
            "/admin/v2/merchants, OTHER",
            "/actuator/health, OTHER",
            "/openapi.json, OTHER",
            "/, OTHER"
    })
    void pathsBelongToTheirSurface(String path, Surface surface) {
        assertThat(Surface.of(path)).isEqualTo(surface);
    }
}
