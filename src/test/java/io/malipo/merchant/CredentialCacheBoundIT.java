package io.malipo.merchant;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.benmanes.caffeine.cache.Ticker;
import io.malipo.common.Database;
import io.malipo.testsupport.Await;
import io.malipo.testsupport.PostgresIT;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Instant;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicLong;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.datasource.DelegatingDataSource;

/**
 * The promise of {@link CredentialCache#CHANGE_BOUND}, kept even when the instance hears of
 * changes late: here its listener is held back at will (as a machine short of CPU would hold it),
 * and the clock the promise is counted on is the test's.
 */
class CredentialCacheBoundIT extends PostgresIT {

    @Autowired
    DataSource pool;
    @Autowired
    Database database;

    private final AtomicLong nanos = new AtomicLong();
    /** Open: the listener's questions go through; closed: the listener waits at the next one. */
    private final Semaphore gate = new Semaphore(Integer.MAX_VALUE);
    private final Semaphore held = new Semaphore(0);
    private CredentialCache cache;

    @AfterEach
    void stop() throws InterruptedException {
        gate.release(Integer.MAX_VALUE / 2);
        cache.destroy();
    }

    @Test
    void whatIsKeptIsNotUsedOnceTheListenerHasNotConfirmedWithinTheBoundAndIsAgainOnceItHas() {
        cache = new CredentialCache(new HeldBack(pool), clock, database, nanos::get);
        cache.start();
        Await.until("the listener to confirm it has heard every change", () -> {
            cache.put("key", "kept", cache.generation(), Instant.MAX);
            return cache.get("key", String.class).isPresent();
        });

        gate.drainPermits();
        Await.until("the listener to be held at its next question", () -> held.availablePermits() > 0);
        assertThat(cache.get("key", String.class)).as("within the bound").contains("kept");

        // A change committed now might not be heard of for as long as the listener is held:
        // past the bound, requests read the database.
        nanos.addAndGet(CredentialCache.CHANGE_BOUND.toNanos());
        assertThat(cache.get("key", String.class)).isEmpty();

        gate.release(Integer.MAX_VALUE / 2);
        Await.until("the listener to confirm again", () -> cache.get("key", String.class).isPresent());
    }

    /** Connections whose {@code SELECT 1} waits at the test's gate; everything else goes straight through. */
    private final class HeldBack extends DelegatingDataSource {

        HeldBack(DataSource target) {
            super(target);
        }

        @Override
        public Connection getConnection() throws java.sql.SQLException {
            Connection connection = super.getConnection();
            return proxy(Connection.class, connection, (self, method, args) -> {
                Object result = invoke(connection, method, args);
                return result instanceof Statement statement ? proxy(Statement.class, statement, (s, m, a) -> {
                    if (m.getName().equals("execute") && "SELECT 1".equals(a[0])) {
                        held.release();
                        gate.acquireUninterruptibly();
                        held.acquireUninterruptibly();
                    }
                    return invoke(statement, m, a);
                }) : result;
            });
        }
    }

    private static Object invoke(Object target, java.lang.reflect.Method method, Object[] args) throws Throwable {
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    @SuppressWarnings("unchecked")
    private static <T> T proxy(Class<T> type, T target, InvocationHandler handler) {
        return (T) Proxy.newProxyInstance(CredentialCacheBoundIT.class.getClassLoader(), new Class<?>[] {type},
                handler);
    }
}
