package io.malipo.routes;

import io.malipo.common.ErrorRouteConfigurations;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.camel.CamelContext;
import org.apache.camel.RouteConfigurationsBuilder;
import org.apache.camel.RoutesBuilder;
import org.apache.camel.Component;
import org.apache.camel.Exchange;
import org.apache.camel.NoSuchLanguageException;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.builder.RouteConfigurationBuilder;
import org.apache.camel.catalog.EndpointValidationResult;
import org.apache.camel.catalog.impl.DefaultRuntimeCamelCatalog;
import org.apache.camel.model.BeanDefinition;
import org.apache.camel.model.CatchDefinition;
import org.apache.camel.model.ChoiceDefinition;
import org.apache.camel.model.DynamicRouterDefinition;
import org.apache.camel.model.EnrichDefinition;
import org.apache.camel.model.ExpressionNode;
import org.apache.camel.model.FilterDefinition;
import org.apache.camel.model.MarshalDefinition;
import org.apache.camel.model.OnExceptionDefinition;
import org.apache.camel.model.PollEnrichDefinition;
import org.apache.camel.model.ProcessDefinition;
import org.apache.camel.model.ProcessorDefinition;
import org.apache.camel.model.ProcessorDefinitionHelper;
import org.apache.camel.model.RecipientListDefinition;
import org.apache.camel.model.RouteConfigurationDefinition;
import org.apache.camel.model.RouteDefinition;
import org.apache.camel.model.RoutingSlipDefinition;
import org.apache.camel.model.SendDefinition;
import org.apache.camel.model.ThrowExceptionDefinition;
import org.apache.camel.model.ToDynamicDefinition;
import org.apache.camel.model.UnmarshalDefinition;
import org.apache.camel.model.ValidateDefinition;
import org.apache.camel.model.WhenDefinition;
import org.apache.camel.model.language.ExpressionDefinition;
import org.apache.camel.spi.Language;
import org.apache.camel.spi.RoutesBuilderLoader;
import org.apache.camel.support.PluginHelper;
import org.apache.camel.support.ResourceHelper;
import org.apache.commons.codec.digest.DigestUtils;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.api.lowlevel.Compose;
import org.snakeyaml.engine.v2.exceptions.MarkedYamlEngineException;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.SequenceNode;

/**
 * Reads one version of a route file into Camel definitions and checks everything that can be
 * checked of it alone (routes/README.md lists the rules): the YAML, the items it holds, route ids,
 * the connector contract of providers/, every endpoint against its component's own description,
 * every placeholder against the settings, every simple expression, bean, exception class and data
 * format. Nothing is created or started: a refused file leaves no trace in the Camel context.
 */
final class RouteFileReader {

