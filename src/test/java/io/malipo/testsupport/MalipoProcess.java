package io.malipo.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Malipo as operations run it, in a process of its own, on the production profile, against a
 * PostgreSQL database, started in the project's directory so it loads {@code routes/}: the
 * unpacked jar with its start-up archive ({@code target/app}, as the README and the
 * Docker image run it), or {@code java -jar target/malipo.jar} as built ({@link Builder#asBuilt}).
 * It can be killed with SIGKILL, stopped gracefully and started again on the same port and
 * database. Each start writes the child's output to a file of its own under
 * {@code target/faults/}. Children still running when the test JVM exits are killed by a
 * shutdown hook, so a failed run leaves no orphans.
 */
public final class MalipoProcess implements AutoCloseable {

    /** Measured on a two-core machine: C1 only and the serial collector start the jar about a third faster. */
    public static final List<String> JVM_FLAGS =
            List.of("-Xmx384m", "-Xss512k", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC");
    private static final Set<Process> RUNNING = ConcurrentHashMap.newKeySet();
    private static final HttpClient PROBE = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> RUNNING.forEach(Process::destroyForcibly),
                "malipo-children-reaper"));
    }

    private final String name;
    private final int port;
    private final Map<String, String> environment;
    private final boolean asBuilt;
    private final List<String> arguments;
    private final Path dataDir;
    private final List<Path> logs = new ArrayList<>();
    private Process process;

    private MalipoProcess(String name, int port, Map<String, String> environment, boolean asBuilt,
            List<String> arguments, Path dataDir) {
        this.name = name;
        this.port = port;
        this.environment = environment;
        this.asBuilt = asBuilt;
        this.arguments = arguments;
        this.dataDir = dataDir;
    }

    /** A child named {@code name} (its log files are named after it) on the database at {@code jdbcUrl}. */
    public static Builder on(String name, String jdbcUrl) {
        return new Builder(name, jdbcUrl);
    }

    public static final class Builder {

        private final String name;
        private final Map<String, String> environment = new LinkedHashMap<>();
        private final Map<String, String> properties = new LinkedHashMap<>();
        private boolean asBuilt;

        private Builder(String name, String jdbcUrl) {
            this.name = name;
            environment.put("SPRING_PROFILES_ACTIVE", "postgres");
            environment.put("SPRING_DATASOURCE_URL", jdbcUrl);
            environment.put("SPRING_DATASOURCE_USERNAME", TestDatabase.user());
            environment.put("SPRING_DATASOURCE_PASSWORD", TestDatabase.password());
            environment.put("MALIPO_ADMIN_TOKEN", PostgresIT.ADMIN_TOKEN);
            environment.put("MALIPO_MASTER_KEY", PostgresIT.MASTER_KEY);
            // The receivers of these tests listen on this machine; production refuses it.
            environment.put("MALIPO_DELIVERY_ALLOWLOOPBACK", "true");
            environment.put("MALIPO_CHANNELS_SANDBOXDELAY", "200ms");
            environment.put("MALIPO_DELIVERY_POLLINTERVAL", "200ms");
            environment.put("MALIPO_DELIVERY_QUICKRETRYDELAYMS", "100");
        }

        /** An environment variable of the child (these rank below {@link #property}). */
        public Builder env(String key, String value) {
            environment.put(key, value);
            return this;
        }

        /** A property given as a {@code --key=value} argument, above everything else. */
        public Builder property(String key, String value) {
            properties.put(key, value);
            return this;
        }

        /** Runs {@code java -jar target/malipo.jar}, the nested jar as built, instead of the unpacked one. */
        public Builder asBuilt() {
            asBuilt = true;
            return this;
        }

        /** The process, not started yet. */
        public MalipoProcess build() {
            Path dataDir;
            try {
                dataDir = Files.createTempDirectory("malipo-" + name + "-");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            environment.put("MALIPO_DATA_DIR", dataDir.toString());
            int port = freePort();
            environment.put("SERVER_PORT", Integer.toString(port));
            List<String> arguments = properties.entrySet().stream().map(p -> "--" + p.getKey() + "=" + p.getValue())
                    .toList();
            return new MalipoProcess(name, port, Map.copyOf(environment), asBuilt, arguments, dataDir);
        }
    }

    /**
     * The option that maps the archive {@code package} made for this JVM: the ahead-of-time cache
     * on Java 25 and later, the class data sharing archive before (Java 17 refuses the option of
     * the other, so the file alone does not decide).
     */
    private static Optional<String> startupArchive() {
        boolean aotCache = Runtime.version().feature() >= 25;
        Path archive = baseDir().resolve(aotCache ? "target/app/malipo.aot" : "target/app/malipo.jsa");
        return Files.isRegularFile(archive)
                ? Optional.of((aotCache ? "-XX:AOTCache=" : "-XX:SharedArchiveFile=") + archive)
                : Optional.empty();
    }

    /** Starts the jar; answers at once (see {@link #awaitHealthy}). */
    public synchronized MalipoProcess start() {
        assertThat(process == null || !process.isAlive()).as(name + " is already running").isTrue();
        Path jar = baseDir().resolve(asBuilt ? "target/malipo.jar" : "target/app/malipo.jar");
        assertThat(jar).as("the application jar; build it with ./mvnw package (verify does) before these tests")
                .isRegularFile();
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(JVM_FLAGS);
        if (!asBuilt) {
            startupArchive().ifPresent(command::add);
        }
        command.add("-jar");
        command.add(jar.toString());
        command.addAll(arguments);
        try {
            Path dir = Files.createDirectories(baseDir().resolve("target/faults"));
            Path log = dir.resolve(name + "-" + (logs.size() + 1) + ".log");
            logs.add(log);
            ProcessBuilder builder = new ProcessBuilder(command).directory(baseDir().toFile())
                    .redirectErrorStream(true).redirectOutput(log.toFile());
            // Only what this test sets: nothing of the test JVM's own Spring or Malipo settings.
            builder.environment().keySet().removeIf(k -> k.startsWith("SPRING_") || k.startsWith("MALIPO_")
                    || k.startsWith("SERVER_") || k.startsWith("JAVA_TOOL_OPTIONS"));
            builder.environment().putAll(environment);
            process = builder.start();
            RUNNING.add(process);
            return this;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Waits until {@code /actuator/health} answers 200; answers how long that took from now. */
    public Duration awaitHealthy(Duration within) {
        Instant began = Instant.now();
        Instant deadline = began.plus(within);
        while (!healthy()) {
            assertThat(process.isAlive()).as(name + " exited with " + (process.isAlive() ? "" : process.exitValue())
                    + " before it was healthy; see " + log()).isTrue();
            assertThat(Instant.now()).as(name + " to be healthy within " + within + "; see " + log())
                    .isBefore(deadline);
            pause(100);
        }
        return Duration.between(began, Instant.now());
    }

    /** Starts it and waits until it is healthy; answers the time that took. */
    public Duration startHealthy() {
        Instant began = Instant.now();
        start();
        awaitHealthy(Duration.ofSeconds(90));
        return Duration.between(began, Instant.now());
    }

    public boolean healthy() {
        try {
            HttpRequest request = HttpRequest.newBuilder(URI.create(baseUrl() + "/actuator/health"))
                    .timeout(Duration.ofSeconds(2)).build();
            return PROBE.send(request, HttpResponse.BodyHandlers.discarding()).statusCode() == 200;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** SIGKILL (what {@code kill -9} sends): no shutdown hook, no graceful anything. */
    public synchronized void kill() {
        if (process == null) {
            return;
        }
        process.destroyForcibly();
        awaitExit(Duration.ofSeconds(10));
    }

    /** SIGTERM, as a service manager stops it: Malipo shuts down gracefully. Answers how long that took. */
    public synchronized Duration stop() {
        Instant began = Instant.now();
        if (process != null && process.isAlive()) {
            process.destroy();
            if (!awaitExit(Duration.ofSeconds(45))) {
                process.destroyForcibly();
                awaitExit(Duration.ofSeconds(10));
                throw new AssertionError(name + " did not stop within 45 s of SIGTERM; see " + log());
            }
        }
        return Duration.between(began, Instant.now());
    }

    private boolean awaitExit(Duration within) {
        try {
            boolean exited = process.waitFor(within.toMillis(), TimeUnit.MILLISECONDS);
            if (exited) {
                RUNNING.remove(process);
            }
            return exited;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public boolean alive() {
        return process != null && process.isAlive();
    }

    public long pid() {
        return process.pid();
    }

    public int port() {
        return port;
    }

    public String name() {
        return name;
    }

    public String baseUrl() {
        return "http://127.0.0.1:" + port;
    }

    public Http http() {
        return new Http(baseUrl());
    }

    /** The log of the latest start. */
    public Path log() {
        return logs.isEmpty() ? null : logs.get(logs.size() - 1);
    }

    public List<Path> logs() {
        return List.copyOf(logs);
    }

    /**
     * A verified test-mode merchant onboarded through the admin API, with checkout credentials
     * and a client signing for it against this process.
     */
    public CheckoutClient onboardCheckoutMerchant(String name) {
        Http admin = http().bearer(PostgresIT.ADMIN_TOKEN);
        Http.Response created = admin.post("/admin/v1/merchants", "{\"name\": \"" + name
                + "\", \"email\": \"ops@duka.co.tz\"}", "Content-Type", "application/json");
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        String merchant = created.json().get("id").asText();
        assertThat(admin.post("/admin/v1/merchants/" + merchant + "/verify", "").status()).isEqualTo(200);
        Http.Response credential = admin.post("/admin/v1/merchants/" + merchant + "/checkout-credentials",
                "{\"livemode\": false}", "Content-Type", "application/json");
        assertThat(credential.status()).as("checkout credentials").isEqualTo(201);
        return new CheckoutClient(http(), Clock.systemUTC(), created.json().get("vendor").asText(),
                credential.json().get("api_key").asText(), credential.json().get("api_secret").asText());
    }

    /** Kills the process if it still runs, and removes its data directory. */
    @Override
    public void close() {
        kill();
        try (Stream<Path> files = Files.walk(dataDir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            System.err.println("Could not remove " + dataDir + ": " + e.getMessage());
        }
    }

    @Override
    public String toString() {
        return name + (process == null ? "" : " (pid " + process.pid() + ", port " + port + ")");
    }

    /** A TCP port nothing listens on right now. */
    public static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The project's directory: failsafe runs tests there and names it in {@code basedir}. */
    public static Path baseDir() {
        return Path.of(System.getProperty("basedir", "")).toAbsolutePath();
    }

    private static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
