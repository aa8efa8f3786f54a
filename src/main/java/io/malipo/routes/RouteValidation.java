package io.malipo.routes;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.spi.PropertiesSource;
import org.springframework.boot.context.config.ConfigDataEnvironmentPostProcessor;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.core.env.Environment;
import org.springframework.core.env.SimpleCommandLinePropertySource;
import org.springframework.core.env.StandardEnvironment;

/**
 * {@code java -jar malipo.jar --validate-routes <folder> [--setting=value ...]}: the checks Malipo
 * runs on route files before it loads them, on a folder, without a web server or a database, for
 * an operator's CI. Settings come from application.yaml, the profile files of
 * SPRING_PROFILES_ACTIVE, the environment and the arguments, as when Malipo starts. Malipo's own
 * route ids are not known here, so a file reusing one is refused only when Malipo loads it.
 */
public final class RouteValidation {

    public static final String OPTION = "--validate-routes";

    private RouteValidation() {
    }

    /** The settings Malipo would start with, plus {@code --setting=value} arguments. */
    static StandardEnvironment environment(String... settings) {
        StandardEnvironment environment = new StandardEnvironment();
        environment.getPropertySources().addFirst(new SimpleCommandLinePropertySource(settings));
        ConfigDataEnvironmentPostProcessor.applyTo(environment);
        ConfigurationPropertySources.attach(environment);
        return environment;
    }

    /** A Camel context that only reads: it resolves {{placeholders}} from the environment's settings. */
    static DefaultCamelContext camel(Environment environment) {
        DefaultCamelContext camel = new DefaultCamelContext();
        camel.getPropertiesComponent().addPropertiesSource(new PropertiesSource() {
            @Override
            public String getName() {
                return "malipo-settings";
            }

            @Override
            public String getProperty(String name) {
                return environment.getProperty(name);
            }
        });
        camel.build();
        return camel;
    }

    /** Prints each file's verdict ({@code file:line: message}); 0 when every file passes, 1 otherwise. */
    public static int run(String[] args, PrintStream out) {
        if (args.length == 0 || args[0].startsWith("--")) {
            out.println("Usage: java -jar malipo.jar " + OPTION + " <route folder> [--setting=value ...]");
            return 1;
        }
        String shown = args[0].replaceAll("/+$", "");
        Path folder = Path.of(args[0]).toAbsolutePath().normalize();
        StandardEnvironment environment = environment(Arrays.copyOfRange(args, 1, args.length));
        try (DefaultCamelContext camel = camel(environment)) {
            RouteContract contract = RouteContract.of(environment);
            RouteFileReader reader = new RouteFileReader(camel, contract);
            Map<String, byte[]> disk = RouteFolder.read(folder);
            Map<String, Parsed> read = new TreeMap<>();
            disk.forEach((path, content) -> read.put(path, reader.read(path, folder.resolve(path), content)));
            RouteFolderCheck check = new RouteFolderCheck(contract, RouteFolderCheck.OwnRoutes.UNKNOWN);
            RouteFolderCheck.Outcome outcome = check.settle(Map.of(), read, Set.of());
            for (String path : read.keySet()) {
                List<Problem> problems = outcome.refused().get(path);
                if (problems == null) {
                    List<String> ids = outcome.running().get(path).routeIds();
                    out.println(shown + "/" + path + ": ok, " + ids.size() + (ids.size() == 1 ? " route" : " routes"));
                } else {
                    problems.forEach(problem -> out.println(problem.describe(shown)));
                }
            }
            Set<String> unserved = check.unserved(outcome.running());
            unserved.forEach(name -> out.println(shown + ": no file serves direct:" + name + ", which Malipo calls"));
            out.println(read.size() + (read.size() == 1 ? " file" : " files") + " checked, "
                    + outcome.refused().size() + " refused");
            return outcome.refused().isEmpty() && unserved.isEmpty() ? 0 : 1;
        } catch (NoSuchFileException e) {
            out.println(shown + ": no such folder");
            return 1;
        } catch (IOException | RuntimeException e) {
            out.println(shown + ": the route files could not be checked: " + e);
            return 1;
        }
    }
}