    private static final Pattern KEBAB = Pattern.compile("[a-z0-9]+(-[a-z0-9]+)*");
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{(.+?)}}");
    private static final Pattern DYNAMIC = Pattern.compile("\\$\\{[^}]*}");
    private static final String DIRECT = "direct";
    /** The provider's base URL, set by Malipo: the one endpoint whose component is not written out. */
    private static final String PROVIDER_URL = "${exchangeProperty.malipoProviderUrl}";
    /**
     * A provider's base URL a connector route set itself (an aggregator with separate token and
     * status hosts): ${exchangeProperty.malipo…Url}.
     */
    private static final Pattern CONNECTOR_URL = Pattern.compile("^\\$\\{exchangeProperty\\.malipo[A-Za-z]*Url}");
    private static final Set<String> CONSUMERS = Set.of(DIRECT, "quartz");
    private static final Set<String> ITEMS = Set.of("route", "routeConfiguration");
    private static final String PROVIDERS = "providers/";
    /** Test-mode simulators of providers' APIs: they alone may declare REST verbs, under /sandbox/. */
    private static final String SANDBOX = "sandbox/";
    /** Steps that pick their endpoint or processor at run time, out of reach of any check. */
    private static final Map<Class<?>, String> UNCHECKABLE = Map.of(
            EnrichDefinition.class, "enrich", PollEnrichDefinition.class, "pollEnrich",
            RecipientListDefinition.class, "recipientList", RoutingSlipDefinition.class, "routingSlip",
            DynamicRouterDefinition.class, "dynamicRouter", ProcessDefinition.class, "process");

    private final CamelContext camel;
    private final RouteContract contract;
    private final RoutesBuilderLoader yaml;
    private final DefaultRuntimeCamelCatalog catalog;
    private final Language simple;

    RouteFileReader(CamelContext camel, RouteContract contract) {
        this.camel = camel;
        this.contract = contract;
        try {
            this.yaml = PluginHelper.getRoutesLoader(camel).getRoutesLoader("yaml");
        } catch (Exception e) {
            throw new IllegalStateException("Camel's YAML DSL is missing", e);
        }
        this.catalog = new DefaultRuntimeCamelCatalog();
        this.catalog.setCamelContext(camel);
        this.catalog.start();
        this.simple = camel.resolveLanguage("simple");
    }

    /**
     * Puts a checked file's route configurations and routes into Camel as Camel's own loader does,
     * through a builder read afresh from the same bytes: definitions handed to the model one by one
     * do not get the error handler of a route configuration of their file (callbacks.yaml's quick
     * retries).
     */
    void install(RouteFile file, Path location) throws Exception {
        RoutesBuilder builder = yaml.loadRoutesBuilder(ResourceHelper.fromBytes("file:" + location, file.content()));
        if (builder instanceof RouteConfigurationsBuilder configurations) {
            configurations.addRouteConfigurationsToCamelContext(camel);
        }
        builder.addRoutesToCamelContext(camel);
    }

    /**
     * @param path relative to the route folder, with forward slashes
     * @param location where the file is, for Camel's own record of where a route came from
     */
    Parsed read(String path, Path location, byte[] content) {
        String sha256 = DigestUtils.sha256Hex(content);
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(content)).toString();
        } catch (CharacterCodingException e) {
            return Parsed.refused(path, sha256, List.of(new Problem(path, 0, "is not UTF-8 text")));
        }
        Checks checks = new Checks(path);
        if (!checks.structure(text)) {
            return Parsed.refused(path, sha256, checks.problems);
        }
        List<RouteDefinition> routes;
        List<RouteConfigurationDefinition> configurations;
        try {
            RouteBuilder builder = (RouteBuilder) yaml.loadRoutesBuilder(
                    ResourceHelper.fromBytes("file:" + location, content));
            routes = List.copyOf(builder.configureRoutes(camel).getRoutes());
            RouteConfigurationBuilder configurationBuilder = (RouteConfigurationBuilder) builder;
            configurationBuilder.configuration();
            configurations = List.copyOf(configurationBuilder.getRouteConfigurationCollection().getRouteConfigurations());
        } catch (Exception e) {
            return Parsed.refused(path, sha256, List.of(checks.failure(e)));
        }
        RouteFile file = checks.definitions(sha256, content, routes, configurations);
        checks.placeholders(text);
        checks.problems.sort(Comparator.comparingInt(Problem::line));
        return checks.problems.isEmpty() ? Parsed.accepted(file) : Parsed.refused(path, sha256, checks.problems);
    }

    /** The problems of one file, in the order they were found. */
    private final class Checks {

        private final String path;
        private final List<Problem> problems = new ArrayList<>();
        private final List<RouteFile.Owned> ids = new ArrayList<>();
        private final Map<String, Integer> serves = new LinkedHashMap<>();
        private final List<RouteFile.Call> calls = new ArrayList<>();

        Checks(String path) {
            this.path = path;
        }

        private void problem(int line, String message) {
            problems.add(new Problem(path, Math.max(line, 0), message));
        }

        /**
         * A YAML list of route and routeConfiguration items, and nothing else: beans, REST
         * services, interceptors or error handlers for the whole context would reach beyond the
         * file, and Camel would apply some of them while reading it.
         */
        boolean structure(String text) {
            List<Node> documents = new ArrayList<>();
            try {
                new Compose(LoadSettings.builder().setLabel(path).build()).composeAllFromString(text)
                        .forEach(documents::add);
            } catch (YamlEngineException e) {
                problems.add(failure(e));
                return false;
            }
            if (documents.size() > 1) {
                problem(line(documents.get(1)), "holds more than one YAML document: one list of routes per file");
            }
            if (documents.isEmpty()) {
                return problems.isEmpty();
            }
            if (!(documents.get(0) instanceof SequenceNode list)) {
                problem(line(documents.get(0)), "must be a YAML list of route and routeConfiguration items");
                return false;
            }
            for (Node item : list.getValue()) {
                String key = item instanceof MappingNode map && map.getValue().size() == 1
                        && map.getValue().get(0).getKeyNode() instanceof ScalarNode scalar ? scalar.getValue() : null;
                boolean rest = "rest".equals(key) && path.startsWith(SANDBOX);
                if (key == null || !ITEMS.contains(key) && !rest) {
                    problem(line(item), "only route and routeConfiguration items belong in a route file"
                            + (key == null ? "" : " (found " + key + ")")
                            + ("rest".equals(key) ? "; REST verbs belong to a simulator in " + SANDBOX : ""));
                } else if (rest) {
                    sandboxPaths(item);
                }
            }
            return problems.isEmpty();
        }

        /** A simulator's REST verbs live under /sandbox/, where only test mode's calls go. */
        private void sandboxPaths(Node item) {
            Node rest = ((MappingNode) item).getValue().get(0).getValueNode();
            String restPath = rest instanceof MappingNode map ? map.getValue().stream()
                    .filter(t -> t.getKeyNode() instanceof ScalarNode k && "path".equals(k.getValue())
                            && t.getValueNode() instanceof ScalarNode)
                    .map(t -> ((ScalarNode) t.getValueNode()).getValue()).findFirst().orElse(null) : null;
            if (restPath == null || !restPath.startsWith("/sandbox/")) {
                problem(line(item), "a simulator's rest block sets path: /sandbox/{provider}, where only test mode "
                        + "calls (found " + restPath + ")");
            }
        }

        /** Camel's and the YAML parser's failures name a line; others are the file's. */
        Problem failure(Throwable failure) {
            for (Throwable t = failure; t != null; t = t.getCause()) {
                if (t instanceof MarkedYamlEngineException marked) {
                    String message = marked.getProblem() == null ? firstLine(marked.getMessage()) : marked.getProblem();
                    if (marked.getContext() != null) {
                        message = marked.getContext() + ": " + message;
                    }
                    return new Problem(path, marked.getProblemMark().map(mark -> mark.getLine() + 1).orElse(0),
                            message);
                }
            }
            Throwable root = failure;
            while (root.getCause() != null && root.getCause() != root) {
                root = root.getCause();
            }
            return new Problem(path, 0, root.getMessage() == null ? root.getClass().getSimpleName()
                    : firstLine(root.getMessage()));
        }

        RouteFile definitions(String sha256, byte[] content, List<RouteDefinition> routes,
                List<RouteConfigurationDefinition> configurations) {
            Set<String> ownConfigurations = new TreeSet<>();
            for (RouteConfigurationDefinition configuration : configurations) {
                int line = configuration.getLineNumber();
                if (id(configuration.getId(), configuration.hasCustomIdAssigned(), line, "routeConfiguration")) {
                    ownConfigurations.add(configuration.getId());
                }
                for (OnExceptionDefinition onException : configuration.getOnExceptions()) {
                    onException.getExceptions().forEach(type -> exceptionClass(type, onException.getLineNumber()));
                }
            }
            for (RouteDefinition route : routes) {
                // A simulator's REST verbs become routes of Camel's making (from rest:, with its
                // binding): what the file wrote of them was checked as a rest block.
                String from = route.getInput() == null ? "" : String.valueOf(route.getInput().getEndpointUri());
                if (!Boolean.TRUE.equals(route.isRest()) && !from.startsWith("rest:")) {
                    route(route, ownConfigurations);
                }
            }
            return new RouteFile(path, sha256, content, routes, configurations, List.copyOf(ids),
                    Map.copyOf(serves), List.copyOf(calls));
        }

        private boolean id(String id, boolean explicit, int line, String what) {
            if (id == null || !explicit) {
                problem(line, "every " + what + " needs an explicit id (kebab-case, e.g. channel-card)");
                return false;
            }
            if (!KEBAB.matcher(id).matches()) {
                problem(line, what + " id " + id + " must be kebab-case: lower-case letters and digits joined by -");
                return false;
            }
            ids.add(new RouteFile.Owned(id, Math.max(line, 0)));
            return true;
        }

        private void route(RouteDefinition route, Set<String> ownConfigurations) {
            int line = route.getLineNumber();
            boolean named = id(route.getId(), route.hasCustomIdAssigned(), line, "route");
            String id = named ? route.getId() : null;
            String from = route.getInput() == null ? null : route.getInput().getEndpointUri();
            String scheme = from == null ? null : scheme(from);
            if (from == null || !CONSUMERS.contains(scheme)) {
                problem(line, "a route starts from direct: (called by Malipo or another route) or quartz: (a "
                        + "schedule run once per cluster), not " + (scheme == null ? "nothing" : scheme + ":"));
            } else {
                endpoint(from, line, true);
                if (DIRECT.equals(scheme)) {
                    String name = directName(from);
                    serves.put(name, Math.max(line, 0));
                    if (id != null && !id.equals(name)) {
                        problem(line, "route " + id + " serves direct:" + name + ": a route's id is the name of the "
                                + "direct: endpoint it serves");
                    }
                }
            }
            routeConfigurations(route, ownConfigurations);
            if (path.startsWith(PROVIDERS)) {
                connector(route, id, line);
            } else if (id != null && id.startsWith("connector-")) {
                problem(line, "connector routes belong in " + PROVIDERS + "<connector>.yaml");
            }
            // A route configuration of Malipo's own (api-errors) may already have put its onException
            // clauses into a route read by a running Malipo: those are Java's, not the file's.
            List<ProcessorDefinition<?>> written = route.getOutputs().stream()
                    .filter(output -> !(output instanceof OnExceptionDefinition)).toList();
            for (ProcessorDefinition<?> step : ProcessorDefinitionHelper.filterTypeInOutputs(written,
                    ProcessorDefinition.class)) {
                step(step);
            }
        }

        private void routeConfigurations(RouteDefinition route, Set<String> ownConfigurations) {
            String configured = route.getRouteConfigurationId();
            if (configured == null) {
                return;
            }
            for (String name : configured.split(",")) {
                String wanted = name.strip();
                boolean simulator = path.startsWith(SANDBOX) && ErrorRouteConfigurations.TOKEN_API.equals(wanted);
                if (!contract.routeConfigurations().contains(wanted) && !ownConfigurations.contains(wanted)
                        && !simulator) {
                    problem(route.getLineNumber(), "routeConfigurationId " + wanted + " is neither Malipo's ("
                            + String.join(", ", new TreeSet<>(contract.routeConfigurations()))
                            + ") nor a routeConfiguration of this file");
                }
            }
        }

        /** providers/&lt;connector&gt;.yaml holds that connector's routes and nothing else. */
        private void connector(RouteDefinition route, String id, int line) {
            String connector = connectorName(path);
            String routes = RouteContract.CONNECTOR_ROUTES.stream().sorted().collect(Collectors.joining("|"));
            // Besides the routes Malipo calls, a connector may keep helpers of its own (a token fetch).
            if (id != null && !id.startsWith("connector-" + connector + "-")) {
                problem(line, "a file in " + PROVIDERS + " holds the routes of the connector its name gives: route "
                        + id + " should be connector-" + connector + "-(" + routes + ") or another connector-"
                        + connector + "-… route of its own");
            }
            String configured = route.getRouteConfigurationId();
            String errors = String.join(", ", new TreeSet<>(contract.routeConfigurations()));
            if (configured == null || Arrays.stream(configured.split(",")).map(String::strip)
                    .noneMatch(contract.routeConfigurations()::contains)) {
                problem(line, "a connector route opts into routeConfigurationId: " + errors + ", so its failures go "
                        + "back to the Malipo route that called it");
            }
        }

        private void step(ProcessorDefinition<?> step) {
            int line = step.getLineNumber();
            String uncheckable = UNCHECKABLE.get(step.getClass());
            // A step with no line in the file is Camel's or Malipo's making (a REST binding, an
            // error handler's clause), not something the file wrote.
            if (uncheckable != null && line > 0) {
                problem(line, uncheckable + " picks what it calls while running, which cannot be checked: call "
                        + "endpoints with to or toD, and Malipo's beans with bean");
            } else if (step instanceof SendDefinition<?> send) {
                endpoint(send.getEndpointUri(), line, false);
                call(send.getEndpointUri(), line);
            } else if (step instanceof ToDynamicDefinition dynamic) {
                dynamicEndpoint(dynamic.getUri(), line);
            } else if (step instanceof BeanDefinition bean) {
                bean(bean, line);
            } else if (step instanceof ChoiceDefinition choice) {
                choice.getWhenClauses().forEach(when -> expression(when.getExpression(), when.getLineNumber(), true));
            } else if (step instanceof CatchDefinition caught) {
                caught.getExceptions().forEach(type -> exceptionClass(type, line));
                if (caught.getOnWhen() != null) {
                    expression(caught.getOnWhen().getExpression(), line, true);
                }
            } else if (step instanceof ThrowExceptionDefinition thrown) {
                if (thrown.getExceptionType() != null) {
                    exceptionClass(thrown.getExceptionType(), line);
                }
                if (thrown.getMessage() != null) {
                    simple(thrown.getMessage(), line, false);
                }
            } else if (step instanceof MarshalDefinition marshal) {
                dataFormat(marshal.getDataFormatType() == null ? null
                        : marshal.getDataFormatType().getDataFormatName(), line);
            } else if (step instanceof UnmarshalDefinition unmarshal) {
                dataFormat(unmarshal.getDataFormatType() == null ? null
                        : unmarshal.getDataFormatType().getDataFormatName(), line);
            } else if (step instanceof ExpressionNode node && !WhenDefinition.class.isInstance(step)) {
                expression(node.getExpression(), line,
                        step instanceof FilterDefinition || step instanceof ValidateDefinition);
            }
        }

        private void call(String uri, int line) {
            if (DIRECT.equals(scheme(uri))) {
                calls.add(new RouteFile.Call(uri, Pattern.compile(Pattern.quote(directName(uri))), Math.max(line, 0)));
            }
        }

        /**
         * A toD: the provider's URL at its start is an HTTP call; any other must write out its
         * component. Its options are checked with every ${...} taken as some value, and a direct:
         * name must reach at least one endpoint, its ${...} parts standing for anything.
         */
        private void dynamicEndpoint(String uri, int line) {
            if (uri == null) {
                return;
            }
            Matcher base = CONNECTOR_URL.matcher(uri);
            if (base.find()) {
                endpoint(DYNAMIC.matcher("http://provider" + uri.substring(base.end())).replaceAll("dynamic"), line,
                        false, uri);
                return;
            }
            String scheme = scheme(uri);
            if (scheme == null || scheme.contains("$")) {
                problem(line, "toD " + uri + " must name its component (e.g. direct:, http:), or start with "
                        + PROVIDER_URL + " (or another ${exchangeProperty.malipo…Url} the connector set)");
                return;
            }
            endpoint(DYNAMIC.matcher(uri).replaceAll("dynamic"), line, false, uri);
            if (DIRECT.equals(scheme)) {
                String name = directName(uri);
                Matcher dynamic = DYNAMIC.matcher(name);
                StringBuilder pattern = new StringBuilder();
                int at = 0;
                while (dynamic.find()) {
                    pattern.append(Pattern.quote(name.substring(at, dynamic.start()))).append(".+");
                    at = dynamic.end();
                }
                pattern.append(Pattern.quote(name.substring(at)));
                calls.add(new RouteFile.Call(uri, Pattern.compile(pattern.toString()), Math.max(line, 0)));
            }
        }

        private void endpoint(String uri, int line, boolean consumer) {
            endpoint(uri, line, consumer, uri);
        }

        /** The component must exist and take every option given, as its own description says. */
        private void endpoint(String uri, int line, boolean consumer, String written) {
            String scheme = scheme(uri);
            if (scheme == null) {
                problem(line, "endpoint " + written + " names no component (component:path?options)");
                return;
            }
            EndpointValidationResult result = catalog.validateEndpointProperties(uri, true, consumer, !consumer);
            if (result.getUnknownComponent() != null) {
                if (!camelHas(scheme)) {
                    problem(line, "endpoint " + written + ": there is no component " + scheme
                            + " in Malipo (a spelling mistake?)");
                }
                return;
            }
            if (!result.isSuccess() && !onlyDynamicValues(result)) {
                problem(line, "endpoint " + written + ": " + describe(result));
            }
        }

        private boolean camelHas(String scheme) {
            return camel.hasComponent(scheme) != null
                    || camel.getRegistry().lookupByNameAndType(scheme, Component.class) != null;
        }

        private void bean(BeanDefinition bean, int line) {
            String offered = String.join(", ", new TreeSet<>(contract.beans().keySet()));
            if (bean.getRef() == null || bean.getBeanType() != null || bean.getBeanClass() != null) {
                problem(line, "a bean step calls one of Malipo's beans by ref (" + offered + ")");
                return;
            }
            Class<?> type = contract.beans().get(bean.getRef());
            if (type == null) {
                problem(line, "there is no bean " + bean.getRef() + " for route files; they may call " + offered);
                return;
            }
            // A method named without arguments gets the exchange; one written with its arguments,
            // as providerCrypto's rsa(key, text), gets what they evaluate to.
            String written = bean.getMethod();
            String method = written == null ? null : written.split("\\(", 2)[0].strip();
            int arguments = written == null || !written.contains("(") ? -1 : arguments(written);
            Set<String> methods = Arrays.stream(type.getDeclaredMethods())
                    .filter(m -> Modifier.isPublic(m.getModifiers()) && !Modifier.isStatic(m.getModifiers())
                            && (arguments < 0 ? Arrays.asList(m.getParameterTypes()).contains(Exchange.class)
                                    : m.getParameterCount() == arguments))
                    .map(Method::getName).collect(Collectors.toCollection(TreeSet::new));
            if (method == null || !methods.contains(method)) {
                problem(line, "bean " + bean.getRef() + (method == null ? " needs a method" : " has no method " + method
                        + (arguments < 0 ? "" : " that takes " + arguments + (arguments == 1 ? " argument" : " arguments")))
                        + (methods.isEmpty() ? "" : ": " + String.join(", ", methods)));
            }
        }

        /** How many arguments a method written as name(a, b) passes; commas inside ${…} do not count. */
        private static int arguments(String written) {
            String inside = written.substring(written.indexOf('(') + 1, Math.max(written.lastIndexOf(')'),
                    written.indexOf('(') + 1)).strip();
            if (inside.isEmpty()) {
                return 0;
            }
            int count = 1;
            int depth = 0;
            for (char c : inside.toCharArray()) {
                if (c == '{' || c == '(') {
                    depth++;
                } else if (c == '}' || c == ')') {
                    depth--;
                } else if (c == ',' && depth == 0) {
                    count++;
                }
            }
            return count;
        }

        private void expression(ExpressionDefinition expression, int line, boolean predicate) {
            if (expression == null || expression.getLanguage() == null) {
                return;
            }
            Language language;
            try {
                language = "simple".equals(expression.getLanguage()) ? simple
                        : camel.resolveLanguage(expression.getLanguage());
            } catch (NoSuchLanguageException e) {
                problem(line, "there is no expression language " + expression.getLanguage() + " in Malipo");
                return;
            }
            if (language == simple && expression.getExpression() != null) {
                simple(expression.getExpression(), line, predicate);
            }
        }

        private void simple(String expression, int line, boolean predicate) {
            String text;
            try {
                text = camel.resolvePropertyPlaceholders(expression);
            } catch (RuntimeException e) {
                return; // the placeholder is reported on its own line
            }
            try {
                if (predicate) {
                    simple.createPredicate(text);
                } else {
                    simple.createExpression(text);
                }
            } catch (RuntimeException e) {
                problem(line, "simple " + (predicate ? "condition" : "expression") + ": " + firstLine(e.getMessage()));
            }
        }

        private void exceptionClass(String name, int line) {
            Class<?> type = camel.getClassResolver().resolveClass(name);
            if (type == null || !Throwable.class.isAssignableFrom(type)) {
                problem(line, "there is no exception class " + name);
            }
        }

        private void dataFormat(String name, int line) {
            if (name != null && catalog.dataFormatJSonSchema(name) == null) {
                problem(line, "there is no data format " + name + " in Malipo");
            }
        }

        /** Every {{setting}} must have a value here, as Camel would need one to start the route. */
        void placeholders(String text) {
            String[] lines = text.split("\n", -1);
            for (int i = 0; i < lines.length; i++) {
                if (lines[i].strip().startsWith("#")) {
                    continue;
                }
                Matcher placeholder = PLACEHOLDER.matcher(lines[i]);
                while (placeholder.find()) {
                    try {
                        camel.resolvePropertyPlaceholders(placeholder.group());
                    } catch (RuntimeException e) {
                        problem(i + 1, "setting " + placeholder.group(1) + " has no value: set it in application.yaml "
                                + "or the environment, or give a default ({{" + placeholder.group(1) + ":value}})");
                    }
                }
            }
        }
    }

    private static String describe(EndpointValidationResult result) {
        List<String> parts = new ArrayList<>();
        if (result.getSyntaxError() != null) {
            parts.add(result.getSyntaxError());
        }
        if (result.getIncapable() != null) {
            parts.add(result.getIncapable());
        }
        if (result.getUnknown() != null && !result.getUnknown().isEmpty()) {
            parts.add("unknown option " + String.join(", ", new TreeSet<String>(result.getUnknown())));
        }
        if (result.getRequired() != null && !result.getRequired().isEmpty()) {
            parts.add("missing " + String.join(", ", new TreeSet<String>(result.getRequired())));
        }
        invalid(parts, result.getInvalidEnum(), "not one of its choices");
        invalid(parts, result.getInvalidBoolean(), "not true or false");
        invalid(parts, result.getInvalidInteger(), "not a whole number");
        invalid(parts, result.getInvalidNumber(), "not a number");
        invalid(parts, result.getInvalidDuration(), "not a duration");
        if (result.getNotConsumerOnly() != null && !result.getNotConsumerOnly().isEmpty()) {
            parts.add("option " + String.join(", ", result.getNotConsumerOnly()) + " is for sending, not for from");
        }
        if (result.getNotProducerOnly() != null && !result.getNotProducerOnly().isEmpty()) {
            parts.add("option " + String.join(", ", result.getNotProducerOnly()) + " is for from, not for sending");
        }
        return parts.isEmpty() ? result.summaryErrorMessage(false).replaceAll("\\s+", " ").strip()
                : String.join("; ", parts);
    }

    /**
     * Whether the only objection is to option values a toD computes while running (written here as
     * "dynamic"), such as an httpMethod a connector's shared call route takes from a property.
     */
    private static boolean onlyDynamicValues(EndpointValidationResult result) {
        List<Map<String, String>> invalid = List.of(orEmpty(result.getInvalidEnum()), orEmpty(result.getInvalidBoolean()),
                orEmpty(result.getInvalidInteger()), orEmpty(result.getInvalidNumber()),
                orEmpty(result.getInvalidDuration()));
        boolean dynamicOnly = invalid.stream().anyMatch(m -> !m.isEmpty())
                && invalid.stream().allMatch(m -> m.values().stream().allMatch("dynamic"::equals));
        return dynamicOnly && result.getSyntaxError() == null && result.getIncapable() == null
                && (result.getUnknown() == null || result.getUnknown().isEmpty())
                && (result.getRequired() == null || result.getRequired().isEmpty())
                && (result.getNotConsumerOnly() == null || result.getNotConsumerOnly().isEmpty())
                && (result.getNotProducerOnly() == null || result.getNotProducerOnly().isEmpty())
                && result.getUnknownComponent() == null;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, String> orEmpty(Map<?, ?> options) {
        return options == null ? Map.of() : (Map<String, String>) options;
    }

    @SuppressWarnings("unchecked")
    private static void invalid(List<String> parts, Map<?, ?> options, String why) {
        if (options != null) {
            ((Map<String, String>) options).forEach((option, value) -> parts.add(option + "=" + value + " is " + why));
        }
    }

    private static String scheme(String uri) {
        int colon = uri.indexOf(':');
        return colon <= 0 ? null : uri.substring(0, colon);
    }

    private static String directName(String uri) {
        String name = uri.substring(uri.indexOf(':') + 1);
        if (name.startsWith("//")) {
            name = name.substring(2);
        }
        int query = name.indexOf('?');
        return query < 0 ? name : name.substring(0, query);
    }

    /** The connector a file of providers/ is for: its name without .camel.yaml or .yaml. */
    static String connectorName(String path) {
        String name = path.substring(path.lastIndexOf('/') + 1);
        return name.replaceFirst("(\\.camel)?\\.yaml$", "");
    }

    private static int line(Node node) {
        return node.getStartMark().map(mark -> mark.getLine() + 1).orElse(0);
    }

    private static String firstLine(String message) {
        return message == null ? "" : message.strip().lines().findFirst().orElse("");
    }
}
