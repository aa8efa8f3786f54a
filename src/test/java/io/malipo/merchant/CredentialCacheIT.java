package io.malipo.merchant;

import static org.assertj.core.api.Assertions.assertThat;

import io.malipo.testsupport.ApiMerchant;
import io.malipo.testsupport.Await;
import io.malipo.testsupport.CheckoutClient;
import io.malipo.testsupport.Http;
import io.malipo.testsupport.Http.Response;
import io.malipo.testsupport.PostgresIT;
import org.junit.jupiter.api.Test;

/**
 * Credentials and keys are kept in memory between requests, yet a change made anywhere (here:
 * straight in the database, as another instance or an operator in psql would) is obeyed by every
 * request checked more than {@link CredentialCache#CHANGE_BOUND} after it committed, and on the
 * instance that made it at once.
 */
class CredentialCacheIT extends PostgresIT {

    @Test
    void aKeyRevokedInTheDatabaseGetsNoTokenAndItsTokensStopWorking() {
        ApiMerchant shop = ApiMerchant.create(http, admin);
        Http api = shop.api();
        assertThat(shop.tokenResponse(null).status()).isEqualTo(200);
        assertThat(api.get("/api/v1/payments").status()).isEqualTo(200);

        jdbc.update("UPDATE api_key SET status = 'REVOKED', revoked_at = now() WHERE id = CAST(? AS UUID)", shop.keyId);
        Await.past(CredentialCache.CHANGE_BOUND);

        Response refused = shop.tokenResponse(null);
        assertThat(refused.status()).isEqualTo(401);
        assertThat(refused.json().get("error").asText()).isEqualTo("invalid_client");
        assertThat(api.get("/api/v1/payments").status()).isEqualTo(401);
    }

    @Test
    void aMerchantSuspendedInTheDatabaseIsRefusedAndACredentialRevokedThroughTheAdminApiAtOnce() {
        CheckoutClient shop = checkoutMerchant();
        CheckoutClient other = checkoutMerchant();
        assertThat(shop.post("/v1/checkout/create-order", order(shop, "C-1")).send().status()).isEqualTo(200);
        assertThat(other.post("/v1/checkout/create-order", order(other, "C-1")).send().status()).isEqualTo(200);

        jdbc.update("UPDATE merchant SET status = 'SUSPENDED' WHERE vendor = ?", shop.vendor);
        Await.past(CredentialCache.CHANGE_BOUND);
        assertThat(shop.post("/v1/checkout/create-order", order(shop, "C-2")).send().status()).isEqualTo(403);
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
