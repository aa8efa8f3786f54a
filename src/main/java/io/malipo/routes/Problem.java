package io.malipo.routes;

/**
 * Why a route file, or a change of one, is refused: where (the file relative to the route folder,
 * and a line when one can be named) and what to do about it.
 *
 * @param line 1-based; 0 when the problem is the file's as a whole
 */
public record Problem(String file, int line, String message) {

    /** In the form editors and CI annotations read: {@code file:line: message}. */
    public String describe(String folder) {
        String where = folder.isEmpty() ? file : folder + "/" + file;
        return where + (line > 0 ? ":" + line : "") + ": " + message;
    }
}
