package io.malipo.routes;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitOption;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/** The route files of a folder as they are now: every *.yaml in it and its sub-folders, by relative path. */
final class RouteFolder {

    private RouteFolder() {
    }

    /**
     * Links are followed and names starting with a dot skipped: a Kubernetes config map is a
     * folder of links into a hidden folder ({@code ..data}) that holds the same files again.
     *
     * @throws NoSuchFileException when the folder does not exist
     */
    static Map<String, byte[]> read(Path folder) throws IOException {
        if (!Files.isDirectory(folder)) {
            throw new NoSuchFileException(folder.toString());
        }
        Map<String, byte[]> files = new TreeMap<>();
        try (Stream<Path> paths = Files.walk(folder, FileVisitOption.FOLLOW_LINKS)) {
            paths.filter(path -> !hidden(folder.relativize(path)))
                    .filter(path -> path.getFileName().toString().endsWith(".yaml") && Files.isRegularFile(path))
                    .forEach(path -> files.put(relative(folder, path), bytes(path)));
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        return files;
    }

    static String relative(Path folder, Path file) {
        return folder.relativize(file).toString().replace('\\', '/');
    }

    private static boolean hidden(Path relative) {
        for (Path part : relative) {
            if (part.toString().startsWith(".")) {
                return true;
            }
        }
        return false;
    }

    private static byte[] bytes(Path path) {
        try {
            return Files.readAllBytes(path);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
