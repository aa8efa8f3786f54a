package io.malipo.delivery;

import inet.ipaddr.IPAddress;
import inet.ipaddr.IPAddressString;
import io.malipo.common.Rows;
import io.malipo.common.SqlFiles;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.time.Clock;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.camel.Exchange;
import org.apache.camel.http.base.HttpOperationFailedException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Sends the outbox. Each instance claims due rows in a short transaction (SKIP LOCKED, so
 * instances never claim the same row), sends them, and records the attempt: delivered on any
 * 2xx; otherwise due again after the next wait of the schedule, or FAILED when it is used up.
 * A claim lapses after the claim timeout, so rows of an instance that stopped mid-send go out
 * again: delivery is at least once, and receivers deduplicate (transid, webhook-id).
 */
@Component
public class Dispatcher {

    static final String ROW = "malipoDelivery";
    static final String URL = "malipoDeliveryUrl";
    static final String REFUSED = "malipoDeliveryRefused";
    private static final String STARTED = "malipoDeliveryStarted";
    private static final Logger LOG = LoggerFactory.getLogger(Dispatcher.class);
    private static final List<IPAddress> NOT_PUBLIC = List.of(
            new IPAddressString("100.64.0.0/10").getAddress(),
            new IPAddressString("fc00::/7").getAddress(),
            new IPAddressString("0.0.0.0/8").getAddress());

    private final NamedParameterJdbcTemplate jdbc;
    private final TransactionTemplate transactions;
    private final Clock clock;
    private final DeliveryProperties properties;
    private final String instance = ManagementFactory.getRuntimeMXBean().getName() + ":" + UUID.randomUUID()
            .toString().substring(0, 8);

    public Dispatcher(NamedParameterJdbcTemplate jdbc, TransactionTemplate transactions, Clock clock,
            DeliveryProperties properties) {
        this.jdbc = jdbc;
        this.transactions = transactions;
        this.clock = clock;
        this.properties = properties;
    }

    /** The rows this instance now owns, marked DELIVERING until the claim timeout. */
    public List<Map<String, Object>> claim() {
        OffsetDateTime now = now();
        List<UUID> ids = transactions.execute(tx -> {
            List<UUID> due = jdbc.queryForList(SqlFiles.load("delivery/select-due-for-update.sql"),
                    Map.of("now", now, "batch", properties.batch()), UUID.class);
            if (!due.isEmpty()) {
                jdbc.update(SqlFiles.load("delivery/update-claimed.sql"), Map.of("ids", due, "instance", instance,
                        "claimedUntil", now.plus(properties.claimTimeout())));
            }
            return due;
        });
        return ids == null || ids.isEmpty() ? List.of()
                : jdbc.queryForList(SqlFiles.load("delivery/select-claimed.sql"), Map.of("ids", ids));
    }

    /**
     * Live-mode targets must be https and public: never loopback, private, link-local (which
     * includes cloud metadata endpoints) or otherwise internal addresses.
     */
    @SuppressWarnings("unchecked")
    public void check(Exchange exchange) {
        Map<String, Object> row = exchange.getProperty(ROW, Map.class);
        String target = Rows.string(row, "target_url");
        exchange.setProperty(URL, target);
        if (!Rows.bool(row, "livemode")) {
            return;
        }
        try {
            URI uri = URI.create(target);
            if (!"https".equalsIgnoreCase(uri.getScheme())) {
                exchange.setProperty(REFUSED, "live-mode callbacks go to https URLs only");
                return;
            }
            for (InetAddress address : InetAddress.getAllByName(uri.getHost())) {
                if (!isPublic(address)) {
                    exchange.setProperty(REFUSED, "the target resolves to a non-public address (" + address
                            .getHostAddress() + ")");
                    return;
                }
            }
        } catch (IllegalArgumentException | UnknownHostException e) {
            exchange.setProperty(REFUSED, "the target host cannot be resolved: " + e.getMessage());
        }
    }

