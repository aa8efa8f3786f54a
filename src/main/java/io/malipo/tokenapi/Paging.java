package io.malipo.tokenapi;

import io.malipo.common.ApiException;
import io.malipo.common.Sequenced;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.camel.Exchange;
import org.springframework.stereotype.Component;

/**
 * The seed's paging rules for every list: {@code limit} 1 to 100 (default 20), an opaque
 * {@code cursor}, newest first. A page is read as the items with a sequence number below the
 * cursor's, so items created while a client pages (higher numbers) never shift what it sees:
 * nothing twice, nothing that existed when it started missed.
 */
@Component
public class Paging {

    public static final int DEFAULT_LIMIT = 20;
    public static final int MAX_LIMIT = 100;
    static final String LIMIT = "malipoPageLimit";
    static final String SCOPE = "malipoPageScope";

    private final Cursors cursors;

    public Paging(Cursors cursors) {
        this.cursors = cursors;
    }

    /**
     * Reads limit and cursor; leaves in the body the query of one page of the named list: the
     * caller's merchantId and livemode, beforeSeq, and limit (one more than asked, to know
     * whether more follow).
     */
    public void query(Exchange exchange, String list) {
        ApiCaller caller = ApiCaller.of(exchange);
        Cursors.Scope scope = new Cursors.Scope(list, caller.merchantId(), caller.livemode());
        int limit = limit(exchange.getIn().getHeader("limit", String.class));
        String cursor = exchange.getIn().getHeader("cursor", String.class);
        long before = cursor == null || cursor.isEmpty() ? Long.MAX_VALUE : cursors.decode(scope, cursor);
        exchange.setProperty(LIMIT, limit);
        exchange.setProperty(SCOPE, scope);
        Map<String, Object> query = new LinkedHashMap<>();
        query.put("merchantId", caller.merchantId());
        query.put("livemode", caller.livemode());
        query.put("beforeSeq", before);
        query.put("limit", limit + 1);
        exchange.getIn().setBody(query);
    }

    /** Body in: the items read by the query (up to limit + 1). Body out: the page. */
    public void page(Exchange exchange) {
        @SuppressWarnings("unchecked")
        List<Sequenced> items = exchange.getIn().getBody(List.class);
        int limit = exchange.getProperty(LIMIT, Integer.class);
        boolean more = items.size() > limit;
        List<Sequenced> shown = more ? items.subList(0, limit) : items;
        String next = more ? cursors.encode(exchange.getProperty(SCOPE, Cursors.Scope.class),
                shown.get(shown.size() - 1).seq()) : null;
        exchange.getIn().setBody(new Page<>(List.copyOf(shown), more, next));
    }

    private static int limit(String text) {
        if (text == null) {
            return DEFAULT_LIMIT;
        }
        try {
            int limit = Integer.parseInt(text.strip());
            if (limit >= 1 && limit <= MAX_LIMIT) {
                return limit;
            }
        } catch (NumberFormatException e) {
            // answered below
        }
        throw ApiException.invalid("limit", "must be a whole number from 1 to " + MAX_LIMIT + " (default "
                + DEFAULT_LIMIT + "); '" + text + "' is not");
    }
}
