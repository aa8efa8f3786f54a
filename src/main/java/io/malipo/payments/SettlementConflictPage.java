package io.malipo.payments;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import io.malipo.common.KeysetPages;
import java.util.List;
import java.util.Map;

/** A page of settlement conflicts, newest first; next_before is absent on the last page. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SettlementConflictPage(List<SettlementConflictView> data, boolean hasMore, String nextBefore) {

    static SettlementConflictPage of(List<Map<String, Object>> rows, int limit) {
        List<SettlementConflictView> views = rows.stream().limit(limit).map(SettlementConflictView::of).toList();
        String next = KeysetPages.nextBefore(rows, limit);
        return new SettlementConflictPage(views, next != null, next);
    }
}
