package io.malipo.payments;

import java.util.List;

/**
 * Everything the payments package recorded about one payment, for its page
 * ({@link PaymentsEndpoints#TIMELINE}); each list oldest first.
 *
 * @param reports what its provider answered and reported, about it and about its reversals
 * @param conflicts reports that contradicted how it or one of its reversals had ended, and what Malipo did
 */
public record PaymentTimeline(PaymentView payment, PaymentProgress progress, List<ProviderReport> reports,
        List<PaymentReversal> reversals, List<SettlementConflictView> conflicts) {
}
