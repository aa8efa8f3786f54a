package io.malipo.delivery;

import io.malipo.common.KeysetPages;
import io.malipo.common.Rows;
import io.malipo.common.Transactions;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
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
    /**
     * An idle seda consumer notices that Camel is stopping only when its poll times out (1 s by
     * default), and Camel stops such consumers one after the other: with a short poll, a graceful
     * stop does not wait on them.
     */
    private static final String NUDGE_QUEUE = "seda:delivery-nudge?size=1&pollTimeout=100";
    private static final String NUDGE = NUDGE_QUEUE + "&discardWhenFull=true";

    private final Dispatcher dispatcher;
    private final DeliveryProperties properties;
    private final Map<DeliveryKind, DeliverySigner> signers;
    /** Guards the counts below: passes take slots, attempts that end give them back. */
    private final Object counts = new Object();
    /** Each host with attempts running here; forgotten when its last attempt ends. */
    private final Map<String, Host> hosts = new HashMap<>();
    /** Attempts running here. */
    private int sending;
    /** Attempts that ended here without starting a pass, so a pass can tell whether one did while it ran. */
    private long unnudged;
    /** Whether the last pass may have left due rows unread: it stopped at its limit, or every slot was taken. */
    private boolean moreDue;
    private ProducerTemplate nudges;
    private ProducerTemplate attempts;
    private ExecutorService workers;

    public DeliveryRoutes(Dispatcher dispatcher, DeliveryProperties properties, List<DeliverySigner> signers) {
        this.dispatcher = dispatcher;
        this.signers = new EnumMap<>(DeliveryKind.class);
        signers.forEach(signer -> this.signers.put(signer.kind(), signer));
        this.properties = properties;
    }

    /**
     * A host's attempts running here, and whether the last pass that read its rows may have left
     * some due: for want of room, or beyond the pass's limit.
     */
    private static final class Host {
        int running;
        boolean moreDue;
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
        // a nudge after each commit that enqueued something sends it at once, and one after an
        // attempt that freed a slot while rows were left due starts the next of a backlog.
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
     * One pass: claims only as many due rows as can start now and hands each to a sender without
     * waiting for the others, so a slow receiver holds its own rows, never a batch. A host may
     * have {@code per-target} attempts running at once: rows of a host already that busy are not
     * read, and of the others each host gets no more than its room (see {@link Dispatcher#claim}).
     *
     * <p>A pass reads no more rows than the smallest room of a host that may have more due: that
     * host's backlog is usually at the head of the queue, so its rows are read up to its room and
     * no further, rather than read to be left. Rows of other hosts beyond that limit wait for
     * the next pass, which the next attempt to end starts (see {@link #ended}). Passes run one at a
     * time: on the timer, after a commit that enqueued something, and when an attempt ends while
     * rows were left due.
     */
    private synchronized void dispatchBatch() {
        int free;
        int limit;
        List<String> busy = new ArrayList<>();
        Map<String, Integer> room = new HashMap<>();
        long unnudgedBefore;
        synchronized (counts) {
            free = Math.min(properties.parallelism() - sending, properties.batch());
            if (free <= 0) {
                // Every slot is taken: the attempt that ends first starts the next pass.
                moreDue = true;
                return;
            }
            unnudgedBefore = unnudged;
            limit = free;
            for (Map.Entry<String, Host> target : hosts.entrySet()) {
                int left = Math.max(0, properties.perTarget() - target.getValue().running);
                room.put(target.getKey(), left);
                if (left == 0) {
                    busy.add(target.getKey());
                } else if (target.getValue().moreDue) {
                    limit = Math.min(limit, left);
                }
            }
        }
        // A host with nothing running here has all its room.
        Dispatcher.Claim claim = dispatcher.claim(limit, busy, room);
        boolean again;
        synchronized (counts) {
            // Unless the pass stopped at its limit, it saw every due row of the hosts with room.
            moreDue = claim.reachedLimit();
            room.forEach((host, left) -> {
                Host target = hosts.get(host);
                if (target != null && left > 0) {
                    target.moreDue = false;
                }
            });
            for (ClaimedDelivery row : claim.rows()) {
                Host host = hosts.computeIfAbsent(row.host(), h -> new Host());
                host.running++;
                host.moreDue = claim.reachedLimit();
                sending++;
            }
            for (String host : claim.leftFor()) {
                Host target = hosts.get(host);
                if (target != null) {
                    target.moreDue = true;
                }
            }
            // An attempt that ended while this pass ran went by the flags of the pass before.
            again = unnudged != unnudgedBefore && anyMoreDue();
        }
        for (ClaimedDelivery row : claim.rows()) {
            workers.execute(() -> {
                try {
                    attempts.sendBody("direct:delivery-attempt", row);
                } finally {
                    ended(row.host());
                }
            });
        }
        if (again) {
            nudges.sendBody(NUDGE, null);
        }
    }

    /**
     * Frees the attempt's slot, and starts another pass at once when the last look left rows due
     * behind: rows of this host it had no room for, or rows anywhere beyond a pass's limit or while
     * every slot was taken. Otherwise nothing was left that a slot could start, and the timer finds
     * what falls due later.
     *
     * <p>This cannot loop hot: every nudge comes from an attempt that ended, one at most each (the
     * pass repeats the nudge of an attempt that ended while it ran, and whose own it decided
     * against on the flags of the pass before). An attempt is started only by a pass that claimed
     * a due row, so a pass that finds nothing starts nothing, and nothing ends to nudge again;
     * and the nudge queue holds one nudge, dropping the rest while it waits.
     */
    private void ended(String host) {
        boolean again;
        synchronized (counts) {
            sending--;
            Host target = hosts.get(host);
            target.running--;
            again = target.moreDue || moreDue;
            if (!again) {
                unnudged++;
            }
            if (target.running == 0) {
                // With nothing running here the host is read like any other; nothing to remember.
                hosts.remove(host);
            }
        }
        if (again) {
            nudges.sendBody(NUDGE, null);
        }
    }

    private boolean anyMoreDue() {
        return moreDue || hosts.values().stream().anyMatch(h -> h.moreDue);
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
