package io.malipo.routes;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.core.env.StandardEnvironment;

/**
 * The rules of routes/README.md, each broken once in a copy of the real route folder, and the
 * offline check operators run in CI. No Spring context: the checks need only Camel's YAML DSL and
 * the settings of application.yaml.
 */
class RouteFilesCheckTest {

    private static final Path ROUTES = Path.of("routes");
    private static DefaultCamelContext camel;
    private static RouteFileReader reader;
    private static RouteFolderCheck check;

    @BeforeAll
    static void offline() {
        StandardEnvironment environment = RouteValidation.environment();
        camel = RouteValidation.camel(environment);
        RouteContract contract = RouteContract.of(environment);
        reader = new RouteFileReader(camel, contract);
        check = new RouteFolderCheck(contract,
                new RouteFolderCheck.OwnRoutes(Set.of("payments-reconcile"), Set.of("payments-reconcile")));
    }

    @AfterAll
    static void close() throws IOException {
        camel.close();
    }

    @Test
    void theRoutesFolderPassesEveryCheck() throws IOException {
        assertThat(problems(Map.of())).isEmpty();
    }

    /** File, its content (| for new lines), and the problem expected as file:line: message. */
    @ParameterizedTest(name = "{3}")
    @CsvSource(delimiter = ';', value = {
        "extra.yaml; - route:|    id: extra-route|    from:|      uri: direct:extra-route|      steps:|        - to:|"
                + "            uri: nope:somewhere; extra.yaml:6: endpoint nope:somewhere: there is no component nope",
        "extra.yaml; - route:|    id: extra-route|    from:|      uri: direct:extra-route|      steps:|        - to:|"
                + "            uri: direct:extra-route?timeoutt=5; extra.yaml:6: endpoint direct:extra-route?timeoutt=5: "
                + "unknown option timeoutt",
        "extra.yaml; - route:|    id: extra-route|    from:|      uri: direct:extra-route|     steps:|        - log: x;"
                + " extra.yaml:5: while parsing a block mapping: expected <block end>",
        "extra.yaml; - route:|    id: extra-route|    from:|      uri: direct:extra-route|      steps:|        - tooo:|"
                + "            uri: direct:channel-card; extra.yaml:6: Unknown node id: tooo",
        "extra.yaml; - route:|    from:|      uri: direct:extra-route|      steps:|        - log: x;"
                + " extra.yaml:1: every route needs an explicit id",
        "extra.yaml; - route:|    id: Extra_Route|    from:|      uri: direct:Extra_Route|      steps:|        - log: x;"
                + " extra.yaml:1: route id Extra_Route must be kebab-case",
        "extra.yaml; - route:|    id: extra-route|    from:|      uri: direct:other-name|      steps:|        - log: x;"
                + " extra.yaml:1: route extra-route serves direct:other-name",
        "extra.yaml; - route:|    id: extra-route|    from:|      uri: platform-http:/open|      steps:|        - log: x;"
                + " extra.yaml:1: a route starts from direct:",
        "extra.yaml; - beans:|    - name: sneaky|      type: java.lang.Object; extra.yaml:1: only route and "
                + "routeConfiguration items belong in a route file (found beans)",
        "extra.yaml; - route:|    id: channel-card|    from:|      uri: direct:channel-card|      steps:|        - log: x;"
                + " extra.yaml:1: id channel-card is taken by channels.yaml",
        "extra.yaml; - route:|    id: payments-reconcile|    from:|      uri: direct:payments-reconcile|      steps:|"
                + "        - log: x; extra.yaml:1: id payments-reconcile is taken by Malipo itself",
        "extra.yaml; - route:|    id: extra-route|    from:|      uri: direct:extra-route|      steps:|        - to:|"
                + "            uri: direct:ledger-post; extra.yaml:6: calls direct:ledger-post, which no route file serves",
        "extra.yaml; - route:|    id: extra-route|    from:|      uri: direct:extra-route|      steps:|        - toD:|"
                + "            uri: direct:nothing-${header.x}; extra.yaml:6: calls direct:nothing-${header.x}",
        "extra.yaml; - route:|    id: extra-route|    from:|      uri: direct:extra-route|      steps:|        - bean:|"
                + "            ref: dataSource; extra.yaml:6: there is no bean dataSource for route files",
        "extra.yaml; - route:|    id: extra-route|    from:|      uri: direct:extra-route|      steps:|        - bean:|"
                + "            ref: providerCrypto|            method: \"rsa(${exchangeProperty.k})\"; extra.yaml:6: bean "
                + "providerCrypto has no method rsa that takes 1 argument",
        "extra.yaml; - route:|    id: extra-route|    from:|      uri: direct:extra-route|      steps:|"
                + "        - setBody:|            simple: \"${body[x]\"; extra.yaml:6: simple expression:",
        "extra.yaml; - route:|    id: extra-route|    from:|      uri: \"quartz:x/y?cron={{malipo.schedules.nope}}\"|"
                + "      steps:|        - to: direct:orders-expire-due; extra.yaml:4: setting malipo.schedules.nope has "
                + "no value",
        "extra.yaml; - route:|    id: extra-route|    routeConfigurationId: api-errors|    from:|"
                + "      uri: direct:extra-route|      steps:|        - log: x; extra.yaml:1: routeConfigurationId "
                + "api-errors is neither Malipo's (channel-errors) nor a routeConfiguration of this file",
        "extra.yaml; - route:|    id: connector-card-extra|    from:|      uri: direct:connector-card-extra|      steps:|"
                + "        - log: x; extra.yaml:1: connector routes belong in providers/<connector>.yaml",
        "providers/mobi.yaml; - route:|    id: mobi-request|    routeConfigurationId: channel-errors|    from:|"
                + "      uri: direct:mobi-request|      steps:|        - log: x; providers/mobi.yaml:1: a file in providers/"
                + " holds the routes of the connector its name gives: route mobi-request should be connector-mobi-",
        "providers/mobi.yaml; - route:|    id: connector-mobi-request|    from:|      uri: direct:connector-mobi-request|"
                + "      steps:|        - log: x; providers/mobi.yaml:1: a connector route opts into routeConfigurationId:"
                + " channel-errors",
        "providers/mobi.yaml; - route:|    id: connector-mobi-request|    routeConfigurationId: channel-errors|"
                + "    from:|      uri: direct:connector-mobi-request|      steps:|        - enrich:|"
                + "            expression:|              simple: direct:x; providers/mobi.yaml:7: enrich picks what it "
                + "calls while running",
    })
    void aFileBreakingARuleIsRefusedWithItsLine(String file, String content, String expected) throws IOException {
        assertThat(problems(Map.of(file, content.replace('|', '\n'))))
                .anySatisfy(problem -> assertThat(problem).startsWith(expected));
    }

