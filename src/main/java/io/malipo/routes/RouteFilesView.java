package io.malipo.routes;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.time.Instant;
import java.util.List;

/**
 * The route files of this instance: what runs from each, and what was refused.
 *
 * @param directory the folder this instance reads
 * @param reload whether changes are taken while Malipo runs
 * @param pollIntervalMs how often the folder is read
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record RouteFilesView(String directory, boolean reload, long pollIntervalMs, List<File> files) {

    /** Whether what runs is what the folder holds. */
    public enum Status {
        /** The file's content on disk runs. */
        LOADED,
        /** The content on disk (or its removal) was refused: the version in loaded runs, or nothing. */
        REFUSED
    }

    /**
     * @param file relative to the folder
     * @param routeIds the routes running from it
     * @param loaded the version running, absent when none does
     * @param onDiskSha256 the content on disk now, absent when the file is gone
     * @param lastError the last refusal, kept after a later version loads (its time tells)
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record File(String file, Status status, List<String> routeIds, Version loaded, String onDiskSha256,
            LastError lastError) {
    }

    /** @param sha256 the SHA-256 of the file's content, hex */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Version(String sha256, Instant at) {
    }

    /**
     * @param message and line: the first problem (line 0 when it is the file's as a whole)
     * @param sha256 the content refused, absent when it was the file's removal
     * @param problems every problem found
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record LastError(String message, int line, Instant at, String sha256, List<Where> problems) {
    }

    public record Where(int line, String message) {
    }
}
