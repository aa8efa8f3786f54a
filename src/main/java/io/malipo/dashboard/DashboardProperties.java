package io.malipo.dashboard;

import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * The dashboard's sessions.
 *
 * @param idleTimeout a session nobody used for this long is over: the next page asks to sign in
 *     again. Counted by Malipo on Malipo's clock (the web server forgets the session a minute later).
 */
@ConfigurationProperties("malipo.dashboard")
@Validated
public record DashboardProperties(@NotNull @DefaultValue("30m") Duration idleTimeout) {
}
