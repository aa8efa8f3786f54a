package io.malipo.common.web;

/**
 * Maps a path real clients send onto the operation it means, before any operation is looked up.
 * A surface that has such paths provides one; every web server Malipo runs asks each in turn.
 */
public interface PathRewrite {

    /** The path to serve the request on; the path itself when there is nothing to rewrite. */
    String rewrite(String method, String path);
}
