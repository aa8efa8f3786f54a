package io.malipo.tokenapi;

import io.malipo.payments.PayoutView;
import java.util.List;

/** A page of payouts, as the OpenAPI document describes GET /payouts (the answer is a {@link Page}). */
public record PayoutPage(List<PayoutView> data, boolean hasMore, String nextCursor) {
}
