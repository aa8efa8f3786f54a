package io.malipo.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.function.BooleanSupplier;

/** Waiting for asynchronous work with a deadline, checking its effect rather than sleeping blind. */
public final class Await {

    private Await() {
    }

    public static void until(String what, BooleanSupplier done) {
        until(what, Duration.ofSeconds(20), done);
    }

    public static void until(String what, Duration within, BooleanSupplier done) {
        Instant deadline = Instant.now().plus(within);
        while (!done.getAsBoolean()) {
            assertThat(Instant.now()).as("waited for " + what).isBefore(deadline);
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }
}
