package io.malipo.common;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * SQL statements kept in {@code src/main/resources/sql}, for the few places that run them with
 * Spring's NamedParameterJdbcTemplate rather than a camel-sql endpoint (several statements in
 * one transaction, or a loop). The files use camel-sql's {@code :#name} and {@code :#in:name}
 * parameters throughout; here both become {@code :name}, which expands lists by itself.
 */
public final class SqlFiles {

    private static final Map<String, String> CACHE = new ConcurrentHashMap<>();

    private SqlFiles() {
    }

    /** The statement in {@code sql/<path>}, comments removed. */
    public static String load(String path) {
        return CACHE.computeIfAbsent(path, SqlFiles::read);
    }

    private static String read(String path) {
        try (InputStream in = SqlFiles.class.getResourceAsStream("/sql/" + path)) {
            if (in == null) {
                throw new IllegalStateException("no SQL file sql/" + path);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
                    .filter(line -> !line.strip().startsWith("--"))
                    .collect(Collectors.joining("\n"))
                    .replace(":#in:", ":")
                    .replace(":#", ":");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
