package io.malipo.testsupport;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.UserPrincipal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A PostgreSQL server of one test's own, for tests that stop and start PostgreSQL: the shared
 * server on 5432 serves every other test of the run and must stay up. Made with the machine's
 * {@code initdb} into a temporary directory, listening on 127.0.0.1 on a free port, trust
 * authentication, fsync off (the data only has to survive the server, not the machine).
 * PostgreSQL refuses to run as root, so when the tests run as root (as CI does) its programs
 * run as the {@code postgres} OS user, in a directory that user owns. Its log goes to
 * {@code target/faults/}. Tests skip, saying why, where none of this is possible.
 */
public final class PrivatePostgres implements AutoCloseable {

    private static final Path INSTALLATIONS = Path.of("/usr/lib/postgresql");

    private final Path bin;
    private final Path dir;
    private final Path log;
    private final int port;
    private final boolean asPostgresUser;
    private final Thread reaper;

    private PrivatePostgres(Path bin, Path dir, Path log, int port, boolean asPostgresUser) {
        this.bin = bin;
        this.dir = dir;
        this.log = log;
        this.port = port;
        this.asPostgresUser = asPostgresUser;
        this.reaper = new Thread(() -> stopQuietly("immediate"), "private-postgres-reaper");
        Runtime.getRuntime().addShutdownHook(reaper);
    }

    /** A new cluster, started, with an empty database {@code malipo}; skips the test where it cannot be made. */
    public static PrivatePostgres start(String name) {
        Optional<Path> bin = binaries();
        assumeTrue(bin.isPresent(), "no PostgreSQL server programs (initdb, pg_ctl) under " + INSTALLATIONS
                + "/<version>/bin: install postgresql to run this test");
        boolean root = "root".equals(System.getProperty("user.name"));
        boolean runuser = Files.isExecutable(Path.of("/usr/sbin/runuser"))
                || Files.isExecutable(Path.of("/sbin/runuser"));
        Optional<UserPrincipal> postgres = root ? postgresUser() : Optional.empty();
        assumeTrue(!root || (runuser && postgres.isPresent()), "the tests run as root, which PostgreSQL refuses, "
                + "and there is no 'postgres' OS user and runuser to run it as");
        try {
            Path dir = Files.createTempDirectory(Path.of(root ? "/tmp" : System.getProperty("java.io.tmpdir")),
                    "malipo-pg-" + name + "-");
            Path log = Files.createDirectories(MalipoProcess.baseDir().resolve("target/faults"))
                    .resolve(name + "-postgres.log");
            Files.deleteIfExists(log);
            Files.createFile(log);
            if (root) {
                Files.setOwner(dir, postgres.get());
                Files.setOwner(log, postgres.get());
            }
            PrivatePostgres server = new PrivatePostgres(bin.get(), dir, log, MalipoProcess.freePort(), root);
            server.run(Duration.ofSeconds(60), "initdb", "-D", server.data(), "-A", "trust", "-U", "postgres",
                    "-E", "UTF8", "--no-sync");
            server.start();
            try (Connection sql = server.connect("postgres"); Statement statement = sql.createStatement()) {
                statement.execute("CREATE DATABASE malipo");
            }
            return server;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (SQLException e) {
            throw new IllegalStateException("the private PostgreSQL did not take a database", e);
        }
    }

    /** Starts the server and waits until it accepts connections. */
    public void start() {
        run(Duration.ofSeconds(60), "pg_ctl", "-D", data(), "-l", log.toString(), "-w", "-t", "50", "-o",
                "-p " + port + " -k " + dir + " -c listen_addresses=127.0.0.1 -c fsync=off", "start");
    }

    /** Stops the server: {@code fast} ends every session at once, {@code immediate} is as good as a crash. */
    public void stop(String mode) {
        run(Duration.ofSeconds(60), "pg_ctl", "-D", data(), "-m", mode, "-w", "-t", "50", "stop");
    }

    public String jdbcUrl() {
        return "jdbc:postgresql://127.0.0.1:" + port + "/malipo";
    }

    public int port() {
        return port;
    }

    public Path log() {
        return log;
    }

    public Connection connect() throws SQLException {
        return connect("malipo");
    }

    private Connection connect(String database) throws SQLException {
        Properties props = new Properties();
        props.setProperty("user", "postgres");
        props.setProperty("connectTimeout", "5");
        return DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + port + "/" + database, props);
    }

    @Override
    public void close() {
        stopQuietly("immediate");
        try {
            Runtime.getRuntime().removeShutdownHook(reaper);
        } catch (IllegalStateException e) {
            // already shutting down
        }
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            System.err.println("Could not remove " + dir + ": " + e.getMessage());
        }
    }

    private void stopQuietly(String mode) {
        if (Files.exists(Path.of(data(), "postmaster.pid"))) {
            try {
                stop(mode);
            } catch (RuntimeException | AssertionError e) {
                System.err.println("Could not stop the private PostgreSQL in " + dir + ": " + e.getMessage());
            }
        }
    }

    private String data() {
        return dir.resolve("data").toString();
    }

    private void run(Duration within, String program, String... arguments) {
        List<String> command = new ArrayList<>();
        if (asPostgresUser) {
            command.addAll(List.of("runuser", "-u", "postgres", "--"));
        }
        command.add(bin.resolve(program).toString());
        command.addAll(List.of(arguments));
        try {
            // To a file, not a pipe: the server pg_ctl starts outlives it and could hold a pipe open.
            Path output = Files.createTempFile(dir, program + "-", ".out");
            Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile())
                    .start();
            if (!process.waitFor(within.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException(program + " did not finish within " + within + "; server log: " + log);
            }
            if (process.exitValue() != 0) {
                throw new IllegalStateException(program + " failed (" + process.exitValue() + "): "
                        + Files.readString(output, StandardCharsets.UTF_8) + "; server log: " + log);
            }
            Files.delete(output);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** The newest installed version's programs. */
    private static Optional<Path> binaries() {
        if (!Files.isDirectory(INSTALLATIONS)) {
            return Optional.empty();
        }
        try (Stream<Path> versions = Files.list(INSTALLATIONS)) {
            return versions.map(v -> v.resolve("bin"))
                    .filter(b -> Files.isExecutable(b.resolve("initdb")) && Files.isExecutable(b.resolve("pg_ctl")))
                    .max(Comparator.comparingInt(PrivatePostgres::version));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static int version(Path bin) {
        try {
            return Integer.parseInt(bin.getParent().getFileName().toString().replaceAll("\\..*", ""));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private static Optional<UserPrincipal> postgresUser() {
        try {
            return Optional.of(Path.of("/").getFileSystem().getUserPrincipalLookupService()
                    .lookupPrincipalByName("postgres"));
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
