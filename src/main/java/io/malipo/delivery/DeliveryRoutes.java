package io.malipo.delivery;

import io.malipo.common.KeysetPages;
import io.malipo.common.Rows;
import io.malipo.common.Transactions;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Semaphore;
import java.util.stream.Collectors;
import org.apache.camel.ProducerTemplate;
import org.apache.camel.builder.RouteBuilder;
import org.springframework.stereotype.Component;

/**
 * The outbox. {@code direct:delivery-enqueue} writes what must reach a merchant inside the
 * caller's transaction, so it exists exactly when the change that caused it does; the
 * dispatcher sends it afterwards. Body in: a {@link NewDelivery}.
 */
@Component
public class DeliveryRoutes extends RouteBuilder {

    public static final String DELIVERY_ID = "malipoDeliveryId";
    /** One try of a delivery, with Camel's quick retries: served by routes/callbacks.yaml, where ops tune them. */
    public static final String POST = "direct:delivery-post";
    private static final String SQL = "sql:classpath:sql/delivery/";
    private static final String SOURCE_QUERY = "malipoDeliverySourceQuery";
    private static final String SOURCE_DELIVERIES = "malipoSourceDeliveries";
    private static final String NUDGE_QUEUE = "seda:delivery-nudge?size=1";
    private static final String NUDGE = NUDGE_QUEUE + "&discardWhenFull=true";

    private final Dispatcher dispatcher;
    private final DeliveryProperties properties;
    private final Map<DeliveryKind, DeliverySigner> signers;
    private final Semaphore slots;
    private final Map<String, Semaphore> targets = new ConcurrentHashMap<>();
    private ProducerTemplate nudges;
    private ProducerTemplate attempts;
    private ExecutorService workers;

    public DeliveryRoutes(Dispatcher dispatcher, DeliveryProperties properties, List<DeliverySigner> signers) {
        this.dispatcher = dispatcher;
        this.signers = new EnumMap<>(DeliveryKind.class);
        signers.forEach(signer -> this.signers.put(signer.kind(), signer));
        this.properties = properties;
        this.slots = new Semaphore(properties.parallelism());
    }

    @Override
    public void configure() {
        nudges = getContext().createProducerTemplate();
        from(DeliveryEndpoints.LIST).routeId("delivery-list").errorHandler(noErrorHandler())
                .process(KeysetPages.oneMore())
                .to(SQL + "select-deliveries.sql")
                .process(e -> e.getIn().setBody(page(e.getIn().getBody(List.class), KeysetPages.limit(e))));

        from(DeliveryEndpoints.GET).routeId("delivery-get").errorHandler(noErrorHandler())
                .setBody(e -> Map.of("id", e.getProperty(DELIVERY_ID)))
                .to(SQL + "select-delivery.sql?outputType=SelectOne")
                .filter(body().isNotNull())
                    .setProperty("malipoDeliveryRow", body())
                    .setBody(e -> Map.of("id", e.getProperty(DELIVERY_ID)))
                    .to(SQL + "select-attempts.sql")
                    .process(e -> e.getIn().setBody(view(e.getProperty("malipoDeliveryRow", Map.class),
                            e.getIn().getBody(List.class))))
                .end();

        from(DeliveryEndpoints.FOR_SOURCE).routeId("delivery-for-source").errorHandler(noErrorHandler())
                .setProperty(SOURCE_QUERY, body())
                .to(SQL + "select-deliveries-for-source.sql?outputClass=io.malipo.delivery.SourceDelivery")
                .setProperty(SOURCE_DELIVERIES, body())
                .setBody(exchangeProperty(SOURCE_QUERY))
                .to(SQL + "select-attempts-for-source.sql?outputClass=io.malipo.delivery.DeliveryAttempt")
                .process(e -> e.getIn().setBody(trails(e.getProperty(SOURCE_DELIVERIES, List.class),
                        e.getIn().getBody(List.class))));

        from(DeliveryEndpoints.RESEND).routeId("delivery-resend").errorHandler(noErrorHandler())
                .setBody(e -> Map.of("id", e.getProperty(DELIVERY_ID), "now", dispatcher.now()))
                .to(SQL + "update-resend.sql")
                .to(DeliveryEndpoints.GET);

        // Every instance sends; SKIP LOCKED claims keep them from sending one row twice at once.
        // The timer finds what is due later (rescheduled attempts, rows of stopped instances);
        // a nudge after each commit that enqueued something sends it at once.
        from("timer:delivery-dispatch?delay=1000&period=" + properties.pollInterval().toMillis())
                .routeId("delivery-dispatch")
                .to("direct:delivery-dispatch-batch");

        // Nudges coalesce: one waits while a batch runs, the rest are dropped (that batch or the
        // next one claims their rows anyway).
        from(NUDGE_QUEUE).routeId("delivery-dispatch-now")
                .to("direct:delivery-dispatch-batch");

        workers = getContext().getExecutorServiceManager().newFixedThreadPool(this, "deliveries",
                properties.parallelism());
        attempts = getContext().createProducerTemplate();
        from("direct:delivery-dispatch-batch").routeId("delivery-dispatch-batch")
                .process(e -> dispatchBatch());

        from("direct:delivery-attempt").routeId("delivery-attempt")
                .setProperty(Dispatcher.ROW, body())
                .process(dispatcher::check)
                .filter(exchangeProperty(Dispatcher.REFUSED).isNull())
                    .process(e -> {
                        ClaimedDelivery delivery = e.getProperty(Dispatcher.ROW, ClaimedDelivery.class);
                        signers.get(delivery.kind()).sign(e, delivery);
                    })
                .end()
                .choice()
                    .when(exchangeProperty(Dispatcher.REFUSED).isNotNull())
                        .process(dispatcher::refused)
                    .otherwise()
                        .to("direct:delivery-send")
                .end();

        // Camel's quick retries happen inside routes/callbacks.yaml; what is left failing
        // after them is rescheduled here. A target found not to be public is refused for good.
        from("direct:delivery-send").routeId("delivery-send")
                .process(dispatcher::started)
                .doTry()
                    .to(POST)
                    .choice()
                        .when(exchangeProperty(Dispatcher.REFUSED).isNotNull())
                            .process(dispatcher::refused)
                        .otherwise()
                            .process(dispatcher::delivered)
                    .end()
                .endDoTry()
                .doCatch(Exception.class)
                    .process(dispatcher::notDelivered)
                .end();

        from(DeliveryEndpoints.ENQUEUE).routeId("delivery-enqueue").errorHandler(noErrorHandler())
                // Refuses any other body: its keys would not be checked by the statement.
                .convertBodyTo(NewDelivery.class)
                .to(SQL + "insert-delivery.sql")
                .process(e -> nudgeAfterCommit());
    }

