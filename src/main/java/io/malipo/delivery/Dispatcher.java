package io.malipo.delivery;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.malipo.common.Database;
import io.malipo.common.GroupCommit;
import io.malipo.common.HttpUrls;
import io.malipo.common.SqlFiles;
import io.malipo.common.Times;
import java.lang.management.ManagementFactory;
import java.sql.ResultSet;
import java.time.Clock;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Pattern;
import org.apache.camel.Exchange;
import org.apache.camel.http.base.HttpOperationFailedException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Sends the outbox. Each instance claims due rows in a short transaction (SKIP LOCKED, so
 * instances never claim the same row), only as many as it can start sending at once, each host
 * no more than its room, sends them,
 * and records the attempt: delivered on any 2xx; otherwise due again after the next wait of the
 * schedule, or FAILED when it is used up. A claim outlasts the longest an attempt can take, and
 * lapses after that, so rows of an instance that stopped mid-send go out again: delivery is at
 * least once, and receivers deduplicate (transid, webhook-id).
 */
@Component
public class Dispatcher {

    static final String ROW = "malipoDelivery";
    static final String URL = "malipoDeliveryUrl";
    static final String REFUSED = DeliverySigner.REFUSED;
    private static final String STARTED = "malipoDeliveryStarted";
    private static final Logger LOG = LoggerFactory.getLogger(Dispatcher.class);
    private static final int EXCERPT = 200;
    /** What the one line of an excerpt has in place of line breaks, tabs and other control characters. */
    private static final Pattern BLANKS = Pattern.compile("[\\p{Cntrl}\\s]+");

    private final NamedParameterJdbcTemplate jdbc;
    private final TransactionTemplate transactions;
    private final Clock clock;
    private final DeliveryProperties properties;
    private final boolean postgres;
    private final ObjectMapper json;
    /** Delivered attempts that end at the same moment, recorded together (PostgreSQL). */
    private final GroupCommit<Map<String, Object>> deliveredAttempts = new GroupCommit<>(this::recordDelivered);
    private final String instance = ManagementFactory.getRuntimeMXBean().getName() + ":" + UUID.randomUUID()
            .toString().substring(0, 8);

    public Dispatcher(NamedParameterJdbcTemplate jdbc, TransactionTemplate transactions, Clock clock,
            DeliveryProperties properties, Database database, ObjectMapper json) {
        this.jdbc = jdbc;
        this.json = json;
        this.postgres = database.isPostgres();
        this.transactions = transactions;
        this.clock = clock;
        this.properties = properties;
    }

    /**
     * What one claim did: the rows this instance now owns; whether the due rows it read reached
     * its limit, so that more may be due than it saw; and the hosts of rows it read but left as
     * they were, those hosts having no room for them.
     */
    public record Claim(List<ClaimedDelivery> rows, boolean reachedLimit, Set<String> leftFor) {
    }

    /**
     * Reads up to {@code most} due rows, none of them to a host in {@code busyHosts}, and claims
     * of them as many per host as {@code room} gives it ({@link DeliveryProperties#perTarget()} for
     * a host it does not name), in the order they are due: marked DELIVERING for as long as an
     * attempt with all its quick retries can take, so the claim never lapses under a running
     * attempt. A row read beyond its host's room is not claimed: it stays as it was, due, and is
     * locked only until this claim commits.
     */
    public Claim claim(int most, Collection<String> busyHosts, Map<String, Integer> room) {
        OffsetDateTime now = now();
        // NOT IN () is no SQL; a host is never empty, so this excludes nothing.
        List<String> busy = busyHosts.isEmpty() ? List.of("") : List.copyOf(busyHosts);
        Map<String, Object> pass = new HashMap<>();
        pass.put("now", now);
        pass.put("batch", most);
        pass.put("busy", busy);
        pass.put("instance", instance);
        pass.put("claimedUntil", now.plus(properties.claimFor()));
        return postgres ? claimInOneStatement(pass, most, room) : claimInATransaction(pass, most, room);
    }

    private Claim claimInOneStatement(Map<String, Object> pass, int most, Map<String, Integer> room) {
        try {
            pass.put("rooms", json.writeValueAsString(room));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("host rooms as JSON", e);
        }
        pass.put("perTarget", properties.perTarget());
        List<ClaimedDelivery> rows = new ArrayList<>();
        Set<String> left = new HashSet<>();
        int read = jdbc.query(SqlFiles.load("delivery/claim-due.sql"), pass, (ResultSet rs) -> {
            int seen = 0;
            while (rs.next()) {
                seen++;
                if (rs.getObject("id") == null) {
                    left.add(rs.getString("host"));
                } else {
                    rows.add(DueDelivery.CLAIMED.mapRow(rs, seen));
                }
            }
            return seen;
        });
        return new Claim(rows, read >= most, Set.copyOf(left));
    }

    private Claim claimInATransaction(Map<String, Object> pass, int most, Map<String, Integer> room) {
        Map<String, Integer> taken = new HashMap<>();
        Set<String> left = new HashSet<>();
        List<ClaimedDelivery> rows = new ArrayList<>();
        boolean reachedLimit = Boolean.TRUE.equals(transactions.execute(tx -> {
            List<DueDelivery> due = jdbc.query(SqlFiles.load("delivery/select-due-for-update.sql"), pass,
                    DueDelivery.ROWS);
            for (DueDelivery row : due) {
                int already = taken.getOrDefault(row.host(), 0);
                if (already < room.getOrDefault(row.host(), properties.perTarget())) {
                    taken.put(row.host(), already + 1);
                    rows.add(row.claimed());
                } else {
                    left.add(row.host());
                }
            }
            if (!rows.isEmpty()) {
                Map<String, Object> claim = new HashMap<>(pass);
                claim.put("ids", rows.stream().map(ClaimedDelivery::id).toList());
                jdbc.update(SqlFiles.load("delivery/update-claimed.sql"), claim);
            }
            return due.size() >= most;
        }));
        return new Claim(rows, reachedLimit, Set.copyOf(left));
    }

