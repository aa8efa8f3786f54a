package io.malipo.merchant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.malipo.common.InstanceSecrets;
import io.malipo.common.MalipoProperties;
import java.nio.file.Path;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.util.unit.DataSize;

class SecretBoxTest {

    private static final String KEY_A = "MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=";
    private static final String KEY_B = "ZmVkY2JhOTg3NjU0MzIxMGZlZGNiYTk4NzY1NDMyMTA=";

    @Test
    void sealedSecretsOpenForTheirOwnerOnly() {
        SecretBox box = box(KEY_A);
        UUID owner = UUID.randomUUID();

        String sealed = box.seal(owner, "cs_test_secret");

        assertThat(sealed).startsWith("v1.").doesNotContain("cs_test_secret");
        assertThat(box.seal(owner, "cs_test_secret")).isNotEqualTo(sealed);
        assertThat(box.open(owner, sealed)).isEqualTo("cs_test_secret");
        assertThatThrownBy(() -> box.open(UUID.randomUUID(), sealed)).hasMessageContaining("does not decrypt");
    }

    @Test
    void anotherMasterKeyCannotOpenTheSecret() {
        UUID owner = UUID.randomUUID();
        String sealed = box(KEY_A).seal(owner, "cs_test_secret");

        assertThatThrownBy(() -> box(KEY_B).open(owner, sealed)).hasMessageContaining("MALIPO_MASTER_KEY differs");
    }

    private static SecretBox box(String masterKey) {
        return new SecretBox(new InstanceSecrets(new MalipoProperties(Path.of("unused"), "a-long-enough-admin-token-123",
                masterKey, null, new MalipoProperties.Http(DataSize.ofKilobytes(64), java.util.List.of()),
                new MalipoProperties.FirstStart(false, false))));
    }
}