    /**
     * Claims only as many due rows as can start now and hands each to a sender without waiting
     * for the others, so a slow receiver holds its own rows, never a batch. A host may have
     * {@code per-target} attempts running at once: rows of a host already that busy are not
     * claimed, and one claimed beyond its host's slots in the same pass goes back, uncounted.
     */
    private synchronized void dispatchBatch() {
        int free = Math.min(slots.availablePermits(), properties.batch());
        if (free <= 0) {
            return;
        }
        List<String> busy = targets.entrySet().stream().filter(t -> t.getValue().availablePermits() == 0)
                .map(Map.Entry::getKey).toList();
        for (ClaimedDelivery row : dispatcher.claim(free, busy)) {
            Semaphore target = targets.computeIfAbsent(row.host(), h -> new Semaphore(properties.perTarget()));
            if (!target.tryAcquire()) {
                dispatcher.unclaim(row);
                continue;
            }
            if (!slots.tryAcquire()) {
                target.release();
                dispatcher.unclaim(row);
                continue;
            }
            workers.execute(() -> {
                try {
                    attempts.sendBody("direct:delivery-attempt", row);
                } finally {
                    target.release();
                    slots.release();
                }
            });
        }
    }

    /** Sends what was just enqueued as soon as the caller's transaction commits (at once without one). */
    private void nudgeAfterCommit() {
        Transactions.afterCommit(() -> nudges.sendBody(NUDGE, null));
    }

    private static List<DeliveryTrail> trails(List<SourceDelivery> deliveries, List<DeliveryAttempt> attempts) {
        Map<UUID, List<DeliveryAttempt>> byDelivery = attempts.stream()
                .collect(Collectors.groupingBy(DeliveryAttempt::deliveryId));
        return deliveries.stream().map(d -> new DeliveryTrail(d, byDelivery.getOrDefault(d.id(), List.of()))).toList();
    }

    private static DeliveryPage page(List<Map<String, Object>> rows, int limit) {
        List<DeliveryView> views = rows.stream().limit(limit).map(r -> view(r, null)).toList();
        String next = KeysetPages.nextBefore(rows, limit);
        return new DeliveryPage(views, next != null, next);
    }

    private static DeliveryView view(Map<String, Object> row, List<Map<String, Object>> attempts) {
        return new DeliveryView(Rows.uuid(row, "id"), Rows.uuid(row, "merchant_id"), Rows.bool(row, "livemode"),
                Rows.string(row, "kind"), Rows.string(row, "target_url"), Rows.string(row, "status"),
                ((Number) row.get("attempts")).intValue(), Rows.instant(row, "next_attempt_at"),
                row.get("last_status") == null ? null : ((Number) row.get("last_status")).intValue(),
                Rows.string(row, "last_error"), Rows.string(row, "source_type"), Rows.uuid(row, "source_id"),
                Rows.instant(row, "created_at"), Rows.instant(row, "delivered_at"), Rows.string(row, "payload"),
                attempts == null ? null : attempts.stream().map(a -> new DeliveryView.Attempt(
                        ((Number) a.get("attempt")).intValue(), Rows.instant(a, "attempted_at"),
                        ((Number) a.get("duration_ms")).intValue(),
                        a.get("status_code") == null ? null : ((Number) a.get("status_code")).intValue(),
                        Rows.string(a, "error"), Rows.string(a, "instance"))).toList());
    }
}
