package io.malipo.merchant;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.malipo.common.Database;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import javax.sql.DataSource;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * Checkout credentials and API keys as last read, so that a signed request or a token does not
 * read and open them again each time. Only on PostgreSQL, and only while this instance listens on
 * the channel {@value #CHANNEL}: triggers on {@code merchant}, {@code checkout_credential} and
 * {@code api_key} notify it when a transaction that changed them commits, on whichever instance
 * (or psql session) made the change, and every instance then forgets everything it kept. A
 * revocation or a suspension therefore takes effect everywhere within the time PostgreSQL takes
 * to pass a notification on. While the listening connection is down nothing is kept, and what
 * was kept is forgotten when it comes back.
 *
 * <p>A lookup that read the database while a change committed must not keep what it read: each
 * entry is put with the generation seen before reading, and a notification starts a new one.
 */
@Component
public class CredentialCache implements SmartLifecycle, DisposableBean {

    static final String CHANNEL = "malipo_credentials";
    private static final Logger LOG = LoggerFactory.getLogger(CredentialCache.class);
    /** How long the listener waits for a notification at a time: also how soon it notices a stop. */
    private static final int WAIT_MILLIS = 500;
    /** Quiet waits after which the listener makes sure its connection is alive (every 5 s). */
    private static final int QUIET_WAITS_BEFORE_CHECK = 10;
    /** How often this instance records a key's use (api_key.last_used_at is minute-grained). */
    private static final Duration USE_GRAIN = Duration.ofMinutes(1);

    /**
     * Notifications keep entries right; the age limit only bounds what a lost notification (a
     * connection dropped just as one was sent) could leave wrong.
     */
    private final Cache<String, Kept> entries = Caffeine.newBuilder().maximumSize(50_000)
            .expireAfterWrite(Duration.ofMinutes(5)).build();
    private final Map<UUID, Instant> usesMarked = new ConcurrentHashMap<>();
    private final AtomicLong generation = new AtomicLong();
    private final DataSource pool;
    private final Clock clock;
    private final boolean postgres;
    private volatile boolean listening;
    private volatile boolean running;
    private Thread listener;

    /** A value and the moment it stops being right by itself (a replaced secret's grace ending). */
    private record Kept(Object value, Instant until) {
    }

    public CredentialCache(DataSource pool, Clock clock, Database database) {
        this.pool = pool;
        this.clock = clock;
        this.postgres = database.isPostgres();
    }

    /** The generation to pass to {@link #put}: read it before reading the database. */
    public long generation() {
        return generation.get();
    }

    @SuppressWarnings("unchecked")
    public <T> Optional<T> get(String key, Class<T> type) {
        if (!listening) {
            return Optional.empty();
        }
        Kept kept = entries.getIfPresent(key);
        if (kept == null || !type.isInstance(kept.value()) || !clock.instant().isBefore(kept.until())) {
            return Optional.empty();
        }
        return Optional.of((T) kept.value());
    }

    /**
     * Keeps what a lookup read until {@code until}, unless something changed since {@code seen}
     * or nobody listens.
     */
    public void put(String key, Object value, long seen, Instant until) {
        if (value == null || !listening) {
            return;
        }
        entries.put(key, new Kept(value, until));
        if (generation.get() != seen) {
            // A change committed while the value was read: it may predate that change.
            entries.invalidate(key);
        }
    }

    /**
     * Whether this instance should record a use of the key now: once a minute per key and
     * instance, instead of asking the database to find out on every token.
     */
    public boolean useToRecord(UUID apiKeyId, Instant now) {
        Instant last = usesMarked.get(apiKeyId);
        if (last != null && now.isBefore(last.plus(USE_GRAIN))) {
            return false;
        }
        usesMarked.put(apiKeyId, now);
        return true;
    }

    /** Something about merchants, credentials or keys changed: forget everything kept. */
    public void changed() {
        forgetAll();
    }

    private void forgetAll() {
        generation.incrementAndGet();
        entries.invalidateAll();
    }

    @Override
    public void start() {
        if (!postgres) {
            return;
        }
        running = true;
        listener = new Thread(this::listen, "credential-changes");
        listener.setDaemon(true);
        listener.start();
    }

    @Override
    public void stop() {
        running = false;
        listening = false;
        if (listener != null) {
            listener.interrupt();
        }
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    /**
     * Also on a start that failed part-way, where no lifecycle stop comes: the listener gives its
     * connection back before the pool closes (this bean needs the pool, so it goes first), rather
     * than being cut off with a warning in the log of a start that failed for another reason.
     */
    @Override
    public void destroy() throws InterruptedException {
        stop();
        if (listener != null) {
            listener.join(WAIT_MILLIS * 4L);
        }
    }

    /**
     * Holds one of the pool's connections for as long as it listens (a connection of its own
     * would be one more per instance against the server's limit), and takes another when it is lost.
     */
    private void listen() {
        long backoff = 500;
        while (running) {
            try (Connection connection = pool.getConnection();
                    Statement statement = connection.createStatement()) {
                statement.execute("LISTEN " + CHANNEL);
                forgetAll();
                listening = true;
                backoff = 500;
                PGConnection pg = connection.unwrap(PGConnection.class);
                try {
                    int quiet = 0;
                    while (running) {
                        PGNotification[] notes = pg.getNotifications(WAIT_MILLIS);
                        if (notes != null && notes.length > 0) {
                            forgetAll();
                            quiet = 0;
                        } else if (++quiet == QUIET_WAITS_BEFORE_CHECK) {
                            // Nothing came for a while: make sure that is because nothing changed,
                            // not because the connection died quietly.
                            statement.execute("SELECT 1");
                            quiet = 0;
                        }
                    }
                } finally {
                    // Back in the pool, the connection must not go on collecting notifications.
                    unlisten(statement);
                }
            } catch (SQLException e) {
                if (listening && running) {
                    LOG.warn("Lost the database connection that hears of credential changes ({}); credentials are "
                            + "read from the database on every request until it is back", e.getMessage());
                }
            } finally {
                listening = false;
                forgetAll();
            }
            sleep(backoff);
            backoff = Math.min(backoff * 2, 10_000);
        }
    }

    private static void unlisten(Statement statement) {
        try {
            statement.execute("UNLISTEN *");
        } catch (SQLException e) {
            // The connection is gone; the pool drops it.
        }
    }

    private void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            running = false;
        }
    }
}
