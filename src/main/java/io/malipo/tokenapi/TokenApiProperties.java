package io.malipo.tokenapi;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * The rules of the token API that operations may tune.
 *
 * @param tokensPerMinute access tokens one API key may get per minute (a token lasts 300 s, so a
 *     well-behaved client needs one every few minutes); shared by every instance on PostgreSQL
 * @param idempotencyWindow how long an Idempotency-Key and its answer are kept
 * @param maxWebhookEndpoints webhook endpoints a merchant may have per mode
 */
@ConfigurationProperties("malipo.token-api")
@Validated
public record TokenApiProperties(
        @Min(1) @Max(100000) @DefaultValue("60") int tokensPerMinute,
        @NotNull @DefaultValue("24h") Duration idempotencyWindow,
        @Min(1) @Max(100) @DefaultValue("16") int maxWebhookEndpoints) {
}
