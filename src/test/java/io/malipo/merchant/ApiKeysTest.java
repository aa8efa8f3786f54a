package io.malipo.merchant;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ApiKeysTest {

    @Test
    void aNewKeyParsesBackToItsModeAndLookup() {
        String lookup = ApiKeys.newLookup();
        String live = ApiKeys.newKey(true, lookup);
        String test = ApiKeys.newKey(false, lookup);

        assertThat(live).startsWith("mk_live_" + lookup + "_");
        assertThat(ApiKeys.parse(live)).hasValue(new ApiKeys.Parsed(true, lookup));
        assertThat(ApiKeys.parse(test)).hasValue(new ApiKeys.Parsed(false, lookup));
        assertThat(ApiKeys.newKey(false, lookup)).isNotEqualTo(test);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "mk_test_", "mk_prod_abcdefghijkl_abcdefghijklmnopqrstuvwxyz012345",
            "mk_test_abcdefghijk_abcdefghijklmnopqrstuvwxyz012345", "mk_test_abcdefghijkl_short",
            "mk_test_abcdefghijkl_abcdefghijklmnopqrstuvwxyz01234!", " mk_test_abcdefghijkl_abcdefghijklmnopqrstuvwxyz012345"})
    void malformedKeysDoNotParse(String key) {
        assertThat(ApiKeys.parse(key)).isEmpty();
    }

    @Test
    void onlyTheSameKeyMatchesItsHash() {
        String key = ApiKeys.newKey(false, ApiKeys.newLookup());
        String hash = ApiKeys.hash(key);

        assertThat(hash).hasSize(64).doesNotContain(key.substring(20));
        assertThat(ApiKeys.matches(key, hash)).isTrue();
        assertThat(ApiKeys.matches(key + "x", hash)).isFalse();
        assertThat(ApiKeys.matches(key, null)).isFalse();
    }
}
