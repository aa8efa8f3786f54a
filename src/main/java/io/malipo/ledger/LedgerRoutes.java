package io.malipo.ledger;

import io.malipo.ledger.Ledger.Posting;
import java.util.List;
import org.apache.camel.builder.RouteBuilder;
import org.springframework.stereotype.Component;

/** Postings to the ledger and balances, for the other packages; postings run in the caller's transaction. */
@Component
public class LedgerRoutes extends RouteBuilder {

    private static final String SQL = "sql:classpath:sql/ledger/";

    private final Ledger ledger;

    public LedgerRoutes(Ledger ledger) {
        this.ledger = ledger;
    }

    @Override
    public void configure() {
        errorHandler(noErrorHandler());

        from(LedgerEndpoints.POST).routeId("ledger-post")
                .process(e -> ledger.post(e.getIn().getBody(Posting.class)));

        from(LedgerEndpoints.POST_ADJUSTMENT).routeId("ledger-post-adjustment")
                .process(e -> ledger.adjust(e.getIn().getBody(Posting.class)));

        from(LedgerEndpoints.POST_COLLECTION).routeId("ledger-post-collection")
                .process(e -> ledger.post(e.getIn().getBody(CollectedPayment.class).posting()));

        from(LedgerEndpoints.BALANCES).routeId("ledger-balances")
                .to(SQL + "select-balances.sql")
                .process(e -> e.getIn().setBody(Balances.of(e.getIn().getBody(List.class))));

        from(LedgerEndpoints.ENTRIES_FOR_SOURCE).routeId("ledger-entries-for-source")
                .to(SQL + "select-entries-for-source.sql?outputClass=io.malipo.ledger.LedgerEntry");
    }
}
