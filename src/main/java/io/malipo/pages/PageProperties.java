package io.malipo.pages;

import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import java.time.Duration;
import org.hibernate.validator.constraints.time.DurationMax;
import org.hibernate.validator.constraints.time.DurationMin;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * How the pages may be shown.
 *
 * @param frameAncestors who may show the payment page in a frame, as the Content-Security-Policy's
 *     frame-ancestors source list: {@code 'none'} (the default) for nobody, or the shops' origins
 *     (such as {@code https://shop.example.com}) for a checkout that frames it
 * @param approvalWindow how long the waiting view counts down for the payer to approve a push on
 *     the phone: about as long as a network keeps its prompt open. The payment itself waits
 *     longer, for the provider's answer (malipo.channels.give-up-after).
 * @param statusPoll how often the waiting page asks whether its payment has ended: sooner shows the
 *     result sooner, at one request each time for every buyer who waits
 * @param requestsPerMinute requests one client address may make a minute for one order's page,
 *     QR code, status and forms, besides those of the page's own polling, which its budget adds
 *     (see {@link #perOrderBudget()}): a shorter {@code statusPoll} never runs a waiting buyer out
 * @param unknownLinksPerMinute requests one client address may make a minute for orders that do
 *     not exist, so that guessing order ids gets nowhere fast
 */
@ConfigurationProperties("malipo.pages")
@Validated
public record PageProperties(
        @NotBlank @Pattern(regexp = "[A-Za-z0-9 :/.*'_-]+", message = "must be a CSP source list such as 'none' or "
                + "https://shop.example.com") @DefaultValue("'none'") String frameAncestors,
        @NotNull @DefaultValue("2m") Duration approvalWindow,
        @NotNull @DurationMin(millis = 100) @DurationMax(minutes = 1) @DefaultValue("2s") Duration statusPoll,
        @Min(1) @DefaultValue("90") int requestsPerMinute,
        @Min(1) @DefaultValue("30") int unknownLinksPerMinute) {

    /** Requests a minute one address has for one order: {@code requestsPerMinute} and a minute of polling. */
    public int perOrderBudget() {
        return requestsPerMinute + (int) Math.ceil(60_000.0 / statusPoll.toMillis());
    }
}
