package io.malipo.common;

import com.sun.management.HotSpotDiagnosticMXBean;
import com.sun.management.VMOption;
import java.lang.management.ManagementFactory;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.stereotype.Component;

/**
 * Gives back the memory starting took. Building the context, the routes and the REST document
 * leaves some 250 MB of garbage in a heap the JVM sized for the whole machine, while what Malipo
 * keeps is about 60 MB; the JVM returns unused heap to the system only after a full collection,
 * and only down to its free-ratio bounds. So, once started, Malipo tightens those bounds (unless
 * they were set on the command line), asks the collector to run once a minute when otherwise
 * idle so a quiet instance shrinks again after a busy hour, and collects once.
 * {@code malipo.memory.trim-after-start=false} leaves the JVM's own sizing alone.
 */
@Component
public class HeapAfterStart implements ApplicationListener<ApplicationReadyEvent> {

    private static final Logger LOG = LoggerFactory.getLogger(HeapAfterStart.class);
    /** Values for flags the JVM lets a running program change, applied only where still at their default. */
    private static final Map<String, String> FLAGS = Map.of(
            "MinHeapFreeRatio", "10",
            "MaxHeapFreeRatio", "30",
            "G1PeriodicGCInterval", "60000");

    private final boolean enabled;

    public HeapAfterStart(@Value("${malipo.memory.trim-after-start:true}") boolean enabled) {
        this.enabled = enabled;
    }

    @Override
    public void onApplicationEvent(ApplicationReadyEvent event) {
        if (!enabled) {
            return;
        }
        try {
            HotSpotDiagnosticMXBean vm = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
            // Min first: the JVM refuses a maximum below the current minimum.
            for (String flag : new String[] {"MinHeapFreeRatio", "MaxHeapFreeRatio", "G1PeriodicGCInterval"}) {
                VMOption option = vm.getVMOption(flag);
                if (option.getOrigin() == VMOption.Origin.DEFAULT) {
                    vm.setVMOption(flag, FLAGS.get(flag));
                }
            }
        } catch (RuntimeException e) {
            // Another JVM, or flags it does not have: its own sizing stays.
            LOG.debug("Heap bounds left as they are: {}", e.toString());
        }
        System.gc();
    }
}
