package io.malipo.tokenapi;

import io.malipo.payments.PaymentView;
import java.util.List;

/** A page of payments, as the OpenAPI document describes GET /payments (the answer is a {@link Page}). */
public record PaymentPage(List<PaymentView> data, boolean hasMore, String nextCursor) {
}