    static boolean isPublic(InetAddress address) {
        if (address.isAnyLocalAddress() || address.isLoopbackAddress() || address.isLinkLocalAddress()
                || address.isSiteLocalAddress() || address.isMulticastAddress()) {
            return false;
        }
        IPAddress ip = new IPAddressString(address.getHostAddress()).getAddress();
        return ip != null && NOT_PUBLIC.stream().noneMatch(block -> block.contains(ip));
    }

    public void started(Exchange exchange) {
        exchange.setProperty(STARTED, System.nanoTime());
    }

    @SuppressWarnings("unchecked")
    public void delivered(Exchange exchange) {
        Map<String, Object> row = exchange.getProperty(ROW, Map.class);
        int status = exchange.getMessage().getHeader(Exchange.HTTP_RESPONSE_CODE, 200, Integer.class);
        Map<String, Object> update = key(row);
        update.put("statusCode", status);
        update.put("now", now());
        // One transaction, so the log never lags the status operations see.
        transactions.executeWithoutResult(tx -> {
            jdbc.update(SqlFiles.load("delivery/update-delivered.sql"), update);
            attempt(exchange, row, status, null);
        });
    }

    public void notDelivered(Exchange exchange) {
        Throwable failure = exchange.getProperty(Exchange.EXCEPTION_CAUGHT, Throwable.class);
        Integer status = failure instanceof HttpOperationFailedException http ? http.getStatusCode() : null;
        String error = failure == null ? "not delivered" : status != null ? "HTTP " + status
                : failure.getClass().getSimpleName() + ": " + failure.getMessage();
        reschedule(exchange, status, error, false);
    }

    public void refused(Exchange exchange) {
        reschedule(exchange, null, exchange.getProperty(REFUSED, String.class), true);
    }

    @SuppressWarnings("unchecked")
    private void reschedule(Exchange exchange, Integer status, String error, boolean permanently) {
        Map<String, Object> row = exchange.getProperty(ROW, Map.class);
        // The claim counted this attempt already.
        int attempts = ((Number) row.get("attempts")).intValue();
        List<Duration> schedule = properties.schedule();
        boolean failed = permanently || attempts > schedule.size();
        OffsetDateTime now = now();
        Map<String, Object> update = key(row);
        update.put("status", failed ? "FAILED" : "PENDING");
        update.put("nextAttemptAt", failed ? now : now.plus(schedule.get(attempts - 1)));
        update.put("statusCode", status);
        update.put("error", truncate(error));
        transactions.executeWithoutResult(tx -> {
            jdbc.update(SqlFiles.load("delivery/update-rescheduled.sql"), update);
            attempt(exchange, row, status, error);
        });
        if (failed) {
            LOG.warn("Delivery {} to merchant {} FAILED after {} attempt(s): {}", row.get("id"), row.get("merchant_id"),
                    attempts, error);
        } else {
            LOG.info("Delivery {} not delivered (attempt {}: {}); next at {}", row.get("id"), attempts, error,
                    update.get("nextAttemptAt"));
        }
    }

    private void attempt(Exchange exchange, Map<String, Object> row, Integer status, String error) {
        Long started = exchange.getProperty(STARTED, Long.class);
        Map<String, Object> attempt = new LinkedHashMap<>(key(row));
        attempt.put("attemptId", UUID.randomUUID());
        attempt.put("attempt", ((Number) row.get("attempts")).intValue());
        attempt.put("attemptedAt", now());
        attempt.put("durationMs", started == null ? 0 : (int) ((System.nanoTime() - started) / 1_000_000));
        attempt.put("statusCode", status);
        attempt.put("error", truncate(error));
        jdbc.update(SqlFiles.load("delivery/insert-attempt.sql"), attempt);
    }

    private Map<String, Object> key(Map<String, Object> row) {
        Map<String, Object> key = new LinkedHashMap<>();
        key.put("id", row.get("id"));
        key.put("instance", instance);
        return key;
    }

    OffsetDateTime now() {
        return OffsetDateTime.now(clock).withOffsetSameInstant(ZoneOffset.UTC).truncatedTo(ChronoUnit.MICROS);
    }

    private static String truncate(String text) {
        return text == null || text.length() <= 500 ? text : text.substring(0, 497) + "...";
    }
}
