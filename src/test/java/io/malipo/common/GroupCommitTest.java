package io.malipo.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class GroupCommitTest {

    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final List<List<Integer>> groups = new CopyOnWriteArrayList<>();
    private final CountDownLatch firstStarted = new CountDownLatch(1);
    private final CountDownLatch firstMayEnd = new CountDownLatch(1);

    @AfterEach
    void stop() {
        threads.shutdownNow();
    }

    @Test
    void aRowWrittenWhileNothingElseIsGoesAtOnceAlone() {
        GroupCommit<Integer> commit = new GroupCommit<>(groups::add);

        commit.write(1);
        commit.write(2);

        assertThat(groups).containsExactly(List.of(1), List.of(2));
    }

    @Test
    void rowsThatArriveWhileAGroupIsWrittenGoTogetherInTheNextAndEachCallerReturnsOnlyOnceItsRowIsWritten()
            throws Exception {
        GroupCommit<Integer> commit = holdingRowZero(groups::add);
        Future<?> first = writeRowZero(commit);
        List<Future<?>> others = IntStream.rangeClosed(1, 5).<Future<?>>mapToObj(i -> threads.submit(
                () -> commit.write(i))).toList();
        waitUntilWaiting(commit, 5);
        for (Future<?> other : others) {
            assertThatThrownBy(() -> other.get(50, TimeUnit.MILLISECONDS)).isInstanceOf(TimeoutException.class);
        }

        firstMayEnd.countDown();
        first.get(10, TimeUnit.SECONDS);
        for (Future<?> other : others) {
            other.get(10, TimeUnit.SECONDS);
        }

        assertThat(groups).hasSize(2);
        assertThat(groups.get(0)).containsExactly(0);
        assertThat(groups.get(1)).containsExactlyInAnyOrder(1, 2, 3, 4, 5);
    }

    @Test
    void everyCallerOfAGroupThatFailedGetsItsFailureAndTheNextGroupIsWrittenAsUsual() throws Exception {
        GroupCommit<Integer> commit = holdingRowZero(rows -> {
            if (rows.contains(1)) {
                throw new IllegalStateException("the database is away");
            }
            groups.add(rows);
        });
        Future<?> first = writeRowZero(commit);
        List<CompletableFuture<Void>> failing = IntStream.rangeClosed(1, 3)
                .mapToObj(i -> CompletableFuture.runAsync(() -> commit.write(i), threads)).toList();
        waitUntilWaiting(commit, 3);
        firstMayEnd.countDown();
        first.get(10, TimeUnit.SECONDS);

        for (CompletableFuture<Void> caller : failing) {
            assertThatThrownBy(() -> caller.get(10, TimeUnit.SECONDS))
                    .hasCauseInstanceOf(IllegalStateException.class)
                    .hasRootCauseMessage("the database is away");
        }
        commit.write(7);
        assertThat(groups).containsExactly(List.of(0), List.of(7));
    }

    /** A group holding row 0 goes on to {@code rest} only once {@link #firstMayEnd} opens; others at once. */
    private GroupCommit<Integer> holdingRowZero(Consumer<List<Integer>> rest) {
        return new GroupCommit<>(rows -> {
            if (rows.contains(0)) {
                firstStarted.countDown();
                await(firstMayEnd);
            }
            rest.accept(rows);
        });
    }

    /** Row 0 written on another thread, returned once its group is being written. */
    private Future<?> writeRowZero(GroupCommit<Integer> commit) throws InterruptedException {
        Future<?> first = threads.submit(() -> commit.write(0));
        assertThat(firstStarted.await(10, TimeUnit.SECONDS)).isTrue();
        return first;
    }

    /** The rows parked behind the group being written, as the writer will take them. */
    private static void waitUntilWaiting(GroupCommit<Integer> commit, int rows) throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (commit.waiting() < rows) {
            assertThat(System.nanoTime()).as("%d rows waiting", rows).isLessThan(until);
            Thread.sleep(5);
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            assertThat(latch.await(10, TimeUnit.SECONDS)).isTrue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
