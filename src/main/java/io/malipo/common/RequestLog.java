package io.malipo.common;

import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One request's id and its line in the request log. The web server's edge makes it when the
 * request arrives; the route that serves the request names the merchant it acted for; the edge
 * writes the line once the answer has gone.
 */
public final class RequestLog {

    private static final Logger LOG = LoggerFactory.getLogger("io.malipo.http");

    private final String id = UUID.randomUUID().toString();
    private final long started = System.nanoTime();
    private volatile String merchant;

    public String id() {
        return id;
    }

    public void actingFor(Object merchantId) {
        this.merchant = String.valueOf(merchantId);
    }

    public void write(String method, String path, int status) {
        if (!LOG.isInfoEnabled()) {
            return;
        }
        String who = merchant;
        LOG.info("method={} path={} status={} duration_ms={} merchant={} request_id={}", method, path, status,
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started), who == null ? "-" : who, id);
    }
}
