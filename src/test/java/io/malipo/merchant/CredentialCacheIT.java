package io.malipo.merchant;

import static org.assertj.core.api.Assertions.assertThat;

import io.malipo.testsupport.ApiMerchant;
import io.malipo.testsupport.CheckoutClient;
import io.malipo.testsupport.Http;
import io.malipo.testsupport.Http.Response;
import io.malipo.testsupport.PostgresIT;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Credentials and keys are kept in memory between requests, yet a change made anywhere (here:
 * straight in the database, as another instance or an operator in psql would) is obeyed by the
 * next request: PostgreSQL tells every instance when these tables change.
 */
class CredentialCacheIT extends PostgresIT {

    /** How long PostgreSQL may take to pass a notification on, with room for a loaded machine. */
    private static final long NOTICE_MILLIS = 2_000;

    @Test
    void aKeyRevokedInTheDatabaseGetsNoTokenAndItsTokensStopWorking() {
        ApiMerchant shop = ApiMerchant.create(http, admin);
        Http api = shop.api();
        assertThat(shop.tokenResponse(null).status()).isEqualTo(200);
        assertThat(api.get("/api/v1/payments").status()).isEqualTo(200);

        jdbc.update("UPDATE api_key SET status = 'REVOKED', revoked_at = now() WHERE id = CAST(? AS UUID)", shop.keyId);

        assertThat(firstWithin(() -> shop.tokenResponse(null), 401)).isTrue();
        assertThat(shop.tokenResponse(null).json().get("error").asText()).isEqualTo("invalid_client");
        assertThat(firstWithin(() -> api.get("/api/v1/payments"), 401)).isTrue();
    }

    @Test
    void aMerchantSuspendedInTheDatabaseIsRefusedAndACredentialRevokedThroughTheAdminApiAtOnce() {
        CheckoutClient shop = checkoutMerchant();
        CheckoutClient other = checkoutMerchant();
        assertThat(shop.post("/v1/checkout/create-order", order(shop, "C-1")).send().status()).isEqualTo(200);
        assertThat(other.post("/v1/checkout/create-order", order(other, "C-1")).send().status()).isEqualTo(200);

        jdbc.update("UPDATE merchant SET status = 'SUSPENDED' WHERE vendor = ?", shop.vendor);
        assertThat(firstWithin(() -> shop.post("/v1/checkout/create-order", order(shop, "C-2")).send(), 403)).isTrue();
        assertThat(shop.post("/v1/checkout/create-order", order(shop, "C-4")).send().status()).isEqualTo(403);
        assertThat(count(shop, "C-4")).isZero();

        // The instance that makes a change forgets what it kept before answering.
        String credential = jdbc.queryForObject("SELECT id FROM checkout_credential WHERE api_key = ?", String.class,
                other.apiKey);
        assertThat(admin.post("/admin/v1/checkout-credentials/" + credential + "/revoke", "").status()).isEqualTo(200);
        Response revoked = other.post("/v1/checkout/create-order", order(other, "C-3")).send();
        assertThat(revoked.status()).isEqualTo(401);
        assertThat(count(other, "C-3")).isZero();
    }

    /** Whether a request answers {@code status} within the notice time, asking every few milliseconds. */
    private static boolean firstWithin(Supplier<Response> request, int status) {
        long until = System.currentTimeMillis() + NOTICE_MILLIS;
        while (System.currentTimeMillis() < until) {
            if (request.get().status() == status) {
                return true;
            }
            sleep();
        }
        return false;
    }

    private static void sleep() {
        try {
            Thread.sleep(5);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static String order(CheckoutClient shop, String orderId) {
        return "{\"vendor\": \"" + shop.vendor + "\", \"order_id\": \"" + orderId + "\", \"buyer_email\": "
                + "\"john@duka.co.tz\", \"buyer_name\": \"John Joh\", \"buyer_phone\": \"255712345678\", \"amount\": 1000, "
                + "\"currency\": \"TZS\", \"payment_methods\": \"MOBILEMONEYPULL\", \"no_of_items\": 1}";
    }

    private int count(CheckoutClient shop, String orderId) {
        return jdbc.queryForObject("SELECT count(*) FROM checkout_order o JOIN merchant m ON m.id = o.merchant_id "
                + "WHERE o.order_id = ? AND m.vendor = ?", Integer.class, orderId, shop.vendor);
    }
}