    @Test
    void aBeanMethodWrittenWithItsArgumentsMayBeCalled() throws IOException {
        String extra = "- route:\n    id: extra-route\n    from:\n      uri: direct:extra-route\n      steps:\n"
                + "        - bean:\n            ref: providerCrypto\n            method: \"rsa(${exchangeProperty."
                + "malipoProviderCredentials[public-key]}, ${exchangeProperty.malipoProviderApiKey})\"\n"
                + "        - bean:\n            ref: providerSessions\n            method: lookup\n";

        assertThat(problems(Map.of("extra.yaml", extra))).isEmpty();
    }

    @Test
    void aFileCallingARouteOfAnotherFileIsRefusedIfThatFileIsRefused() throws IOException {
        String caller = "- route:\n    id: extra-route\n    from:\n      uri: direct:extra-route\n      steps:\n"
                + "        - to: direct:helper-route\n";
        String brokenHelper = "- route:\n    id: helper-route\n    from:\n      uri: direct:helper-route\n      steps:\n"
                + "        - to: nope:x\n";

        assertThat(problems(Map.of("extra.yaml", caller, "helper.yaml", brokenHelper)))
                .anySatisfy(problem -> assertThat(problem).startsWith("helper.yaml:6: endpoint nope:x"))
                .anySatisfy(problem -> assertThat(problem).startsWith("extra.yaml:6: calls direct:helper-route"));
    }

