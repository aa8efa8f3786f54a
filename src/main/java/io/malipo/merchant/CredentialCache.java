package io.malipo.merchant;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Ticker;
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
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * Checkout credentials and API keys as last read, so that a signed request or a token does not
 * read and open them again each time. Only on PostgreSQL, and only while this instance listens on
 * the channel {@value #CHANNEL}: triggers on {@code merchant}, {@code checkout_credential} and
 * {@code api_key} notify it when a transaction that changed them commits, on whichever instance
 * (or psql session) made the change, and every instance then forgets everything it kept. While
 * the listening connection is down nothing is kept, and what was kept is forgotten when it comes back.
 *
 * <p>The promise: a change (a key or credential revoked, a merchant suspended) is obeyed by every
 * instance for every request checked more than {@link #CHANGE_BOUND} after it committed, however
 * late a notification arrives. The listener asks the database a question every
 * {@link #CONFIRM_EVERY}; a notification committed before a question was sent comes to this
 * instance before the answer to the question after it (the server passes notifications on
 * whenever it waits for the next command), so once that answer is in and every notification
 * received with it handled, nothing committed before the first question is still unheard of.
 * What is kept is used only while such a confirmation is younger than the bound; when the
 * listener falls behind (a machine short of CPU, a slow network), requests read the database
 * instead, which is slower and never wrong. The instance that makes a change forgets at once.
 *
 * <p>A lookup that read the database while a change committed must not keep what it read: each
 * entry is put with the generation seen before reading, and a notification starts a new one.
 */
@Component
public class CredentialCache implements SmartLifecycle, DisposableBean {

    static final String CHANNEL = "malipo_credentials";
    private static final Logger LOG = LoggerFactory.getLogger(CredentialCache.class);
    /** How late, at most, an instance obeys a change another instance or an operator committed. */
    public static final Duration CHANGE_BOUND = Duration.ofSeconds(1);
    /** How often the listener confirms it has heard every change: well inside the bound, twice over. */
    static final Duration CONFIRM_EVERY = Duration.ofMillis(200);
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
    /** Time as the confirmation counts it: the machine's, never the business clock a test may move. */
    private final Ticker ticker;
    /**
     * {@link #ticker} when the question was sent after whose answer, and the one after it, every
     * change committed before then had been heard of; {@link Long#MIN_VALUE} until the first.
     */
    private volatile long confirmedAt = Long.MIN_VALUE;
    private volatile boolean listening;
    private volatile boolean running;
    private Thread listener;

    /** A value and the moment it stops being right by itself (a replaced secret's grace ending). */
    private record Kept(Object value, Instant until) {
    }

    @Autowired
    public CredentialCache(DataSource pool, Clock clock, Database database) {
        this(pool, clock, database, Ticker.systemTicker());
    }

    CredentialCache(DataSource pool, Clock clock, Database database, Ticker ticker) {
        this.pool = pool;
        this.clock = clock;
        this.postgres = database.isPostgres();
        this.ticker = ticker;
    }

    /** The generation to pass to {@link #put}: read it before reading the database. */
    public long generation() {
        return generation.get();
    }

    @SuppressWarnings("unchecked")
    public <T> Optional<T> get(String key, Class<T> type) {
        if (!confirmed()) {
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

    /** Whether what is kept may be used: the listener heard every change up to less than the bound ago. */
    private boolean confirmed() {
        long at = confirmedAt;
        return listening && at != Long.MIN_VALUE && ticker.read() - at < CHANGE_BOUND.toNanos();
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
            listener.join(CONFIRM_EVERY.toMillis() * 4);
        }
    }

    /**
     * Holds one of the pool's connections for as long as it listens (a connection of its own
     * would be one more per instance against the server's limit), and takes another when it is
     * lost. Each turn asks the database a question, handles the notifications that came before
     * its answer, and then waits for more until the next turn.
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
                long asked = Long.MIN_VALUE;
                try {
                    while (running) {
                        long asking = ticker.read();
                        // Also how a connection that died quietly is noticed.
                        statement.execute("SELECT 1");
                        heard(pg.getNotifications());
                        // The notification of a change committed before the previous question
                        // was sent has come by now, at the latest with this answer.
                        confirmedAt = asked;
                        asked = asking;
                        heard(pg.getNotifications(Math.toIntExact(CONFIRM_EVERY.toMillis())));
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
                confirmedAt = Long.MIN_VALUE;
                forgetAll();
            }
            sleep(backoff);
            backoff = Math.min(backoff * 2, 10_000);
        }
    }

    private void heard(PGNotification[] notes) {
        if (notes != null && notes.length > 0) {
            forgetAll();
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
