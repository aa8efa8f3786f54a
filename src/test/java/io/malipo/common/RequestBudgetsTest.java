package io.malipo.common;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RequestBudgetsTest {

    @Test
    void aKeySpendsItsBudgetAndIsToldHowLongToWaitWhileOtherKeysKeepTheirs() {
        RequestBudgets budgets = new RequestBudgets(3);

        assertThat(budgets.take("a")).isZero();
        assertThat(budgets.take("a")).isZero();
        assertThat(budgets.take("a")).isZero();
        // Three a minute refill one every 20 seconds.
        assertThat(budgets.take("a")).isBetween(1L, 20L);
        assertThat(budgets.take("b")).isZero();
    }
}
