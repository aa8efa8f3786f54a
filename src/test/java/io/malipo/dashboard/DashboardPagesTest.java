package io.malipo.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DashboardPagesTest {

    /** Switching mode leads back to a page a GET reaches in the other mode: never an id, never a form's action. */
    @ParameterizedTest
    @CsvSource({
        "/dashboard, /dashboard",
        "/dashboard/payments, /dashboard/payments",
        "/dashboard/payments/5f3ac2d1-0b7e-4f5e-9a55-3c1e0f6b2a10, /dashboard/payments",
        "/dashboard/payouts/preview, /dashboard/payouts",
        "/dashboard/developers/keys, /dashboard/developers",
        "/dashboard/developers/webhooks, /dashboard/developers/webhooks",
        "/dashboard/developers/webhooks/5f3ac2d1-0b7e-4f5e-9a55-3c1e0f6b2a10/delete, /dashboard/developers/webhooks",
        "/dashboard/developers/checkout-credentials, /dashboard/developers/checkout-credentials",
        "https://elsewhere.example/dashboard, /dashboard",
        "//elsewhere.example, /dashboard",
        "/dashboard/team/5f3ac2d1-0b7e-4f5e-9a55-3c1e0f6b2a10/role, /dashboard/team"})
    void switchingModeLeadsBackToThePartOfTheDashboardItCameFrom(String path, String section) {
        assertThat(DashboardPages.section(path)).isEqualTo(section);
    }
}
