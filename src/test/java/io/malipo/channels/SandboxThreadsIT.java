package io.malipo.channels;

import static org.assertj.core.api.Assertions.assertThat;

import io.malipo.testsupport.ApiMerchant;
import io.malipo.testsupport.Http;
import io.malipo.testsupport.Http.Response;
import io.malipo.testsupport.PostgresIT;
import io.malipo.testsupport.TestDatabase;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * In test mode Malipo calls its own sandbox over HTTP while the caller's request waits. When
 * every thread that serves the APIs is such a caller, the sandbox must still have threads of its
 * own to answer with, or every test-mode payment waits for the connection timeout and fails.
 */
@DirtiesContext
class SandboxThreadsIT extends PostgresIT {

    private static final int API_THREADS = 4;

    @DynamicPropertySource
    static void fewApiThreads(DynamicPropertyRegistry registry) {
        registry.add("malipo.test.database-url", () -> TestDatabase.separate("sandbox-threads"));
        registry.add("spring.task.execution.pool.core-size", () -> String.valueOf(API_THREADS));
        registry.add("spring.task.execution.pool.max-size", () -> String.valueOf(API_THREADS));
    }

    @Test
    void collectionsThatOccupyEveryApiThreadStillReachTheSandbox() throws Exception {
        Http api = ApiMerchant.create(http, admin).api();
        ExecutorService clients = Executors.newFixedThreadPool(API_THREADS * 3);
        List<Callable<Response>> collections = new ArrayList<>();
        for (int i = 0; i < API_THREADS * 3; i++) {
            String body = "{\"amount\": 1000, \"currency\": \"TZS\", \"msisdn\": \"255754000000\", \"reference\": \"T-"
                    + i + "\"}";
            collections.add(() -> api.post("/api/v1/collections", body));
        }
        List<Response> answers = new ArrayList<>();
        long started = System.nanoTime();
        for (Future<Response> answer : clients.invokeAll(collections)) {
            answers.add(answer.get());
        }
        long millis = (System.nanoTime() - started) / 1_000_000;
        clients.shutdown();

        Map<Integer, Long> statuses = answers.stream().collect(Collectors.groupingBy(Response::status, TreeMap::new,
                Collectors.counting()));
        System.out.printf("%d concurrent test-mode collections on %d API threads: %s in %d ms%n", answers.size(),
                API_THREADS, statuses, millis);
        assertThat(statuses).containsOnlyKeys(201);
    }
}
