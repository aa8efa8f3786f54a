package io.malipo.testsupport;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import org.springframework.boot.SpringApplication;

/**
 * The PostgreSQL database of one test run: created on first use on the server named by the
 * usual libpq variables (PGHOST, PGPORT, PGUSER, PGPASSWORD; default 127.0.0.1:5432 as
 * postgres), dropped when the JVM exits, so runs never see each other's rows.
 */
public final class TestDatabase {

    private static final String HOST = env("PGHOST", "127.0.0.1");
    private static final String PORT = env("PGPORT", "5432");
    private static final String USER = env("PGUSER", "postgres");
    private static final String PASSWORD = env("PGPASSWORD", "");
    private static String name;
    private static final Map<String, String> SEPARATE = new ConcurrentHashMap<>();

    private TestDatabase() {
    }

    public static synchronized String url() {
        if (name == null) {
            name = create();
        }
        return jdbcUrl(name);
    }

    /**
     * A database of its own for the tests named {@code label}, created on first use and dropped
     * with the run's. Tests whose application behaves differently from the others' (what it may
     * send where, how it dispatches) use one, since every cached application context keeps
     * working on its database in the background and would otherwise pick up their rows.
     */
    public static String separate(String label) {
        return jdbcUrl(SEPARATE.computeIfAbsent(label, l -> create()));
    }

    /**
     * Drops the database of the tests named {@code label} now, for tests whose application runs
     * in processes of its own (stopped by then): no application context of this JVM uses it, and
     * when no context has run in the JVM, the run's own drop at exit does not happen either.
     */
    public static void dropSeparate(String label) {
        String database = SEPARATE.remove(label);
        if (database != null) {
            drop(database);
        }
    }

    public static String user() {
        return USER;
    }

    public static String password() {
        return PASSWORD;
    }

    private static String create() {
        String database = "malipo_test_" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMddHHmmss"))
                + "_" + Integer.toString(ThreadLocalRandom.current().nextInt(36 * 36 * 36 * 36), 36)
                .toLowerCase(Locale.ROOT);
        try (Connection admin = connect("postgres"); Statement sql = admin.createStatement()) {
            sql.execute("CREATE DATABASE " + database);
        } catch (SQLException e) {
            throw new IllegalStateException("PostgreSQL is not reachable at " + HOST + ":" + PORT + " as user " + USER
                    + " (" + e.getMessage() + "). Start it with: pg_ctlcluster --skip-systemctl-redirect "
                    + "$(ls /etc/postgresql) main start, or point PGHOST/PGPORT/PGUSER/PGPASSWORD at one.", e);
        }
        // After every application context of the run has closed: a JVM hook of its own would run
        // beside theirs and cut the connections of contexts still stopping.
        SpringApplication.getShutdownHandlers().add(() -> drop(database));
        return database;
    }

    private static void drop(String database) {
        try (Connection admin = connect("postgres"); Statement sql = admin.createStatement()) {
            sql.execute("DROP DATABASE IF EXISTS " + database + " WITH (FORCE)");
        } catch (SQLException e) {
            System.err.println("Could not drop test database " + database + ": " + e.getMessage());
        }
    }

    public static Connection connect() throws SQLException {
        return connect(name);
    }

    private static Connection connect(String database) throws SQLException {
        Properties props = new Properties();
        props.setProperty("user", USER);
        props.setProperty("password", PASSWORD);
        props.setProperty("connectTimeout", "5");
        return DriverManager.getConnection(jdbcUrl(database), props);
    }

    private static String jdbcUrl(String database) {
        return "jdbc:postgresql://" + HOST + ":" + PORT + "/" + database;
    }

    private static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : value;
    }
}
