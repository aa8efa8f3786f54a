package io.malipo.routes;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.camel.CamelContext;
import org.apache.camel.model.Model;
import org.apache.camel.model.RouteConfigurationDefinition;
import org.apache.camel.model.RouteDefinition;
import org.apache.camel.spring.boot.CamelContextConfiguration;
import org.apache.commons.codec.digest.DigestUtils;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/**
 * The routes of the route folder in the running Camel context. At start every file is read and
 * checked, and those that pass are added with Malipo's own routes; then the folder is read every
 * poll interval and each change is checked before anything running is touched: a refused change
 * leaves the file's running version (or nothing) in place. A route that goes away is stopped
 * gracefully, after the exchanges in it finish. Every load, reload, removal and refusal is one log
 * line with the file, its content's SHA-256 before and after, and the route ids concerned.
 */
@Component
public class RouteFiles implements CamelContextConfiguration {

    private static final Logger LOG = LoggerFactory.getLogger(RouteFiles.class);
    private static final String NONE = "none";
    private static final String GONE = "";

    private final RoutesProperties properties;
    private final Environment environment;
    private final MeterRegistry meters;
    private final Clock clock;
    private final Path folder;

    private Model model;
    private RouteFileReader reader;
    private RouteFolderCheck check;
    private volatile Map<String, Entry> entries = Map.of();
    /** The content of each file at the previous poll: a change counts once it has stayed for one poll. */
    private Map<String, String> previousScan = Map.of();
    /** The changes last tried, by file (GONE for a removal): the same refused changes are not tried again. */
    private Map<String, String> lastTried = Map.of();
    private String unreadable;

    public RouteFiles(RoutesProperties properties, Environment environment, MeterRegistry meters, Clock clock) {
        this.properties = properties;
        this.environment = environment;
        this.meters = meters;
        this.clock = clock;
        this.folder = properties.folder();
    }

    /**
     * What one file is to this instance.
     *
     * @param running the version running, or null
     * @param onDisk the content's SHA-256 at the last poll, or null when the file is gone
     * @param lastError the last refusal, or null
     */
    private record Entry(String path, RouteFile running, Instant loadedAt, String onDisk, Refusal lastError) {

        boolean loaded() {
            return running != null && running.sha256().equals(onDisk);
        }
    }

    /** @param sha256 the content refused, or null for a removal */
    private record Refusal(String sha256, List<Problem> problems, Instant at) {
    }

    @Override
    public void beforeApplicationStart(CamelContext camel) {
        model = camel.getCamelContextExtension().getContextPlugin(Model.class);
        RouteContract contract = RouteContract.of(environment);
        reader = new RouteFileReader(camel, contract);
        check = new RouteFolderCheck(contract, ownRoutes());
        Map<String, byte[]> disk;
        try {
            disk = RouteFolder.read(folder);
        } catch (NoSuchFileException e) {
            throw RouteFilesException.missingFolder(folder);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the route folder " + folder, e);
        }
        previousScan = hashes(disk);
        take(disk, Set.of());
        Set<String> unserved = check.unserved(running());
        if (!unserved.isEmpty()) {
            List<Problem> refused = entries.values().stream().filter(entry -> entry.lastError() != null)
                    .flatMap(entry -> entry.lastError().problems().stream()).toList();
            throw RouteFilesException.unserved(folder, unserved, refused);
        }
    }

    @Override
    public void afterApplicationStart(CamelContext camel) {
        if (properties.reload()) {
            long every = properties.pollInterval().toMillis();
            camel.getExecutorServiceManager().newSingleThreadScheduledExecutor(this, "route-files")
                    .scheduleWithFixedDelay(this::poll, every, every, TimeUnit.MILLISECONDS);
        }
    }

    /** Reads the folder and takes the changes that have settled. */
    synchronized void poll() {
        try {
            Map<String, byte[]> disk;
            try {
                disk = RouteFolder.read(folder);
            } catch (IOException | UncheckedIOException e) {
                unreadable(folder + " cannot be read (" + e.getMessage() + ")");
                return;
            }
            if (disk.isEmpty()) {
                unreadable(folder + " holds no route file");
                return;
            }
            unreadable = null;
            Map<String, String> scan = hashes(disk);
            Map<String, String> previous = previousScan;
            previousScan = scan;
            Map<String, byte[]> settled = new TreeMap<>();
            disk.forEach((path, content) -> {
                if (scan.get(path).equals(previous.get(path))) {
                    settled.put(path, content);
                }
            });
            Set<String> gone = entries.keySet().stream()
                    .filter(path -> !scan.containsKey(path) && !previous.containsKey(path))
                    .collect(Collectors.toSet());
            take(settled, gone);
            Map<String, Entry> seen = new TreeMap<>(entries);
            seen.replaceAll((path, entry) -> settled.containsKey(path) || gone.contains(path)
                    ? new Entry(path, entry.running(), entry.loadedAt(), scan.get(path), entry.lastError())
                    : entry);
            entries = Map.copyOf(seen);
        } catch (RuntimeException e) {
            LOG.error("Reading the route folder {} failed; the running routes stay", folder, e);
        }
    }

