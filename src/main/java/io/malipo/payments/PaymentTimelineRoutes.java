package io.malipo.payments;

import java.util.List;
import org.apache.camel.builder.RouteBuilder;
import org.springframework.stereotype.Component;

/**
 * The reads behind a payment's page in the dashboard: the payment, then what its provider said,
 * its reversals and the contradicting reports about either, each by its own statement.
 */
@Component
public class PaymentTimelineRoutes extends RouteBuilder {

    private static final String SQL = "sql:classpath:sql/payments/";
    private static final String QUERY = "malipoTimelineQuery";
    private static final String VIEW = "malipoTimelinePayment";
    private static final String PROGRESS = "malipoTimelineProgress";
    private static final String REPORTS = "malipoTimelineReports";
    private static final String REVERSALS = "malipoTimelineReversals";

    @Override
    @SuppressWarnings("unchecked")
    public void configure() {
        from(PaymentsEndpoints.TIMELINE).routeId("payment-timeline").errorHandler(noErrorHandler())
                .setProperty(QUERY, body())
                .to(PaymentsEndpoints.VIEW)
                // Another merchant's payment, or the other mode's, ends here as null.
                .filter(body().isNotNull())
                    .setProperty(VIEW, body())
                    .setBody(exchangeProperty(QUERY))
                    .to(SQL + "select-payment-progress.sql?outputType=SelectOne"
                            + "&outputClass=io.malipo.payments.PaymentProgress")
                    .setProperty(PROGRESS, body())
                    .setBody(exchangeProperty(QUERY))
                    .to(SQL + "select-provider-reports-for-payment.sql?outputClass=io.malipo.payments.ProviderReport")
                    .setProperty(REPORTS, body())
                    .setBody(exchangeProperty(QUERY))
                    .to(SQL + "select-reversals-for-payment.sql?outputClass=io.malipo.payments.PaymentReversal")
                    .setProperty(REVERSALS, body())
                    .setBody(exchangeProperty(QUERY))
                    .to(SQL + "select-conflicts-for-payment.sql"
                            + "?outputClass=io.malipo.payments.SettlementConflictView")
                    .process(e -> e.getIn().setBody(new PaymentTimeline(e.getProperty(VIEW, PaymentView.class),
                            e.getProperty(PROGRESS, PaymentProgress.class), e.getProperty(REPORTS, List.class),
                            e.getProperty(REVERSALS, List.class), e.getIn().getBody(List.class))))
                .end();
    }
}
