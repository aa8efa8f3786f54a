package io.malipo.ledger;

import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.camel.builder.RouteBuilder;
import org.springframework.stereotype.Component;

/**
 * Postings to the ledger, each inside the caller's transaction. Body in: a map with merchantId,
 * livemode, currency, amount, fee, paymentId, provider and now.
 */
@Component
public class LedgerRoutes extends RouteBuilder {

    private static final String SQL = "sql:classpath:sql/ledger/";

    @Override
    public void configure() {
        errorHandler(noErrorHandler());

        from("direct:ledger-post-collection").routeId("ledger-post-collection")
                .process(e -> e.getIn().setBody(collectionPosting(e.getIn().getBody(Map.class))))
                .to(SQL + "insert-collection-entries.sql")
                .to(SQL + "insert-balance.sql")
                .to(SQL + "update-balance-credit.sql");

        // Body in: a map with merchantId and livemode. Body out: a Balances.
        from("direct:ledger-balances").routeId("ledger-balances")
                .to(SQL + "select-balances.sql")
                .process(e -> e.getIn().setBody(Balances.of(e.getIn().getBody(List.class))));
    }

    /** provider clearing -amount, merchant +(amount - fee), fees +fee: the entries sum to zero. */
    static Map<String, Object> collectionPosting(Map<?, ?> collection) {
        BigDecimal amount = (BigDecimal) collection.get("amount");
        BigDecimal fee = (BigDecimal) collection.get("fee");
        Map<String, Object> posting = new LinkedHashMap<>();
        posting.put("postingId", UUID.randomUUID());
        posting.put("providerEntryId", UUID.randomUUID());
        posting.put("merchantEntryId", UUID.randomUUID());
        posting.put("feeEntryId", UUID.randomUUID());
        posting.put("merchantId", collection.get("merchantId"));
        posting.put("livemode", collection.get("livemode"));
        posting.put("currency", collection.get("currency"));
        posting.put("providerAccount", "provider:" + collection.get("provider"));
        posting.put("negativeAmount", amount.negate());
        posting.put("net", amount.subtract(fee));
        posting.put("fee", fee);
        posting.put("paymentId", collection.get("paymentId"));
        posting.put("now", (OffsetDateTime) collection.get("now"));
        return posting;
    }
}
