package io.malipo.tokenapi;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/** One page of a list, as the seed shows it: nextCursor only when hasMore. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Page<T>(List<T> data, boolean hasMore, String nextCursor) {
}
