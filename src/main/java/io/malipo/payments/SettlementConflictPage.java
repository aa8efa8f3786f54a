package io.malipo.payments;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import io.malipo.common.KeysetPages;
import java.util.List;

/** A page of settlement conflicts, newest first; next_before is absent on the last page. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SettlementConflictPage(List<SettlementConflictView> data, boolean hasMore, String nextBefore) {

    /** From rows read with {@link KeysetPages#oneMore}. */
    static SettlementConflictPage of(List<SettlementConflictView> rows, int limit) {
        String next = KeysetPages.nextBefore(rows, limit);
        return new SettlementConflictPage(rows.stream().limit(limit).toList(), next != null, next);
    }
}
