package io.malipo.common.web;

import io.malipo.common.HttpCall;
import io.malipo.common.HttpExchanges;
import io.malipo.common.MalipoProperties;
import io.vertx.core.Future;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.Semaphore;
import org.apache.camel.Exchange;
import org.apache.camel.Message;
import org.apache.camel.Processor;
import org.apache.camel.component.platform.http.PlatformHttpEndpoint;
import org.apache.camel.component.platform.http.spi.PlatformHttpConsumer;
import org.apache.camel.component.platform.http.spi.PlatformHttpEngine;
import org.apache.camel.component.platform.http.vertx.VertxPlatformHttpConsumer;
import org.apache.camel.component.platform.http.springboot.SpringBootPlatformHttpConsumer;
import org.apache.camel.component.platform.http.springboot.SpringBootPlatformHttpEngine;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.task.ThreadPoolTaskExecutorBuilder;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.scheduling.concurrent.ThreadPoolTaskExecutor;

/**
 * Which server and which threads serve each REST route. With the API listener on ({@link
 * ApiServer}), the checkout and token API operations are served there ({@link OnApiListener}), on
 * Vert.x's worker threads; everything else (pages, dashboard, admin API, sandbox) by the servlet
 * container. There platform-http hands every request to one pool; Malipo runs most requests on the
 * web server's own thread instead ({@link InlineFirst}) and hands only the rest to that pool.
 * Malipo's own sandbox providers are served too, and in test mode an API request waits on a
 * sandbox request it made over HTTP. With one pool, requests enough to fill it would all wait for
 * sandbox answers that no thread is left to give, until the connection times out. So the paths
 * Malipo calls itself ({@value #SELF_CALLED}) get a pool of their own.
 */
@Configuration(proxyBeanMethods = false)
public class HttpEngine {

    static final String SELF_CALLED = "/sandbox/";

    /**
     * The API pool, as spring.task.execution.* configures it. Spring Boot makes it only when no
     * other executor is defined, and the sandbox's is.
     */
    @Bean(name = {"applicationTaskExecutor", "taskExecutor"})
    ThreadPoolTaskExecutor applicationTaskExecutor(ThreadPoolTaskExecutorBuilder builder) {
        return builder.build();
    }

    @Bean
    ThreadPoolTaskExecutor sandboxRequestExecutor(@Value("${malipo.channels.sandbox.threads:16}") int threads) {
        ThreadPoolTaskExecutor executor = new ThreadPoolTaskExecutor();
        executor.setCorePoolSize(threads);
        executor.setMaxPoolSize(threads);
        executor.setQueueCapacity(1000);
        executor.setThreadNamePrefix("sandbox-");
        return executor;
    }

    /**
     * Replaces platform-http's own engine (it steps aside for any bean of this type). With the API
     * listener on ({@link ApiServer}), the checkout and token API operations are served there.
     */
    @Bean("platform-http-engine")
    PlatformHttpEngine platformHttpEngine(@Value("${server.port:8080}") int port,
            @Value("${" + ApiServer.ENGINE_PROPERTY + ":servlet}") String engine, MalipoProperties properties,
            @Qualifier("applicationTaskExecutor") ThreadPoolTaskExecutor apiRequests,
            @Qualifier("sandboxRequestExecutor") ThreadPoolTaskExecutor sandboxRequests) {
        Semaphore inline = new Semaphore(apiRequests.getCorePoolSize());
        boolean apiListener = "vertx".equals(engine);
        long maxBodyBytes = properties.http().maxBodySize().toBytes();
        return new SpringBootPlatformHttpEngine(port, apiRequests) {
            @Override
            public PlatformHttpConsumer createConsumer(PlatformHttpEndpoint endpoint, Processor processor) {
                if (apiListener && ApiEdge.serves(endpoint.getPath())) {
                    return new OnApiListener(endpoint, processor, ApiServer.ROUTER, maxBodyBytes);
                }
                if (endpoint.getPath().startsWith(SELF_CALLED)) {
                    return new SpringBootPlatformHttpConsumer(endpoint, processor, sandboxRequests);
                }
                return new InlineFirst(endpoint, processor, apiRequests, inline);
            }
        };
    }

    /**
     * Runs a request's route on the web server's own thread while fewer than the API pool's core
     * size do, and hands it to the pool as platform-http does only beyond that. The hand-over costs
     * a thread switch and a second pass through the servlet filters and Spring's dispatcher (the
     * async dispatch that writes the answer) on every request. The bound keeps what the separate
     * sandbox pool is for: requests waiting on a sandbox answer can never hold every web server
     * thread, so the sandbox request still finds one to be accepted on.
     */
    static final class InlineFirst extends SpringBootPlatformHttpConsumer {

        private static final Logger LOG = LoggerFactory.getLogger(InlineFirst.class);
        private final Semaphore inline;

        InlineFirst(PlatformHttpEndpoint endpoint, Processor processor, Executor pool, Semaphore inline) {
            super(endpoint, processor, pool);
            this.inline = inline;
        }

        @Override
        public CompletableFuture<Void> service(HttpServletRequest request, HttpServletResponse response) {
            if (!inline.tryAcquire()) {
                return super.service(request, response);
            }
            try {
                handleService(request, response);
            } catch (Exception e) {
                // As platform-http does: the route's own error handling has answered whatever it could.
                LOG.warn("Error handling request due to: {}", e.getMessage(), e);
                if (!response.isCommitted()) {
                    try {
                        response.sendError(HttpServletResponse.SC_INTERNAL_SERVER_ERROR);
                    } catch (IOException ignored) {
                        // the client has gone
                    }
                }
            } finally {
                inline.release();
            }
            // Spring MVC treats a null future as a request already answered: no async dispatch.
            return null;
        }

        /**
         * An answer already in memory goes out with its Content-Length in one write. platform-http
         * would otherwise send it chunked: the body, then the closing chunk, each its own write. A
         * streamed body (the dashboard's CSV export) stays chunked.
         */
        @Override
        protected void afterProcess(HttpServletResponse response, Exchange exchange) throws Exception {
            Message answer = exchange.getMessage();
            Object body = answer.getBody();
            if ((body instanceof String || body instanceof byte[]) && answer.getHeader(Exchange.HTTP_CHUNKED) == null) {
                answer.setHeader(Exchange.HTTP_CHUNKED, false);
            }
            super.afterProcess(response, exchange);
        }
    }

    /**
     * An operation served on the API listener. The body is read whole (up to the cap) by Vert.x
     * and kept as sent; Camel's own form parsing stays off, as on the servlet container (it would
     * turn a form body's fields into message headers).
     */
    static final class OnApiListener extends VertxPlatformHttpConsumer {

        OnApiListener(PlatformHttpEndpoint endpoint, Processor processor, String router, long maxBodyBytes) {
            super(useOwnBodyHandler(endpoint), processor,
                    List.of(BodyHandler.create(false).setBodyLimit(maxBodyBytes)), router);
        }

        private static PlatformHttpEndpoint useOwnBodyHandler(PlatformHttpEndpoint endpoint) {
            endpoint.setUseBodyHandler(false);
            return endpoint;
        }

        @Override
        protected Future<Void> processHttpRequest(Exchange exchange, RoutingContext context) {
            return super.processHttpRequest(exchange, context).map(done -> {
                HttpCall call = ApiEdge.call(context);
                HttpExchanges.setCall(exchange, call);
                exchange.getIn().setBody(call.body());
                return done;
            });
        }
    }
}
