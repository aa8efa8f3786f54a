package io.malipo.common.web;

import java.util.concurrent.Executor;
import org.apache.camel.Processor;
import org.apache.camel.component.platform.http.PlatformHttpEndpoint;
import org.apache.camel.component.platform.http.spi.PlatformHttpConsumer;
import org.apache.camel.component.platform.http.spi.PlatformHttpEngine;
import org.apache.camel.component.platform.http.springboot.SpringBootPlatformHttpConsumer;
import org.apache.camel.component.platform.http.springboot.SpringBootPlatformHttpEngine;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.task.ThreadPoolTaskExecutorBuilder;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.scheduling.concurrent.ThreadPoolTaskExecutor;

/**
 * The threads that serve REST routes. platform-http hands every request to one pool; Malipo's
 * own sandbox providers are served through it too, and in test mode an API request waits on a
 * sandbox request it made over HTTP. With one pool, requests enough to fill it would all wait
 * for sandbox answers that no thread is left to give, until the connection times out. So the
 * paths Malipo calls itself ({@value #SELF_CALLED}) get a pool of their own.
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

    /** Replaces platform-http's own engine (it steps aside for any bean of this type). */
    @Bean("platform-http-engine")
    PlatformHttpEngine platformHttpEngine(@Value("${server.port:8080}") int port,
            @Qualifier("applicationTaskExecutor") ThreadPoolTaskExecutor apiRequests,
            @Qualifier("sandboxRequestExecutor") ThreadPoolTaskExecutor sandboxRequests) {
        return new SpringBootPlatformHttpEngine(port, apiRequests) {
            @Override
            public PlatformHttpConsumer createConsumer(PlatformHttpEndpoint endpoint, Processor processor) {
                Executor pool = endpoint.getPath().startsWith(SELF_CALLED) ? sandboxRequests : apiRequests;
                return new SpringBootPlatformHttpConsumer(endpoint, processor, pool);
            }
        };
    }
}
