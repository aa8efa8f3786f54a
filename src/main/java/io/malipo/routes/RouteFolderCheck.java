package io.malipo.routes;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Decides which changes to the route folder can be taken together: the checks that need every
 * file at once (ids used once, direct: calls that reach a route, the endpoints Malipo calls kept
 * served). A change that would break one of them is refused and its file's running version is
 * kept; the others are checked again without it until they agree.
 *
 * @param own the route ids and direct: endpoints of Malipo's own routes (empty where they are not known)
 */
record RouteFolderCheck(RouteContract contract, OwnRoutes own) {

    /** Malipo's routes that are not in files. */
    record OwnRoutes(Set<String> ids, Set<String> directs) {

        static final OwnRoutes UNKNOWN = new OwnRoutes(Set.of(), Set.of());
    }

    /**
     * @param running the files that run once the changes taken are applied
     * @param refused the changes refused, by file, with why
     */
    record Outcome(Map<String, RouteFile> running, Map<String, List<Problem>> refused) {
    }

    /**
     * @param current the files running now
     * @param changed new or changed files as read (a refused reading stays refused)
     * @param removed files gone from the folder
     */
    Outcome settle(Map<String, RouteFile> current, Map<String, Parsed> changed, Set<String> removed) {
        Map<String, List<Problem>> refused = new TreeMap<>();
        Map<String, RouteFile> candidate = new TreeMap<>(current);
        Set<String> pending = new LinkedHashSet<>();
        changed.forEach((path, parsed) -> {
            if (parsed.ok()) {
                candidate.put(path, parsed.file());
                pending.add(path);
            } else {
                refused.put(path, parsed.problems());
            }
        });
        for (String path : removed) {
            if (candidate.remove(path) != null) {
                pending.add(path);
            }
        }
        while (true) {
            Map<String, List<Problem>> problems = problems(current, candidate, pending);
            if (problems.isEmpty()) {
                return new Outcome(candidate, refused);
            }
            problems.forEach((path, found) -> {
                refused.put(path, found);
                pending.remove(path);
                if (current.containsKey(path)) {
                    candidate.put(path, current.get(path));
                } else {
                    candidate.remove(path);
                }
            });
        }
    }

    /** The direct: endpoints Malipo calls that no running file serves. */
    Set<String> unserved(Map<String, RouteFile> running) {
        Set<String> served = served(running).keySet();
        Set<String> missing = new TreeSet<>(contract.required());
        missing.removeAll(served);
        return missing;
    }

    /** The problems the pending changes cause, each laid at the door of a pending file. */
    private Map<String, List<Problem>> problems(Map<String, RouteFile> current, Map<String, RouteFile> candidate,
            Set<String> pending) {
        Map<String, List<Problem>> problems = new LinkedHashMap<>();
        duplicateIds(candidate, pending, problems);
        Map<String, String> served = served(candidate);
        Map<String, String> servedNow = served(current);
        for (RouteFile file : candidate.values()) {
            for (RouteFile.Call call : file.calls()) {
                if (reached(call, served.keySet()) || contract.published().stream().anyMatch(call::reaches)) {
                    continue;
                }
                if (pending.contains(file.path())) {
                    add(problems, new Problem(file.path(), call.line(), "calls " + call.endpoint() + ", which no route "
                            + "file serves and Malipo does not offer to route files (routes/README.md lists those)"));
                } else {
                    takenAway(current, candidate, pending, servedNow, call, file, problems);
                }
            }
        }
        for (String required : contract.required()) {
            String server = servedNow.get(required);
            if (server != null && !served.containsKey(required) && pending.contains(server)) {
                add(problems, new Problem(server, 0, (candidate.containsKey(server) ? "no longer serves" : "is gone but "
                        + "serves") + " direct:" + required + ", which Malipo itself calls; its routes keep running"));
            }
        }
        return problems;
    }

    /** A file that did not change calls an endpoint a change takes away: the change is refused. */
    private static void takenAway(Map<String, RouteFile> current, Map<String, RouteFile> candidate, Set<String> pending,
            Map<String, String> servedNow, RouteFile.Call call, RouteFile caller, Map<String, List<Problem>> problems) {
        servedNow.forEach((name, server) -> {
            if (call.reaches(name) && pending.contains(server) && !serves(candidate.get(server), name)
                    && current.containsKey(server)) {
                add(problems, new Problem(server, 0, (candidate.containsKey(server) ? "no longer serves" : "is gone but "
                        + "serves") + " direct:" + name + ", which " + caller.path() + " calls at line " + call.line()
                        + "; its routes keep running"));
            }
        });
    }

    private void duplicateIds(Map<String, RouteFile> candidate, Set<String> pending,
            Map<String, List<Problem>> problems) {
        Map<String, List<String>> owners = new TreeMap<>();
        candidate.values().forEach(file -> file.ids().forEach(
                owned -> owners.computeIfAbsent(owned.id(), id -> new ArrayList<>()).add(file.path())));
        for (String path : pending) {
            RouteFile file = candidate.get(path);
            if (file == null) {
                continue;
            }
            for (RouteFile.Owned owned : file.ids()) {
                List<String> others = new ArrayList<>(owners.get(owned.id()));
                others.remove(path);
                if (own.ids().contains(owned.id())) {
                    others.add("Malipo itself");
                }
                if (!others.isEmpty()) {
                    add(problems, new Problem(path, owned.line(), "id " + owned.id() + " is taken by "
                            + String.join(", ", others)));
                }
            }
            file.serves().forEach((name, line) -> {
                if (own.directs().contains(name) && !own.ids().contains(name)) {
                    add(problems, new Problem(path, line, "direct:" + name + " is served by Malipo itself"));
                }
            });
        }
    }

    private static boolean reached(RouteFile.Call call, Set<String> served) {
        return served.stream().anyMatch(call::reaches);
    }

    private static boolean serves(RouteFile file, String name) {
        return file != null && file.serves().containsKey(name);
    }

    /** Each served direct: name with the file serving it. */
    private static Map<String, String> served(Map<String, RouteFile> files) {
        Map<String, String> served = new TreeMap<>();
        files.values().forEach(file -> file.serves().keySet().forEach(name -> served.putIfAbsent(name, file.path())));
        return served;
    }

    private static void add(Map<String, List<Problem>> problems, Problem problem) {
        List<Problem> found = problems.computeIfAbsent(problem.file(), path -> new ArrayList<>());
        if (!found.contains(problem)) {
            found.add(problem);
        }
    }
}
