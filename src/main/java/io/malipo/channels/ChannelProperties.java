package io.malipo.channels;

import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * The payment providers Malipo reaches, and how patiently.
 *
 * @param providers by code: the mobile-money providers and the card processor
 * @param reconcileAfter how long after a push Malipo first asks the provider about a payment it has not heard of
 * @param reconcileEvery how often it asks again
 * @param giveUpAfter how long a provider may stay silent before the payment fails (provider_timeout)
 * @param connectTimeout how long to wait for a provider's connection
 * @param responseTimeout how long to wait for a provider's answer (no answer means in flight, not failed)
 * @param sandboxDelay how long the sandbox providers take to report an outcome
 * @param sandbox whether this instance serves the sandbox providers (test mode), and their limits
 * @param circuitBreaker when to stop calling a failing provider (one breaker per provider and mode)
 */
@ConfigurationProperties("malipo.channels")
@Validated
public record ChannelProperties(
        @NotEmpty Map<String, @Valid Provider> providers,
        @NotNull @DefaultValue("2m") Duration reconcileAfter,
        @NotNull @DefaultValue("1m") Duration reconcileEvery,
        @NotNull @DefaultValue("30m") Duration giveUpAfter,
        @NotNull @DefaultValue("5s") Duration connectTimeout,
        @NotNull @DefaultValue("10s") Duration responseTimeout,
        @NotNull @DefaultValue("1s") Duration sandboxDelay,
        @Valid @DefaultValue Sandbox sandbox,
        @Valid @DefaultValue Breaker circuitBreaker) {

    /**
     * @param enabled whether /sandbox is served at all; without it test-mode payments are refused
     *        and no sandbox signature is accepted (an installation for live merchants only)
     * @param anonymousRequestsPerMinute requests one client address may make without Malipo's
     *        sandbox key (the payer simulator, or a wrong key) before it gets 429
     * @param maxPendingReports reports the sandbox may have waiting to be sent; past it new
     *        requests are refused in the provider's own format, nothing booked
     * @param threads the threads that serve /sandbox, apart from those of the APIs that call it
     */
    public record Sandbox(
            @DefaultValue("true") boolean enabled,
            @Min(1) @DefaultValue("60") int anonymousRequestsPerMinute,
            @Min(1) @DefaultValue("10000") int maxPendingReports,
            @Min(1) @Max(200) @DefaultValue("16") int threads) {
    }

    /**
     * @param window how many recent calls the failure rate is taken over
     * @param minimumCalls how many calls before the rate counts at all
     * @param failureRatePercent the failure rate that opens the circuit
     * @param openFor how long an open circuit refuses calls before letting trial calls through
     * @param trialCalls how many trial calls decide whether it closes again
     */
    public record Breaker(
            @Min(2) @DefaultValue("20") int window,
            @Min(1) @DefaultValue("10") int minimumCalls,
            @Min(1) @Max(100) @DefaultValue("50") int failureRatePercent,
            @NotNull @DefaultValue("30s") Duration openFor,
            @Min(1) @DefaultValue("3") int trialCalls) {
    }

    /**
     * @param name what merchants see
     * @param channel WALLET_PULL for mobile money, CARD for the card processor
     * @param connector the route file in routes/providers that speaks this provider's API
     * @param currencies the currencies it collects
     * @param prefixes MSISDN prefixes (country code included) it serves; a hint, since numbers move
     * @param liveUrl its production API; without one, live payments through it are refused
     * @param liveApiKey the credential Malipo presents to it in live mode
     * @param notifySecret the secret it signs its notifications to Malipo with, in live mode
     * @param credentials the rest of what its connector presents in live mode, by name (client ids
     *        and secrets, the provider's public key, a PIN…); connectors read them as
     *        {@code malipoProviderCredentials}, and in test mode get the sandbox's instead
     * @param notifyFrom the addresses (IP or CIDR) its notifications may come from; empty: any
     */
    public record Provider(
            @NotBlank String name,
            @NotNull Channel channel,
            @NotBlank String connector,
            @NotEmpty List<String> currencies,
            @DefaultValue List<String> prefixes,
            String liveUrl,
            String liveApiKey,
            String notifySecret,
            @DefaultValue Map<String, String> credentials,
            @DefaultValue List<String> notifyFrom) {
    }
}
