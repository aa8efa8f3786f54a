package io.malipo.common;

import org.apache.camel.component.quartz.QuartzComponent;
import org.quartz.Scheduler;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Camel's quartz endpoints run on Spring Boot's scheduler, which keeps its jobs in the database
 * (spring.quartz.*): timed work survives restarts and, on PostgreSQL, runs once per cluster.
 */
@Configuration(proxyBeanMethods = false)
public class SchedulingConfig {

    @Bean("quartz")
    QuartzComponent quartz(Scheduler scheduler) {
        QuartzComponent component = new QuartzComponent();
        component.setScheduler(scheduler);
        return component;
    }
}
