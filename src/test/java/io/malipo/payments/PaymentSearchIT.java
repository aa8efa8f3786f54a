package io.malipo.payments;

import static org.assertj.core.api.Assertions.assertThat;

import io.malipo.testsupport.PostgresIT;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.apache.camel.ProducerTemplate;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The dashboard's payment search on PostgreSQL: pages newest first that never repeat or skip a
 * payment, each filter's own statement, and every kind of reference a merchant may search by.
 */
class PaymentSearchIT extends PostgresIT {

    private static final OffsetDateTime START = OffsetDateTime.of(2026, 10, 1, 8, 0, 0, 0, ZoneOffset.UTC);
    private static final long FIRST = Long.MAX_VALUE;

    @Autowired
    ProducerTemplate camel;
    private UUID merchant;

    /** 120 payments an hour apart, every third FAILED; some created at the same instant, as a busy moment has. */
    @BeforeEach
    void payments() {
        merchant = UUID.fromString(onboardMerchant());
        UUID other = UUID.fromString(onboardMerchant());
        UUID order = UUID.randomUUID();
        jdbc.update("INSERT INTO checkout_order (id, merchant_id, livemode, order_id, amount, currency, buyer_email,"
                + " buyer_name, buyer_phone, payment_methods, no_of_items, expires_at, payment_status, payment_token,"
                + " request_hash, create_response, created_at, updated_at) VALUES (?, ?, false, 'ORD-SEARCH', 1000,"
                + " 'TZS', 'b@x.co.tz', 'B', '0754000000', 'ALL', 1, ?, 'COMPLETED', ?, 'h', '{}', ?, ?)",
                order, merchant, START, "9" + System.nanoTime() % 100000000000L, START, START);
        for (int i = 0; i < 120; i++) {
            // Pairs share an instant: the cursor must tell them apart by seq.
            OffsetDateTime at = START.plusHours(i - i % 2);
            insert(merchant, i, at, i % 3 == 0 ? "FAILED" : "SUCCEEDED", i == 7 ? order : null);
            if (i < 5) {
                insert(other, 1000 + i, at, "SUCCEEDED", null);
            }
        }
    }

    @Test
    void pagesNeverRepeatOrSkipAPaymentAndGoNewestFirst() {
        List<PaymentView> all = new ArrayList<>();
        long before = FIRST;
        for (int page = 0; page < 10; page++) {
            List<PaymentView> found = search(null, null, null, null, before, 26);
            all.addAll(found.subList(0, Math.min(25, found.size())));
            if (found.size() <= 25) {
                break;
            }
            before = found.get(24).seq();
        }
        assertThat(all).hasSize(120).doesNotHaveDuplicates();
        assertThat(all).extracting(PaymentView::reference).first().isEqualTo("INV-119");
        for (int i = 1; i < all.size(); i++) {
            assertThat(all.get(i).createdAt()).isBeforeOrEqualTo(all.get(i - 1).createdAt());
        }
    }

    @Test
    void statusAndDatesEachNarrowTheWalk() {
        assertThat(search("FAILED", null, null, null, FIRST, 200)).hasSize(40)
                .allMatch(p -> p.status().equals("FAILED"));
        assertThat(search("REVERSED", null, null, null, FIRST, 200)).isEmpty();
        List<PaymentView> day = search(null, START.plusHours(10), START.plusHours(20), null, FIRST, 200);
        assertThat(day).extracting(PaymentView::reference).containsExactly("INV-19", "INV-18", "INV-17", "INV-16",
                "INV-15", "INV-14", "INV-13", "INV-12", "INV-11", "INV-10");
        assertThat(search("FAILED", START.plusHours(10), START.plusHours(20), null, FIRST, 200))
                .extracting(PaymentView::reference).containsExactly("INV-18", "INV-15", "INV-12");
    }

    @Test
    void aTextIsLookedUpAsEveryKindOfReferenceAndAsThePayersNumber() {
        assertThat(search(null, null, null, "INV-42", FIRST, 10)).extracting(PaymentView::reference)
                .containsExactly("INV-42");
        assertThat(search(null, null, null, "MLPSEARCH42-" + merchant.toString().substring(0, 6), FIRST, 10))
                .extracting(PaymentView::reference).containsExactly("INV-42");
        assertThat(search(null, null, null, "PR-42", FIRST, 10)).extracting(PaymentView::reference)
                .containsExactly("INV-42");
        assertThat(search(null, null, null, "ORD-SEARCH", FIRST, 10)).extracting(PaymentView::reference)
                .containsExactly("INV-7");
        assertThat(search(null, null, null, "0754 000 042", FIRST, 10)).as("a number as people type it")
                .extracting(PaymentView::reference).containsExactly("INV-42");
        assertThat(search(null, null, null, "0042", FIRST, 10)).as("the number's last digits")
                .extracting(PaymentView::reference).containsExactly("INV-42");
        assertThat(search(null, null, null, "1000", FIRST, 10)).as("another merchant's payments never").isEmpty();
        assertThat(search("FAILED", null, null, "INV-42", FIRST, 10)).as("filters narrow what was found").hasSize(1);
        assertThat(search("FAILED", null, null, "INV-43", FIRST, 10)).isEmpty();
    }

    @SuppressWarnings("unchecked")
    private List<PaymentView> search(String status, OffsetDateTime from, OffsetDateTime before, String text,
            long beforeSeq, int limit) {
        return camel.requestBody(PaymentsEndpoints.VIEWS_SEARCH, PaymentSearch.of(merchant, false, status, null, null,
                from, before, null, null, text, beforeSeq, limit), List.class);
    }

    private void insert(UUID merchantId, int i, OffsetDateTime at, String status, UUID order) {
        jdbc.update("INSERT INTO payment (id, merchant_id, livemode, checkout_order, kind, channel, provider, amount,"
                + " fee, currency, msisdn, merchant_reference, reference, provider_ref, status, created_at, updated_at)"
                + " VALUES (?, ?, false, ?, 'COLLECTION', 'WALLET_PULL', 'mpesa-tz', ?, 15, 'TZS', ?, ?, ?, ?, ?, ?, ?)",
                UUID.randomUUID(), merchantId, order, 1000 + i, "255754" + String.format("%06d", i), "INV-" + i,
                (i >= 1000 ? "MLPOTHER" : "MLPSEARCH") + i + "-" + merchantId.toString().substring(0, 6),
                "PR-" + i + (i >= 1000 ? "-other" : ""), status, at, at);
    }
}
