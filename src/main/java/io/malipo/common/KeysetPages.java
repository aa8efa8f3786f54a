package io.malipo.common;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.camel.Exchange;
import org.apache.camel.Processor;

/**
 * Pages of the operations lists (newest first by seq, never OFFSET): one row more than the page
 * is read, so the page knows whether another follows without counting.
 */
public final class KeysetPages {

    private static final String LIMIT = "malipoPageLimit";

    private KeysetPages() {
    }

    /** Body in: a query map with limit; asks for one row more, and keeps the limit for {@link #limit}. */
    public static Processor oneMore() {
        return exchange -> {
            @SuppressWarnings("unchecked")
            Map<String, Object> query = new LinkedHashMap<>(exchange.getIn().getBody(Map.class));
            int limit = (Integer) query.get("limit");
            exchange.setProperty(LIMIT, limit);
            query.put("limit", limit + 1);
            exchange.getIn().setBody(query);
        };
    }

    public static int limit(Exchange exchange) {
        return exchange.getProperty(LIMIT, Integer.class);
    }

    /** The seq to ask the next page before, or null when these rows (read with {@link #oneMore}) are the last. */
    public static String nextBefore(List<Map<String, Object>> rows, int limit) {
        return rows.size() > limit ? String.valueOf(rows.get(limit - 1).get("seq")) : null;
    }

    /** The same for rows read into records. */
    public static String nextBefore(Collection<? extends Sequenced> rows, int limit) {
        return rows.size() > limit ? String.valueOf(rows.stream().skip(limit - 1).findFirst().orElseThrow().seq())
                : null;
    }
}