    /**
     * Where the row goes; a live-mode target must be https. Whether its address is public is
     * checked when it is resolved to connect (see {@link DeliverySender}), in both modes.
     */
    public void check(Exchange exchange) {
        ClaimedDelivery delivery = exchange.getProperty(ROW, ClaimedDelivery.class);
        String target = delivery.targetUrl();
        exchange.setProperty(URL, target);
        if (delivery.livemode() && !HttpUrls.absolute(target).map(HttpUrls::isHttps).orElse(false)) {
            exchange.setProperty(REFUSED, "live-mode callbacks go to https URLs only");
        }
    }

    public void started(Exchange exchange) {
        exchange.setProperty(STARTED, System.nanoTime());
    }

    public void delivered(Exchange exchange) {
        ClaimedDelivery row = exchange.getProperty(ROW, ClaimedDelivery.class);
        int status = exchange.getMessage().getHeader(Exchange.HTTP_RESPONSE_CODE, 200, Integer.class);
        Map<String, Object> attempt = attempt(exchange, row, status, null);
        if (postgres) {
            deliveredAttempts.write(attempt);
            return;
        }
        Map<String, Object> update = key(row);
        update.put("statusCode", status);
        update.put("now", attempt.get("attemptedAt"));
        record("delivery/update-delivered", update, attempt);
    }

    /**
     * Attempts that ended together, recorded as one statement and one commit: with many attempts
     * running, each recorded alone costs the database more than the rest of the attempt does.
     */
    private void recordDelivered(List<Map<String, Object>> attempts) {
        try {
            jdbc.update(SqlFiles.load("delivery/update-delivered-logged.sql"),
                    Map.of("instance", instance, "outcomes", json.writeValueAsString(attempts)));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("delivery outcomes as JSON", e);
        }
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

    private void reschedule(Exchange exchange, Integer status, String error, boolean permanently) {
        ClaimedDelivery row = exchange.getProperty(ROW, ClaimedDelivery.class);
        // The claim counted this attempt already.
        int attempts = row.attempts();
        List<Duration> schedule = properties.schedule();
        boolean failed = permanently || attempts > schedule.size();
        OffsetDateTime now = now();
        Map<String, Object> update = key(row);
        update.put("status", (failed ? DeliveryStatus.FAILED : DeliveryStatus.PENDING).name());
        update.put("nextAttemptAt", failed ? now : now.plus(schedule.get(attempts - 1)));
        update.put("statusCode", status);
        update.put("error", truncate(error));
        record("delivery/update-rescheduled", update, attempt(exchange, row, status, error));
        if (failed) {
            LOG.warn("Delivery {} to merchant {} FAILED after {} attempt(s): {}", row.id(), row.merchantId(),
                    attempts, error);
        } else {
            LOG.info("Delivery {} not delivered (attempt {}: {}); next at {}", row.id(), attempts, error,
                    update.get("nextAttemptAt"));
        }
    }

    /**
     * The outcome and its entry in the delivery log, at once, so the log never lags the status
     * operations see: on PostgreSQL in one statement ({@code <update>-logged.sql}), one round trip
     * where a transaction of two statements took three; on H2 in one transaction.
     */
    private void record(String update, Map<String, Object> outcome, Map<String, Object> attempt) {
        if (postgres) {
            Map<String, Object> both = new HashMap<>(outcome);
            both.putAll(attempt);
            jdbc.update(SqlFiles.load(update + "-logged.sql"), both);
            return;
        }
        transactions.executeWithoutResult(tx -> {
            jdbc.update(SqlFiles.load(update + ".sql"), outcome);
            jdbc.update(SqlFiles.load("delivery/insert-attempt.sql"), attempt);
        });
    }

    private Map<String, Object> attempt(Exchange exchange, ClaimedDelivery row, Integer status, String error) {
        Long started = exchange.getProperty(STARTED, Long.class);
        Map<String, Object> attempt = new LinkedHashMap<>(key(row));
        attempt.put("attemptId", UUID.randomUUID());
        attempt.put("attempt", row.attempts());
        attempt.put("attemptedAt", now());
        attempt.put("durationMs", started == null ? 0 : (int) ((System.nanoTime() - started) / 1_000_000));
        attempt.put("statusCode", status);
        attempt.put("error", truncate(error));
        attempt.put("answer", excerpt(exchange.getProperty(DeliverySender.ANSWER, String.class)));
        return attempt;
    }

    private Map<String, Object> key(ClaimedDelivery row) {
        Map<String, Object> key = new LinkedHashMap<>();
        key.put("id", row.id());
        key.put("instance", instance);
        return key;
    }

    OffsetDateTime now() {
        return Times.now(clock);
    }

    /**
     * The start of a receiver's answer as one line of text, at most {@value #EXCERPT} characters:
     * enough to tell a merchant why it refused, without keeping whatever a receiver streams back.
     */
    static String excerpt(String answer) {
        if (answer == null) {
            return null;
        }
        String line = BLANKS.matcher(answer).replaceAll(" ").strip();
        if (line.isEmpty()) {
            return null;
        }
        if (line.length() <= EXCERPT) {
            return line;
        }
        int end = Character.isHighSurrogate(line.charAt(EXCERPT - 2)) ? EXCERPT - 2 : EXCERPT - 1;
        return line.substring(0, end) + "…";
    }

    private static String truncate(String text) {
        return text == null || text.length() <= 500 ? text : text.substring(0, 497) + "...";
    }
}
