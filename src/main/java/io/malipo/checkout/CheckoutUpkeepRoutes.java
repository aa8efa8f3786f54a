package io.malipo.checkout;

import java.util.Map;
import org.apache.camel.Processor;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.component.sql.SqlConstants;
import org.springframework.stereotype.Component;

/** Checkout's timed work, started by routes/schedules.yaml at the endpoints published here. */
@Component
public class CheckoutUpkeepRoutes extends RouteBuilder {

    /** Orders past their expiry are cancelled (EXPIRED), whether or not anyone looks at them. */
    public static final String EXPIRE_DUE = "direct:orders-expire-due";
    /** Replay records and signature uses older than twice the timestamp tolerance are forgotten. */
    public static final String FORGET_REPLAYS = "direct:checkout-replays-forget";
    private static final String SQL = "sql:classpath:sql/checkout/";

    private final Orders orders;
    private final CheckoutProperties properties;

    public CheckoutUpkeepRoutes(Orders orders, CheckoutProperties properties) {
        this.orders = orders;
        this.properties = properties;
    }

    @Override
    public void configure() {
        from(EXPIRE_DUE).routeId("orders-expire-due")
                .process(e -> e.getIn().setBody(Map.of("now", orders.now())))
                .to(SQL + "update-orders-expired.sql")
                // Run every minute: a line for every quiet minute would bury the ones that matter.
                .filter(header(SqlConstants.SQL_UPDATE_COUNT).isGreaterThan(0))
                .log("Expired ${header.CamelSqlUpdateCount} order(s)");

        // Past twice the tolerance, a replayed request fails its Timestamp check anyway.
        Processor cutoff = e -> e.getIn().setBody(Map.of("cutoff",
                orders.now().minus(properties.timestampTolerance().multipliedBy(2))));
        from(FORGET_REPLAYS).routeId("checkout-replays-forget")
                .process(cutoff)
                .to(SQL + "delete-replays-older.sql")
                .process(cutoff)
                .to(SQL + "delete-signature-uses-older.sql");
    }
}
