package io.malipo.common.web;

import java.util.Map;
import org.springframework.boot.web.servlet.context.ServletWebServerInitializedEvent;
import org.springframework.context.event.EventListener;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;
import org.springframework.stereotype.Component;

/**
 * The ports Malipo listens on once they are bound (a configured port of 0 means "any free one"):
 * the public one, where clients and balancers reach every path, and the servlet container's.
 * They are one and the same unless the APIs have a listener of their own ({@link ApiServer}),
 * which then holds the public port and hands every other path to the container on the loopback
 * interface. The public port is published as {@value #PUBLIC_PORT_PROPERTY}.
 */
@Component
public class Ports {

    public static final String PUBLIC_PORT_PROPERTY = "local.malipo.port";

    private final ConfigurableEnvironment environment;
    private volatile int servlet;
    private volatile boolean ownListener;

    public Ports(ConfigurableEnvironment environment) {
        this.environment = environment;
    }

    @EventListener
    void onServletContainer(ServletWebServerInitializedEvent event) {
        servlet = event.getWebServer().getPort();
        if (!ownListener) {
            publish(servlet);
        }
    }

    /** The servlet container's port, or 0 while it is not listening yet. */
    public int servlet() {
        return servlet;
    }

    void apiListenerBound(int port) {
        ownListener = true;
        publish(port);
    }

    /** Tells the servlet container's later start that the public port is taken by the API listener. */
    void apiListenerConfigured() {
        ownListener = true;
    }

    private void publish(int port) {
        environment.getPropertySources().addFirst(new MapPropertySource("malipo.ports", Map.of(PUBLIC_PORT_PROPERTY, port)));
    }
}