    @Test
    void aChangeThatTakesAwayWhatMalipoCallsIsRefusedAndTheRunningVersionStays() throws IOException {
        Map<String, RouteFile> running = check.settle(Map.of(), read(Map.of()), Set.of()).running();
        String withoutRouter = Files.readString(ROUTES.resolve("channels.yaml"))
                .replace("id: payment-route", "id: payment-router").replace("uri: direct:payment-route",
                        "uri: direct:payment-router");

        RouteFolderCheck.Outcome edited = check.settle(running,
                Map.of("channels.yaml", reader.read("channels.yaml", Path.of("channels.yaml"),
                        withoutRouter.getBytes(StandardCharsets.UTF_8))), Set.of());
        RouteFolderCheck.Outcome removed = check.settle(running, Map.of(), Set.of("channels.yaml"));

        for (RouteFolderCheck.Outcome outcome : List.of(edited, removed)) {
            assertThat(outcome.refused().get("channels.yaml")).extracting(Problem::message)
                    .anySatisfy(message -> assertThat(message).contains("direct:payment-route, which Malipo itself calls"));
            assertThat(outcome.running().get("channels.yaml")).isSameAs(running.get("channels.yaml"));
        }
        assertThat(check.settle(running, Map.of(), Set.of("schedules.yaml")).running()).doesNotContainKey(
                "schedules.yaml");
    }

    @Test
    void theValidateCommandPrintsEachVerdictAndExitsOneOnABrokenFile(@TempDir Path folder) throws IOException {
        copyRoutes(folder);
        Path channels = folder.resolve("channels.yaml");
        String router = Files.readString(channels);
        Files.writeString(channels, router.replaceFirst("uri: direct:channel-manual", "uri: direct:channel-manuel"));
        long toStep = router.substring(0, router.indexOf("uri: direct:channel-manual")).lines().count() - 1;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();

        int broken = RouteValidation.run(new String[] {folder.toString()}, new PrintStream(printed, true,
                StandardCharsets.UTF_8));
        String output = printed.toString(StandardCharsets.UTF_8);

        assertThat(broken).as(output).isEqualTo(1);
        assertThat(output).contains(folder + "/channels.yaml:" + toStep + ": calls direct:channel-manuel")
                .contains(folder + "/schedules.yaml: ok, 6 routes")
                .contains(RouteFolder.read(ROUTES).size() + " files checked, 1 refused");

        Files.copy(ROUTES.resolve("channels.yaml"), channels, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        assertThat(RouteValidation.run(new String[] {folder.toString()}, new PrintStream(new ByteArrayOutputStream(),
                true, StandardCharsets.UTF_8))).isZero();
    }

    @Test
    void aMissingRouteFolderStopsTheStartWithWhatToDo() {
        var analysis = new RouteFilesFailure().analyze(RouteFilesException.missingFolder(Path.of("/no/such/routes")));

        assertThat(analysis.getDescription()).isEqualTo("The route files could not be read: /no/such/routes does not exist.");
        assertThat(analysis.getAction()).contains("malipo.routes.directory", "MALIPO_ROUTES_DIRECTORY");
    }

    /** Every problem of the real folder with these files added or replaced, as file:line: message. */
    private static List<String> problems(Map<String, String> files) throws IOException {
        RouteFolderCheck.Outcome outcome = check.settle(Map.of(), read(files), Set.of());
        List<String> problems = new ArrayList<>();
        outcome.refused().values().forEach(found -> found.forEach(problem -> problems.add(problem.describe(""))));
        check.unserved(outcome.running()).forEach(name -> problems.add("unserved direct:" + name));
        return problems;
    }

    private static Map<String, Parsed> read(Map<String, String> replaced) throws IOException {
        Map<String, byte[]> folder = new TreeMap<>(RouteFolder.read(ROUTES));
        replaced.forEach((path, content) -> folder.put(path, content.getBytes(StandardCharsets.UTF_8)));
        Map<String, Parsed> read = new TreeMap<>();
        folder.forEach((path, content) -> read.put(path, reader.read(path, ROUTES.resolve(path), content)));
        return read;
    }

    private static void copyRoutes(Path target) throws IOException {
        for (Map.Entry<String, byte[]> file : RouteFolder.read(ROUTES).entrySet()) {
            Path to = target.resolve(file.getKey());
            Files.createDirectories(to.getParent());
            Files.write(to, file.getValue());
        }
    }
}
