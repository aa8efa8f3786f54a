package io.malipo.ledger;

import io.malipo.ledger.Ledger.Line;
import io.malipo.ledger.Ledger.Posting;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.UUID;
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
                .process(e -> ledger.post(collectionPosting(e.getIn().getBody(Map.class))));

        from(LedgerEndpoints.BALANCES).routeId("ledger-balances")
                .to(SQL + "select-balances.sql")
                .process(e -> e.getIn().setBody(Balances.of(e.getIn().getBody(List.class))));
    }

    /** provider clearing -amount, merchant +(amount - fee), fees +fee. */
    static Posting collectionPosting(Map<?, ?> collection) {
        BigDecimal amount = (BigDecimal) collection.get("amount");
        BigDecimal fee = (BigDecimal) collection.get("fee");
        return new Posting((UUID) collection.get("merchantId"), (Boolean) collection.get("livemode"),
                (String) collection.get("currency"), "PAYMENT", (UUID) collection.get("paymentId"),
                List.of(new Line(Ledger.provider((String) collection.get("provider")), amount.negate()),
                        new Line(Ledger.MERCHANT, amount.subtract(fee)), new Line(Ledger.FEES, fee)),
                (OffsetDateTime) collection.get("now"));
    }
}
