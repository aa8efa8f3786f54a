package io.malipo.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import io.malipo.common.FieldError;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The developers' forms as posted: what each field may hold, and which field a refusal names. */
class DeveloperFormsTest {

    private static final ZoneId ZONE = ZoneId.of("Africa/Dar_es_Salaam");
    private static final Instant NOW = Instant.parse("2026-11-26T09:00:00Z");

    @ParameterizedTest(name = "{0} {1}: {2}")
    @CsvSource(delimiter = '|', nullValues = "-", value = {
            "2026-12-31|-|-",
            "2026-12-31|18:30|-",
            "2026-11-26|12:01|-",
            "2026-11-26|11:59|expires_date=keys.error.expiry-past",
            "2026-11-25|-|expires_date=keys.error.expiry-past",
            "-|18:30|expires_date=keys.error.expiry-date",
            "31/12/2026|-|expires_date=keys.error.expiry-date",
            "2026-12-31|6pm|expires_time=keys.error.expiry-time"
    })
    void anExpiryIsADayAndMaybeATimeInMalipos(String day, String time, String problem) {
        ApiKeyForm form = form("203.0.113.7", day, time);

        Map<String, FieldProblem> problems = form.problems(ZONE, NOW);

        assertThat(problems.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue().key()).toList())
                .isEqualTo(problem == null ? List.of() : List.of(problem));
    }

    @Test
    void aDayAloneLetsTheKeyWorkToTheEndOfThatDayInMalipos() {
        assertThat(form("", "2026-12-31", null).expiresAt(ZONE))
                .isEqualTo(OffsetDateTime.parse("2027-01-01T00:00:00+03:00"));
        assertThat(form("", "2026-12-31", "18:30").expiresAt(ZONE))
                .isEqualTo(OffsetDateTime.parse("2026-12-31T18:30:00+03:00"));
    }

    @Test
    void theAllowListIsReadALineAtATimeAndTheFirstWrongLineIsNamed() {
        ApiKeyForm good = form(" 203.0.113.7 \r\n\n2001:db8::/32\n", null, null);
        ApiKeyForm wrong = form("203.0.113.7\n\n10.1.2.3/8\nnonsense", null, null);

        assertThat(good.problems(ZONE, NOW)).isEmpty();
        assertThat(good.ipLines()).containsExactly("203.0.113.7", "2001:db8::/32");
        assertThat(wrong.problems(ZONE, NOW).get("allowed_ips"))
                .isEqualTo(new FieldProblem("keys.error.ip", 2, "10.1.2.3/8"));
        assertThat(form("203.0.113.7\n".repeat(ApiKeyForm.MOST_IPS + 1), null, null).problems(ZONE, NOW)
                .get("allowed_ips").key()).isEqualTo("keys.error.ips-many");
    }

    @Test
    void aProvidersLimitsAreTheCurrenciesGivenABoundAndARefusalNamesItsBox() {
        ProviderForm form = ProviderForm.of(Map.of("enabled", "on", "min.TZS", "", "max.TZS", "",
                "min.USD", "1,000", "max.USD", "5"), List.of("TZS", "USD"));

        assertThat(form.problems()).isEmpty();
        assertThat(form.change().limits()).singleElement().satisfies(limit -> {
            assertThat(limit.currency()).isEqualTo("USD");
            assertThat(limit.minAmount()).isEqualByComparingTo("1000");
        });
        assertThat(form.refused(List.of(new FieldError("limits[0].minAmount", "must not be above maxAmount")),
                "providers.error.range")).containsOnlyKeys("min.USD");
        assertThat(ProviderForm.of(Map.of("max.TZS", "-5"), List.of("TZS")).problems()).containsOnlyKeys("max.TZS");
    }

    @Test
    void aWebhookFormWantsAnAbsoluteUrlHttpsInLiveModeAndSomeEvents() {
        assertThat(webhook("https://shop.example.com/hooks", "on").problems(true)).isEmpty();
        assertThat(webhook("http://shop.example.com/hooks", "on").problems(true).get("url").key())
                .isEqualTo("webhooks.error.https");
        assertThat(webhook("shop.example.com/hooks", "on").problems(false).get("url").key())
                .isEqualTo("webhooks.error.url");
        assertThat(webhook("https://shop.example.com/hooks", null).problems(false)).containsOnlyKeys("events");
        assertThat(webhook("https://shop.example.com/hooks", "on").subscribed()).containsExactly("*");
    }

    private static ApiKeyForm form(String ips, String day, String time) {
        Map<String, String> fields = new HashMap<>();
        fields.put("name", "till");
        fields.put("scope.payments.read", "on");
        fields.put("allowed_ips", ips);
        if (day != null) {
            fields.put("expires_date", day);
        }
        if (time != null) {
            fields.put("expires_time", time);
        }
        return ApiKeyForm.of(fields);
    }

    private static WebhookForm webhook(String url, String all) {
        Map<String, String> fields = new HashMap<>();
        fields.put("url", url);
        if (all != null) {
            fields.put("event.all", all);
        }
        return WebhookForm.of(fields);
    }
}