    /**
     * An unmounted volume or a config map being swapped is no instruction to remove every route:
     * nothing changes until the folder holds files again.
     */
    private void unreadable(String why) {
        if (!why.equals(unreadable)) {
            LOG.warn("Route folder {}; the running routes stay until it holds route files again", why);
            unreadable = why;
        }
    }

    /**
     * Checks the files whose content differs from what runs, and those removed, as one change of
     * the folder; applies what passes and records what does not.
     */
    private void take(Map<String, byte[]> disk, Set<String> removed) {
        Map<String, String> tried = new TreeMap<>();
        disk.forEach((path, content) -> {
            String sha256 = DigestUtils.sha256Hex(content);
            Entry entry = entries.get(path);
            if (entry == null || entry.running() == null || !entry.running().sha256().equals(sha256)) {
                tried.put(path, sha256);
            }
        });
        Set<String> removals = new TreeSet<>();
        Map<String, Entry> next = new TreeMap<>(entries);
        for (String path : removed) {
            if (next.get(path).running() == null) {
                next.remove(path);
            } else {
                removals.add(path);
                tried.put(path, GONE);
            }
        }
        entries = Map.copyOf(next);
        if (tried.equals(lastTried)) {
            return;
        }
        lastTried = tried;
        Map<String, Parsed> changed = new LinkedHashMap<>();
        tried.forEach((path, sha256) -> {
            if (!GONE.equals(sha256)) {
                changed.put(path, reader.read(path, folder.resolve(path), disk.get(path)));
            }
        });
        Map<String, RouteFile> before = running();
        RouteFolderCheck.Outcome outcome = check.settle(before, changed, removals);
        Map<String, RouteFile> after = new TreeMap<>(outcome.running());
        Map<String, List<Problem>> refused = new TreeMap<>(outcome.refused());
        Set<String> paths = new TreeSet<>(before.keySet());
        paths.addAll(after.keySet());
        for (String path : paths) {
            RouteFile old = before.get(path);
            RouteFile now = after.get(path);
            if (old == now) {
                continue;
            }
            try {
                swap(old, now, after);
                loaded(path, old, now);
            } catch (Exception e) {
                LOG.error("Route file {} could not be started; putting its previous version back", path, e);
                RouteFile back = putBack(old, now);
                if (back == null) {
                    after.remove(path);
                } else {
                    after.put(path, back);
                }
                refused.put(path, List.of(new Problem(path, 0, "could not be started: " + e.getMessage())));
            }
        }
        Map<String, Entry> recorded = new TreeMap<>(entries);
        after.forEach((path, file) -> {
            Entry entry = recorded.get(path);
            boolean same = entry != null && entry.running() == file;
            recorded.put(path, new Entry(path, file, same ? entry.loadedAt() : clock.instant(), onDisk(path, disk),
                    entry == null ? null : entry.lastError()));
        });
        for (String path : paths) {
            if (!after.containsKey(path) && !refused.containsKey(path)) {
                recorded.remove(path);
            }
        }
        refused.forEach((path, problems) -> {
            Entry entry = recorded.get(path);
            RouteFile file = after.get(path);
            String sha256 = changed.containsKey(path) ? changed.get(path).sha256() : null;
            refusedLog(path, file, sha256, problems);
            recorded.put(path, new Entry(path, file, entry == null ? null : entry.loadedAt(), onDisk(path, disk),
                    new Refusal(sha256, problems, clock.instant())));
        });
        entries = Map.copyOf(recorded);
    }

    private String onDisk(String path, Map<String, byte[]> disk) {
        if (disk.containsKey(path)) {
            return DigestUtils.sha256Hex(disk.get(path));
        }
        Entry entry = entries.get(path);
        return entry == null ? null : entry.onDisk();
    }

    /**
     * Takes one file's old routes out and puts its new ones in. Camel replaces a route of the same
     * id after stopping it gracefully; a route no file serves any more is stopped the same way.
     */
    private void swap(RouteFile old, RouteFile now, Map<String, RouteFile> after) throws Exception {
        Set<String> kept = new HashSet<>();
        after.values().forEach(file -> kept.addAll(file.routeIds()));
        if (old != null) {
            for (String id : old.routeIds()) {
                RouteDefinition running = model.getRouteDefinition(id);
                if (!kept.contains(id) && running != null) {
                    model.removeRouteDefinition(running);
                }
            }
            for (String id : old.configurationIds()) {
                RouteConfigurationDefinition configuration = model.getRouteConfigurationDefinition(id);
                if (configuration != null) {
                    model.removeRouteConfiguration(configuration);
                }
            }
        }
        if (now != null) {
            reader.install(now, folder.resolve(now.path()));
        }
    }

