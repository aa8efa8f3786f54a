package io.malipo.testsupport;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentLinkedDeque;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestWatcher;

/**
 * The processes a test class starts (Malipo children, a private PostgreSQL) and the database
 * they share: the processes are stopped after the class whatever happened, then the database is
 * dropped, and when a test fails the paths of their logs are printed, since their output goes
 * to files rather than the test's. Register it as a static {@code @RegisterExtension} field.
 */
public final class ChildProcesses implements TestWatcher, AfterAllCallback {

    private final Deque<AutoCloseable> owned = new ConcurrentLinkedDeque<>();
    private final List<MalipoProcess> children = new ArrayList<>();
    private final List<PrivatePostgres> servers = new ArrayList<>();

    /**
     * A database of its own on the shared test server ({@link TestDatabase#separate}), dropped
     * once every process added after it has stopped.
     */
    public synchronized String database(String label) {
        String url = TestDatabase.separate(label);
        owned.push(() -> TestDatabase.dropSeparate(label));
        return url;
    }

    public synchronized MalipoProcess add(MalipoProcess child) {
        children.add(child);
        owned.push(child);
        return child;
    }

    public synchronized PrivatePostgres add(PrivatePostgres server) {
        servers.add(server);
        owned.push(server);
        return server;
    }

    @Override
    public synchronized void testFailed(ExtensionContext context, Throwable cause) {
        List<Path> logs = new ArrayList<>();
        children.forEach(c -> logs.addAll(c.logs()));
        servers.forEach(s -> logs.add(s.log()));
        System.out.printf("%s failed; logs of its processes:%n", context.getDisplayName());
        logs.forEach(log -> System.out.printf("  %s%n", log));
    }

    @Override
    public void testAborted(ExtensionContext context, Throwable cause) {
    }

    @Override
    public void testSuccessful(ExtensionContext context) {
    }

    @Override
    public void testDisabled(ExtensionContext context, Optional<String> reason) {
    }

    @Override
    public void afterAll(ExtensionContext context) {
        // The last added first: Malipo before the server or database it runs on.
        AutoCloseable next;
        while ((next = owned.poll()) != null) {
            try {
                next.close();
            } catch (Exception e) {
                System.err.println("Could not stop " + next + ": " + e.getMessage());
            }
        }
    }
}
