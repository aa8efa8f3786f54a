package io.malipo.ledger;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

/** A merchant's balance per currency in one mode, as the token API shows it. */
public record Balances(List<Balance> balances) {

    /**
     * @param available what payouts and reversals may take now
     * @param pending what left with payouts and reversals not yet confirmed (back into available if they fail)
     */
    public record Balance(String currency, BigDecimal available, BigDecimal pending) {
    }

    @SuppressWarnings("unchecked")
    static Balances of(List<?> rows) {
        return new Balances(rows.stream().map(r -> (Map<String, Object>) r)
                .map(r -> new Balance((String) r.get("currency"), (BigDecimal) r.get("available"),
                        ((BigDecimal) r.get("pending")).setScale(2)))
                .toList());
    }
}
