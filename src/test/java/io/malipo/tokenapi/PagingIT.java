package io.malipo.tokenapi;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.malipo.testsupport.ApiMerchant;
import io.malipo.testsupport.Http;
import io.malipo.testsupport.Http.Response;
import io.malipo.testsupport.TokenApiIT;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The seed's paging rules on GET /payments: bounds, opaque bound cursors, keyset order under inserts. */
class PagingIT extends TokenApiIT {

    @ParameterizedTest
    @ValueSource(strings = {"0", "101", "-1", "ten", "1.5", ""})
    void aLimitOutsideOneToAHundredIs400(String limit) {
        Response answer = api.get("/api/v1/payments?limit=" + limit);

        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.json().get("errors").get(0).get("field").asText()).isEqualTo("limit");
    }

    @Test
    void pagesHoldTwentyByDefaultUpToAHundredNewestFirstAndTheLastHasNoCursor() {
        List<UUID> made = insertPayments(shop, 105);

        JsonNode first = api.get("/api/v1/payments").json();
        assertThat(first.get("data")).hasSize(20);
        assertThat(first.get("hasMore").asBoolean()).isTrue();
        assertThat(first.get("data").get(0).get("id").asText()).isEqualTo(made.get(104).toString());

        JsonNode full = api.get("/api/v1/payments?limit=100").json();
        assertThat(full.get("data")).hasSize(100);
        JsonNode last = api.get("/api/v1/payments?limit=100&cursor=" + full.get("nextCursor").asText()).json();
        assertThat(last.get("data")).hasSize(5);
        assertThat(last.get("hasMore").asBoolean()).isFalse();
        assertThat(last.has("nextCursor")).isFalse();
        assertThat(last.get("data").get(4).get("id").asText()).isEqualTo(made.get(0).toString());

        JsonNode exact = api.get("/api/v1/payments?limit=1").json();
        assertThat(exact.get("data")).hasSize(1);
    }

    @Test
    void aClientPagingWhilePaymentsArriveSeesEveryOneThatExistedOnceAndNoneTwice() throws Exception {
        Set<String> existing = new HashSet<>(insertPayments(shop, 250).stream().map(UUID::toString).toList());
        CompletableFuture<List<UUID>> arriving = CompletableFuture.supplyAsync(() -> {
            List<UUID> ids = new ArrayList<>();
            for (int i = 0; i < 100; i++) {
                ids.addAll(insertPayments(shop, 1));
            }
            return ids;
        });

        List<String> seen = new ArrayList<>();
        String cursor = null;
        do {
            JsonNode page = api.get("/api/v1/payments?limit=7" + (cursor == null ? "" : "&cursor=" + cursor)).json();
            page.get("data").forEach(p -> seen.add(p.get("id").asText()));
            cursor = page.has("nextCursor") ? page.get("nextCursor").asText() : null;
            assertThat(page.get("hasMore").asBoolean()).isEqualTo(cursor != null);
        } while (cursor != null);
        arriving.get(1, TimeUnit.MINUTES);

        assertThat(seen).doesNotHaveDuplicates();
        assertThat(seen).containsAll(existing);
    }

    @Test
    void aCursorWorksOnlyForItsMerchantModeAndListAndCannotBeAltered() {
        insertPayments(shop, 3);
        String cursor = api.get("/api/v1/payments?limit=1").json().get("nextCursor").asText();
        assertThat(api.get("/api/v1/payments?limit=1&cursor=" + cursor).status()).isEqualTo(200);

        ApiMerchant other = ApiMerchant.create(http, admin);
        insertPayments(other, 3);
        assertInvalidCursor(other.api().get("/api/v1/payments?cursor=" + cursor));

        ApiMerchant sameMerchantLive = shop;
        admin.post("/admin/v1/merchants/" + shop.id + "/verify", "");
        Response liveKey = admin.post("/admin/v1/merchants/" + sameMerchantLive.id + "/api-keys",
                "{\"name\": \"live\", \"livemode\": true, \"scopes\": [\"payments.read\"]}");
        Http live = http.bearer(http.post("/api/v1/oauth/token", "grant_type=client_credentials", "X-Api-Key",
                liveKey.json().get("key").asText()).json().get("access_token").asText());
        assertInvalidCursor(live.get("/api/v1/payments?cursor=" + cursor));

        char[] chars = cursor.toCharArray();
        chars[chars.length / 2] = chars[chars.length / 2] == 'A' ? 'B' : 'A';
        assertInvalidCursor(api.get("/api/v1/payments?cursor=" + new String(chars)));
        assertInvalidCursor(api.get("/api/v1/payments?cursor=" + cursor.substring(1)));
        assertInvalidCursor(api.get("/api/v1/payments?cursor=%25%25%25"));
    }

    /** Payments of the merchant as settlement leaves them, written straight to the table, oldest first. */
    private List<UUID> insertPayments(ApiMerchant merchant, int count) {
        List<UUID> ids = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            UUID id = UUID.randomUUID();
            jdbc.update("INSERT INTO payment (id, merchant_id, livemode, kind, channel, provider, amount, fee, currency, "
                    + "msisdn, merchant_reference, reference, status, created_at, updated_at) VALUES (?, CAST(? AS UUID), "
                    + "false, 'COLLECTION', 'WALLET_PULL', 'mpesa-tz', 1000, 15, 'TZS', '255754000000', ?, ?, "
                    + "'SUCCEEDED', now(), now())", id, merchant.id, "R-" + id, "MLP" + id.toString().substring(0, 16));
            ids.add(id);
        }
        return ids;
    }

    private static void assertInvalidCursor(Response answer) {
        assertThat(answer.status()).as(answer.body()).isEqualTo(400);
        assertThat(answer.json().get("code").asText()).isEqualTo("invalid_cursor");
    }
}