    /** After a failed swap: the new version's routes out, the old one read again from its content and in. */
    private RouteFile putBack(RouteFile old, RouteFile failed) {
        try {
            if (failed != null) {
                for (String id : failed.routeIds()) {
                    RouteDefinition running = model.getRouteDefinition(id);
                    if (running != null && (old == null || !old.routeIds().contains(id))) {
                        model.removeRouteDefinition(running);
                    }
                }
            }
            if (old == null) {
                return null;
            }
            Parsed again = reader.read(old.path(), folder.resolve(old.path()), old.content());
            swap(null, again.file(), Map.of());
            return again.file();
        } catch (Exception e) {
            LOG.error("Route file {}: its previous version could not be put back either; its routes are stopped",
                    failed == null ? old.path() : failed.path(), e);
            return null;
        }
    }

    private void loaded(String path, RouteFile old, RouteFile now) {
        List<String> before = old == null ? List.of() : old.routeIds();
        List<String> after = now == null ? List.of() : now.routeIds();
        List<String> added = new ArrayList<>(after);
        added.removeAll(before);
        List<String> replaced = new ArrayList<>(after);
        replaced.retainAll(before);
        List<String> removed = new ArrayList<>(before);
        removed.removeAll(after);
        LOG.info("Route file {} {}: sha256 {} -> {}; routes added {}, replaced {}, removed {}", path,
                old == null ? "loaded" : now == null ? "removed" : "reloaded", shortSha(old), shortSha(now), added,
                replaced, removed);
    }

    private void refusedLog(String path, RouteFile running, String sha256, List<Problem> problems) {
        LOG.warn("Route file {} refused: sha256 {} runs on, {} refused: {}", path, shortSha(running),
                sha256 == null ? "its removal" : shortSha(sha256),
                problems.stream().map(problem -> problem.describe("")).collect(Collectors.joining("; ")));
        Counter.builder("malipo.routes.refused")
                .description("Changes to route files refused, each leaving the running version in place")
                .tag("file", path)
                .register(meters)
                .increment();
    }

    /** What runs now, by file. */
    private Map<String, RouteFile> running() {
        Map<String, RouteFile> running = new TreeMap<>();
        entries.forEach((path, entry) -> {
            if (entry.running() != null) {
                running.put(path, entry.running());
            }
        });
        return running;
    }

    /** Malipo's own routes, there before any file's: the ids and direct: endpoints files must leave to them. */
    private RouteFolderCheck.OwnRoutes ownRoutes() {
        Set<String> ids = new TreeSet<>();
        Set<String> directs = new TreeSet<>();
        for (RouteDefinition route : model.getRouteDefinitions()) {
            if (route.getId() != null) {
                ids.add(route.getId());
            }
            String from = route.getInput() == null ? null : route.getInput().getEndpointUri();
            if (from != null && from.startsWith("direct:")) {
                directs.add(from.substring("direct:".length()).replaceFirst("^//", "").replaceFirst("\\?.*", ""));
            }
        }
        model.getRouteConfigurationDefinitions().stream().map(RouteConfigurationDefinition::getId)
                .filter(id -> id != null).forEach(ids::add);
        return new RouteFolderCheck.OwnRoutes(ids, directs);
    }

    /** The files of this instance, for the admin API. */
    public RouteFilesView view() {
        List<RouteFilesView.File> files = entries.values().stream()
                .sorted(Comparator.comparing(Entry::path))
                .map(RouteFiles::view)
                .toList();
        return new RouteFilesView(folder.toString(), properties.reload(), properties.pollInterval().toMillis(), files);
    }

    /** Whether every file in the folder runs as it is there. */
    public boolean allLoaded() {
        return entries.values().stream().allMatch(Entry::loaded);
    }

    private static RouteFilesView.File view(Entry entry) {
        RouteFile running = entry.running();
        Refusal error = entry.lastError();
        RouteFilesView.LastError lastError = error == null ? null : new RouteFilesView.LastError(
                error.problems().get(0).message(), error.problems().get(0).line(), error.at(), error.sha256(),
                error.problems().stream().map(p -> new RouteFilesView.Where(p.line(), p.message())).toList());
        return new RouteFilesView.File(entry.path(),
                entry.loaded() ? RouteFilesView.Status.LOADED : RouteFilesView.Status.REFUSED,
                running == null ? List.of() : running.routeIds(),
                running == null ? null : new RouteFilesView.Version(running.sha256(), entry.loadedAt()),
                entry.onDisk(), lastError);
    }

    private static Map<String, String> hashes(Map<String, byte[]> disk) {
        Map<String, String> hashes = new TreeMap<>();
        disk.forEach((path, content) -> hashes.put(path, DigestUtils.sha256Hex(content)));
        return hashes;
    }

    private static String shortSha(RouteFile file) {
        return file == null ? NONE : shortSha(file.sha256());
    }

    private static String shortSha(String sha256) {
        return sha256.substring(0, 12);
    }
}
