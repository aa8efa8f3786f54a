package io.malipo.ledger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.malipo.common.ApiException;
import io.malipo.ledger.Ledger.Line;
import io.malipo.ledger.Ledger.Posting;
import io.malipo.testsupport.ApiMerchant;
import io.malipo.testsupport.PostgresIT;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.transaction.support.TransactionTemplate;

/** Postings straight on the ledger: the lines, and the balance row made on a merchant's first. */
class LedgerIT extends PostgresIT {

    @Autowired
    Ledger ledger;
    @Autowired
    TransactionTemplate transactions;
    UUID merchant;

    @BeforeEach
    void newMerchant() {
        merchant = UUID.fromString(ApiMerchant.create(http, admin).id);
    }

    @Test
    void aFirstCreditMakesTheBalanceAndTheNextMovesIt() {
        post(collection("1000.00", "20.00"));
        post(collection("500.50", "10.00"));

        assertThat(available()).isEqualByComparingTo("1470.50");
        assertThat(jdbc.queryForObject("SELECT count(*) FROM ledger_entry WHERE merchant_id = ?", Long.class, merchant))
                .isEqualTo(6);
        assertThat(jdbc.queryForObject("SELECT SUM(amount) FROM ledger_entry WHERE merchant_id = ?", BigDecimal.class,
                merchant)).isEqualByComparingTo("0");
    }

    @Test
    void aDebitTheBalanceDoesNotCoverIsRefusedAndLeavesNothingBehind() {
        assertThatThrownBy(() -> post(payout("10.00")))
                .isInstanceOf(ApiException.class).hasMessageContaining("does not cover the 10.00");
        assertThat(jdbc.queryForObject("SELECT count(*) FROM balance WHERE merchant_id = ?", Long.class, merchant))
                .isZero();

        post(collection("100.00", "0"));
        assertThatThrownBy(() -> post(payout("100.01"))).isInstanceOf(ApiException.class);
        post(payout("100.00"));

        assertThat(available()).isEqualByComparingTo("0");
        assertThat(jdbc.queryForObject("SELECT count(*) FROM ledger_entry WHERE merchant_id = ?", Long.class, merchant))
                .isEqualTo(4);
    }

    @Test
    void anAdjustmentForMoneyAlreadyMovedIsTakenEvenOnAFirstPosting() {
        transactions.executeWithoutResult(tx -> ledger.adjust(payout("30.00")));

        assertThat(available()).isEqualByComparingTo("-30.00");
    }

    @Test
    void firstCreditsArrivingTogetherAreAllCounted() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            Callable<Void> credit = () -> {
                post(collection("25.00", "1.00"));
                return null;
            };
            List<Future<Void>> all = pool.invokeAll(List.of(credit, credit, credit, credit, credit, credit, credit, credit));
            for (Future<Void> one : all) {
                one.get();
            }
        } finally {
            pool.shutdownNow();
        }

        assertThat(available()).isEqualByComparingTo("192.00");
    }

    private void post(Posting posting) {
        transactions.executeWithoutResult(tx -> ledger.post(posting));
    }

    private Posting collection(String amount, String fee) {
        BigDecimal gross = new BigDecimal(amount);
        BigDecimal cut = new BigDecimal(fee);
        return new Posting(merchant, false, "TZS", "PAYMENT", UUID.randomUUID(),
                List.of(new Line(Ledger.provider("mpesa-tz"), gross.negate()), new Line(Ledger.MERCHANT, gross.subtract(cut)),
                        new Line(Ledger.FEES, cut)), OffsetDateTime.now());
    }

    private Posting payout(String amount) {
        BigDecimal money = new BigDecimal(amount);
        return new Posting(merchant, false, "TZS", "PAYOUT", UUID.randomUUID(),
                List.of(new Line(Ledger.MERCHANT, money.negate()), new Line(Ledger.provider("mpesa-tz"), money)),
                OffsetDateTime.now());
    }

    private BigDecimal available() {
        return jdbc.queryForObject("SELECT available FROM balance WHERE merchant_id = ? AND livemode = false "
                + "AND currency = 'TZS'", BigDecimal.class, merchant);
    }
}
