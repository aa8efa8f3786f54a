package io.malipo.common;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Rows that threads write at the same moment, written together: each caller of {@link #write}
 * returns once its own row has committed, and throws if the group that held it failed. While one
 * group is being written, the rows that arrive wait and go together in the next, one statement
 * and one commit for all of them instead of one each; a row that arrives when nothing is being
 * written goes at once, alone, so nothing waits for company.
 *
 * @param <T> one row
 */
public final class GroupCommit<T> {

    private final Consumer<List<T>> writer;
    /** Guards the two fields below. */
    private final Object lock = new Object();
    /** Rows waiting for the group being written to end. */
    private List<Pending<T>> waiting = new ArrayList<>();
    private boolean writing;

    /** {@code writer} writes a group in one transaction, and throws if it did not commit. */
    public GroupCommit(Consumer<List<T>> writer) {
        this.writer = writer;
    }

    private static final class Pending<T> {
        final T row;
        boolean written;
        RuntimeException failure;

        Pending(T row) {
            this.row = row;
        }
    }

    /** Returns once {@code row} has committed, with whatever rows other threads wrote meanwhile. */
    public void write(T row) {
        Pending<T> mine = new Pending<>(row);
        List<Pending<T>> group;
        synchronized (lock) {
            waiting.add(mine);
            while (writing && !mine.written && mine.failure == null) {
                try {
                    lock.wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted while waiting for a group to commit", e);
                }
            }
            if (mine.failure != null) {
                throw mine.failure;
            }
            if (mine.written) {
                return;
            }
            // Nothing is being written: this caller writes every row waiting, its own among them.
            writing = true;
            group = waiting;
            waiting = new ArrayList<>();
        }
        RuntimeException failure = null;
        Error error = null;
        try {
            writer.accept(group.stream().map(pending -> pending.row).toList());
        } catch (RuntimeException e) {
            failure = e;
        } catch (Error e) {
            // The other callers must not wait for ever; this one throws the error itself.
            error = e;
            failure = new IllegalStateException("a group of rows failed to write", e);
        }
        synchronized (lock) {
            for (Pending<T> pending : group) {
                pending.written = failure == null;
                pending.failure = failure;
            }
            writing = false;
            lock.notifyAll();
        }
        if (error != null) {
            throw error;
        }
        if (failure != null) {
            throw failure;
        }
    }

    /** How many rows wait for the group being written to end. */
    int waiting() {
        synchronized (lock) {
            return waiting.size();
        }
    }
}
