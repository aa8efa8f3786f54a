package io.malipo.merchant;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.apache.commons.codec.binary.Base32;
import org.junit.jupiter.api.Test;

class TotpCodesTest {

    /** RFC 6238 appendix B's SHA-1 key, "12345678901234567890", as an authenticator app takes it. */
    private static final String RFC_KEY = new Base32().encodeAsString(
            "12345678901234567890".getBytes(StandardCharsets.US_ASCII));

    @Test
    void codesAreThoseOfRfc6238() {
        // The RFC's 8-digit values 94287082, 07081804 and 89005924, cut to the 6 digits apps show.
        assertThat(TotpCodes.code(RFC_KEY, Instant.ofEpochSecond(59))).isEqualTo("287082");
        assertThat(TotpCodes.code(RFC_KEY, Instant.ofEpochSecond(1111111109))).isEqualTo("081804");
        assertThat(TotpCodes.code(RFC_KEY, Instant.ofEpochSecond(1234567890))).isEqualTo("005924");
    }

    @Test
    void aCodeProvesItsStepOrTheOnesAroundItAndNothingElse() {
        Instant now = Instant.ofEpochSecond(1234567890);
        long step = 1234567890 / 30;
        assertThat(TotpCodes.step(RFC_KEY, "005924", now)).hasValue(step);
        assertThat(TotpCodes.step(RFC_KEY, TotpCodes.code(RFC_KEY, now.minusSeconds(30)), now)).hasValue(step - 1);
        assertThat(TotpCodes.step(RFC_KEY, TotpCodes.code(RFC_KEY, now.plusSeconds(90)), now)).isEmpty();
        assertThat(TotpCodes.step(RFC_KEY, "12345", now)).isEmpty();
        assertThat(TotpCodes.step(RFC_KEY, "abcdef", now)).isEmpty();
        assertThat(TotpCodes.newSecret()).matches("[A-Z2-7]{32}");
    }
}
