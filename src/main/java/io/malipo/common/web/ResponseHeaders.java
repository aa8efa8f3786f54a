package io.malipo.common.web;

import java.util.Set;
import java.util.TreeSet;
import org.apache.camel.Exchange;
import org.apache.camel.component.platform.http.PlatformHttpComponent;
import org.apache.camel.http.base.HttpHeaderFilterStrategy;
import org.apache.camel.spi.ComponentCustomizer;
import org.apache.camel.spi.HeaderFilterStrategy;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Which message headers may leave Malipo as HTTP response headers. Camel copies every message
 * header onto the response, and an exchange starts with the request's headers (Authorization,
 * X-Api-Key, Digest...), so anything not on this list is dropped rather than echoed.
 */
@Configuration(proxyBeanMethods = false)
public class ResponseHeaders {

    static final Set<String> ALLOWED = caseInsensitive("Content-Type", "Allow", "WWW-Authenticate", "Retry-After",
            "Location", "Cache-Control", "Idempotent-Replayed", "Content-Disposition",
            "RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset",
            // The pages': their policy, language and its remembered choice (a request carries Cookie, never these).
            "Content-Security-Policy", "Content-Language", "Vary", "Set-Cookie", "X-Content-Type-Options");

    @Bean
    ComponentCustomizer responseHeaderAllowList() {
        return ComponentCustomizer.builder(PlatformHttpComponent.class)
                .build(component -> component.setHeaderFilterStrategy(new AllowList()));
    }

    static final class AllowList implements HeaderFilterStrategy {

        private final HttpHeaderFilterStrategy inbound = new HttpHeaderFilterStrategy();

        @Override
        public boolean applyFilterToCamelHeaders(String headerName, Object headerValue, Exchange exchange) {
            return !ALLOWED.contains(headerName);
        }

        @Override
        public boolean applyFilterToExternalHeaders(String headerName, Object headerValue, Exchange exchange) {
            return inbound.applyFilterToExternalHeaders(headerName, headerValue, exchange);
        }
    }

    private static Set<String> caseInsensitive(String... names) {
        Set<String> set = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
        set.addAll(Set.of(names));
        return set;
    }
}
