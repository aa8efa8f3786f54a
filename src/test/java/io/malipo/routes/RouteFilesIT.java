package io.malipo.routes;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.malipo.channels.PaymentProperties;
import io.malipo.testsupport.Await;
import io.malipo.testsupport.PostgresIT;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.ProducerTemplate;
import org.apache.commons.codec.digest.DigestUtils;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * An operator changing the route folder of a running Malipo: a copy of routes/ in a folder of its
 * own, read every 200 ms. Each test puts the copy back as it was before the next one.
 */
class RouteFilesIT extends PostgresIT {

    private static final Path ROUTES = Path.of("routes");
    private static final Path FOLDER = copyOfRoutes();
    private static final String ROUTER = "channels.yaml";

    @Autowired
    CamelContext camel;
    @Autowired
    ProducerTemplate template;
    @Autowired
    MeterRegistry meters;

    @DynamicPropertySource
    static void routeFolder(DynamicPropertyRegistry registry) {
        registry.add("malipo.routes.directory", FOLDER::toString);
        registry.add("malipo.routes.poll-interval", () -> "200ms");
    }

    @AfterEach
    void putTheFolderBack() throws IOException {
        try (Stream<Path> files = Files.walk(FOLDER)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                if (!Files.exists(ROUTES.resolve(FOLDER.relativize(file)))) {
                    Files.delete(file);
                }
            }
        }
        copy(ROUTES, FOLDER);
        Map<String, String> original = new TreeMap<>();
        RouteFolder.read(ROUTES).forEach((path, content) -> original.put(path, DigestUtils.sha256Hex(content)));
        // The status alone could still be the edited version's: the listing follows a swap by moments.
        Await.until("the route files back as they were", () -> {
            Map<String, String> loaded = new TreeMap<>();
            routeFiles().forEach(file -> loaded.put(file.get("file").asText(),
                    file.get("status").asText().equals("LOADED") ? file.get("loaded").get("sha256").asText() : ""));
            return loaded.equals(original);
        });
    }

    @Test
    void anEditedRouterServesWithinSecondsAndABrokenEditLeavesItServing() throws IOException {
        String original = Files.readString(FOLDER.resolve(ROUTER));
        String edited = edit(original, "edited");
        Await.until("the edited router to serve and be listed", () -> "edited".equals(manualPaymentMark())
                && routeFile(ROUTER).map(file -> file.get("loaded").get("sha256").asText())
                        .filter(DigestUtils.sha256Hex(edited)::equals).isPresent());
        JsonNode loaded = routeFile(ROUTER).orElseThrow();
        assertThat(loaded.get("route_ids")).extracting(JsonNode::asText)
                .containsExactly("payment-route", "channel-wallet-pull", "channel-card", "channel-manual");
        assertThat(loaded.get("loaded").get("sha256").asText()).isEqualTo(loaded.get("on_disk_sha256").asText());
        double refusedBefore = refusedCount(ROUTER);

        String broken = marked(original, "broken").replaceFirst("uri: direct:channel-wallet-pull\n",
                "uri: nope:channel-wallet-pull\n");
        Files.writeString(FOLDER.resolve(ROUTER), broken);
        int brokenLine = (int) broken.substring(0, broken.indexOf("uri: nope:")).lines().count() - 1;

        Await.until("the broken router to be refused", () -> routeFile(ROUTER)
                .filter(file -> file.get("status").asText().equals("REFUSED")).isPresent());
        JsonNode refused = routeFile(ROUTER).orElseThrow();
        assertThat(refused.get("loaded").get("sha256")).isEqualTo(loaded.get("loaded").get("sha256"));
        assertThat(refused.get("last_error").get("line").asInt()).isEqualTo(brokenLine);
        assertThat(refused.get("last_error").get("message").asText())
                .isEqualTo("endpoint nope:channel-wallet-pull: there is no component nope in Malipo (a spelling mistake?)");
        assertThat(refusedCount(ROUTER)).isEqualTo(refusedBefore + 1);
        assertThat(manualPaymentMark()).isEqualTo("edited");
        assertThat(http.get("/actuator/health").json().get("components").get("routes").get("status").asText())
                .isEqualTo("DEGRADED");
        assertThat(http.get("/actuator/health").status()).isEqualTo(200);
    }

    @Test
    void aNewFileAddsItsRouteAndRemovingItStopsTheRouteOnceItsExchangesFinish() throws Exception {
        Path extra = FOLDER.resolve("extra.yaml");
        Files.writeString(extra, """
                - route:
                    id: extra-route
                    from:
                      uri: direct:extra-route
                      steps:
                        - delay:
                            constant: 1500
                        - setBody:
                            constant: done
                """);
        Await.until("the new route, listed", () -> camel.getRoute("extra-route") != null
                && routeFile("extra.yaml").isPresent());
        assertThat(routeFile("extra.yaml").orElseThrow().get("route_ids").get(0).asText()).isEqualTo("extra-route");

        Future<Object> inFlight = template.asyncRequestBody("direct:extra-route", "");
        Await.until("an exchange in the route", () -> camel.getInflightRepository().size("extra-route") == 1);
        Files.delete(extra);

        assertThat(inFlight.get(20, TimeUnit.SECONDS)).isEqualTo("done");
        Await.until("the route and its file gone", () -> camel.getRoute("extra-route") == null
                && routeFile("extra.yaml").isEmpty());
    }

    /** A new file that breaks a rule: refused with its line, nothing of it runs, the rest unchanged. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = ';', value = {
        "an unknown component; extra.yaml; 6; endpoint nope:x: there is no component nope",
        "the connector contract; providers/mobi.yaml; 1; a file in providers/ holds the routes of the connector",
        "a YAML mistake; broken.yaml; 5; while parsing a block mapping",
    })
    void aBrokenFileIsRefusedWithItsLine(String why, String file, int line, String message) throws IOException {
        String content = switch (file) {
            case "extra.yaml" -> "- route:\n    id: extra-route\n    from:\n      uri: direct:extra-route\n      steps:\n"
                    + "        - to: nope:x\n";
            case "providers/mobi.yaml" -> "- route:\n    id: mobi-request\n    routeConfigurationId: channel-errors\n"
                    + "    from:\n      uri: direct:mobi-request\n      steps:\n        - log: x\n";
            default -> "- route:\n    id: extra-route\n    from:\n      uri: direct:extra-route\n     steps:\n"
                    + "        - log: x\n";
        };
        Files.writeString(FOLDER.resolve(file), content);

        Await.until("the refusal of " + file, () -> routeFile(file).isPresent());
        JsonNode refused = routeFile(file).orElseThrow();
        assertThat(refused.get("status").asText()).isEqualTo("REFUSED");
        assertThat(refused.has("loaded")).isFalse();
        assertThat(refused.get("route_ids")).isEmpty();
        assertThat(refused.get("last_error").get("line").asInt()).as(refused.toString()).isEqualTo(line);
        assertThat(refused.get("last_error").get("message").asText()).contains(message);
        assertThat(camel.getRoute("extra-route")).isNull();
        assertThat(camel.getRoute("mobi-request")).isNull();
    }

    @Test
    void theRouteFilesNeedTheAdminToken() {
        assertThat(http.get("/admin/v1/routes").status()).isEqualTo(401);
        assertThat(admin.get("/admin/v1/routes").json().get("directory").asText()).isEqualTo(FOLDER.toString());
    }

    /** The router with channel-manual marking the exchange, so a test sees which version served it. */
    private static String edit(String router, String mark) throws IOException {
        String edited = marked(router, mark);
        Files.writeString(FOLDER.resolve(ROUTER), edited);
        return edited;
    }

    private static String marked(String router, String mark) {
        String manual = "        - setProperty:\n            name: malipoOutcome\n            constant: ACCEPTED\n";
        assertThat(router).endsWith(manual);
        return router + "        - setProperty:\n            name: malipoRouterMark\n            constant: " + mark + "\n";
    }

    private String manualPaymentMark() {
        Exchange routed = template.send("direct:payment-route",
                exchange -> exchange.setProperty(PaymentProperties.CHANNEL, "MANUAL"));
        return routed.getProperty("malipoRouterMark", String.class);
    }

    private double refusedCount(String file) {
        Counter counter = meters.find("malipo.routes.refused").tag("file", file).counter();
        return counter == null ? 0 : counter.count();
    }

    private JsonNode routeFiles() {
        return admin.get("/admin/v1/routes").json().get("files");
    }

    private Optional<JsonNode> routeFile(String path) {
        return StreamSupport.stream(routeFiles().spliterator(), false)
                .filter(file -> file.get("file").asText().equals(path)).findFirst();
    }

    private static Path copyOfRoutes() {
        try {
            Path folder = Files.createTempDirectory("malipo-routes");
            copy(ROUTES, folder);
            return folder;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void copy(Path from, Path to) throws IOException {
        for (Map.Entry<String, byte[]> file : RouteFolder.read(from).entrySet()) {
            Path target = to.resolve(file.getKey());
            Files.createDirectories(target.getParent());
            if (!Files.exists(target) || !Arrays.equals(Files.readAllBytes(target), file.getValue())) {
                Files.write(target, file.getValue());
            }
        }
    }
}
