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

    /**
     * Lets a promised bound pass, counted from now: for a promise such as "obeyed everywhere
     * within a second of committing", the second is itself what a test of it waits for.
     */
    public static void past(Duration bound) {
        long until = System.nanoTime() + bound.toNanos() + 1;
        for (long left = bound.toNanos() + 1; left > 0; left = until - System.nanoTime()) {
            try {
                Thread.sleep(left / 1_000_000, (int) (left % 1_000_000));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }
}
