package io.malipo.faults;

import io.malipo.testsupport.MalipoProcess;
import io.malipo.testsupport.TestDatabase;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/**
 * What every Malipo child of the fault tests runs with: production settings, except that what
 * production does in minutes happens in seconds, so a test sees recovery finish within its run.
 */
final class FaultSettings {

    /** Waits between delivery attempts: long enough to see the schedule, short enough to finish. */
    static final String SCHEDULE = "1s,2s,3s,5s,8s";

    private FaultSettings() {
    }

    static MalipoProcess.Builder malipo(String name, String jdbcUrl) {
        return MalipoProcess.on(name, jdbcUrl)
                // Payments whose provider report was lost with an instance are asked about after 2 s,
                // every 2 s; one the provider never heard of fails after 20 s.
                .property("malipo.channels.reconcile-after", "2s")
                .property("malipo.channels.reconcile-every", "2s")
                .property("malipo.channels.give-up-after", "20s")
                .property("malipo.schedules.reconcile-payments", "0/2 * * * * ?")
                // A claim lasts one try of 2 s, one quick retry and 2 s of margin: rows a dead
                // instance claimed are free again about 6 s after it claimed them.
                .property("malipo.delivery.attempt-timeout", "2s")
                .property("malipo.delivery.quick-retries", "1")
                .property("malipo.delivery.claim-timeout", "1s")
                .property("malipo.delivery.claim-margin", "2s")
                .property("malipo.delivery.schedule", SCHEDULE)
                // An idle scheduler looks for triggers others stored every 30 s by default; a dead
                // instance's running jobs are taken over once it has missed its check-ins.
                .property("spring.quartz.properties.org.quartz.scheduler.idleWaitTime", "1000")
                .property("spring.quartz.properties.org.quartz.jobStore.clusterCheckinInterval", "2000");
    }

    /** Queries on a database of the shared test server, for checking what the children stored. */
    static JdbcTemplate jdbc(String jdbcUrl) {
        return new JdbcTemplate(new DriverManagerDataSource(jdbcUrl, TestDatabase.user(), TestDatabase.password()));
    }
}
