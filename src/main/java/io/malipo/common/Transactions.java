package io.malipo.common;

import org.apache.camel.CamelContext;
import org.apache.camel.Processor;
import org.apache.camel.ProducerTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * One database transaction around a {@code direct:} sub-route, for callers that must answer its
 * failures themselves. Camel's {@code transacted()} rolls back through its own error handler,
 * which marks the exchange as handled to exhaustion: the caller's route configuration then never
 * sees the failure, and an HTTP caller answers a bare 500 instead of its surface's error. Here
 * the sub-route runs on the caller's thread inside Spring's transaction (camel-sql and
 * JdbcTemplate join it), a failure rolls it back and stays on the exchange, and the caller's
 * error handling answers it like any other.
 */
@Component
public class Transactions {

    private final TransactionTemplate transactions;
    private final ProducerTemplate producer;

    public Transactions(TransactionTemplate transactions, CamelContext camel) {
        this.transactions = transactions;
        this.producer = camel.createProducerTemplate();
    }

    /** A processor that sends the exchange to the sub-route at uri (a direct: endpoint) in one transaction. */
    public Processor in(String uri) {
        return exchange -> transactions.executeWithoutResult(status -> {
            producer.send(uri, exchange);
            if (exchange.getException() != null) {
                status.setRollbackOnly();
            }
        });
    }
}
