package io.malipo.common;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.Processor;
import org.apache.camel.ProducerTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.TransactionSystemException;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * One database transaction around a {@code direct:} sub-route, for callers that must answer its
 * failures themselves. Camel's {@code transacted()} rolls back through its own error handler,
 * which marks the exchange as handled to exhaustion: the caller's route configuration then never
 * sees the failure, and an HTTP caller answers a bare 500 instead of its surface's error. Here
 * the sub-route runs on the caller's thread inside Spring's transaction (camel-sql and
 * JdbcTemplate join it), a failure rolls it back and stays on the exchange, and the caller's
 * error handling answers it like any other.
 *
 * <p>What must commit exactly with a request's work, whichever package does the work (the token
 * API's Idempotency-Key marking its request done), registers with {@link #beforeCommit}; a
 * route that creates something names it with {@link #created}.
 */
@Component
public class Transactions {

    private static final String BEFORE_COMMIT = "malipoBeforeCommit";
    private static final String CREATED = "malipoCreated";

    private final TransactionTemplate transactions;
    private final ProducerTemplate producer;

    public Transactions(TransactionTemplate transactions, CamelContext camel) {
        this.transactions = transactions;
        this.producer = camel.createProducerTemplate();
    }

    /** What a request's work made: PAYMENT, PAYOUT or REVERSAL and its id. */
    public record Created(String type, UUID id) {
    }

    /**
     * Runs {@code action} once the current transaction has committed, so what it starts (a send, a
     * nudge) sees the rows the transaction wrote and never runs for work rolled back; at once when
     * there is no transaction.
     */
    public static void afterCommit(Runnable action) {
        if (!TransactionSynchronizationManager.isSynchronizationActive()) {
            action.run();
            return;
        }
        TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
            @Override
            public void afterCommit() {
                action.run();
            }
        });
    }

    /** A processor that sends the exchange to the sub-route at uri (a direct: endpoint) in one transaction. */
    public Processor in(String uri) {
        return exchange -> {
            try {
                transactions.executeWithoutResult(status -> {
                    producer.send(uri, exchange);
                    if (exchange.getException() == null) {
                        runBeforeCommit(exchange);
                    }
                    if (exchange.getException() != null) {
                        status.setRollbackOnly();
                    }
                });
            } catch (TransactionSystemException failed) {
                if (exchange.getException() == null) {
                    // The commit itself failed.
                    throw failed;
                }
                // The work failed, and so did its rollback: the connection went with the database.
                // Nothing was committed; the work's own failure is what the caller answers.
                exchange.getException().addSuppressed(failed);
            }
        };
    }

    /**
     * Runs {@code step} inside every transaction of this exchange, after the sub-route's work and
     * before the commit; a step that throws rolls the work back.
     */
    @SuppressWarnings("unchecked")
    public static void beforeCommit(Exchange exchange, Processor step) {
        List<Processor> steps = exchange.getProperty(BEFORE_COMMIT, List.class);
        if (steps == null) {
            steps = new ArrayList<>();
            exchange.setProperty(BEFORE_COMMIT, steps);
        }
        steps.add(step);
    }

    /** Names what the current transaction's work made, for the steps that run before it commits. */
    public static void created(Exchange exchange, String type, UUID id) {
        exchange.setProperty(CREATED, new Created(type, id));
    }

    /** What the exchange's work made, or null. */
    public static Created created(Exchange exchange) {
        return exchange.getProperty(CREATED, Created.class);
    }

    @SuppressWarnings("unchecked")
    private static void runBeforeCommit(Exchange exchange) {
        List<Processor> steps = exchange.getProperty(BEFORE_COMMIT, List.class);
        if (steps == null) {
            return;
        }
        try {
            for (Processor step : steps) {
                step.process(exchange);
            }
        } catch (Exception e) {
            exchange.setException(e);
        }
    }
}
