package io.malipo.merchant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.malipo.common.InstanceSecrets;
import io.malipo.testsupport.LegacySeal;
import io.malipo.testsupport.TestSecrets;
import java.security.GeneralSecurityException;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class SecretBoxTest {

    private static final String KEY_A = "MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=";
    private static final String KEY_B = "ZmVkY2JhOTg3NjU0MzIxMGZlZGNiYTk4NzY1NDMyMTA=";

    @Test
    void sealedSecretsOpenForTheirOwnerOnly() {
        SecretBox box = box(KEY_A);
        UUID owner = UUID.randomUUID();

        String sealed = box.seal(owner, "cs_test_secret");

        assertThat(sealed).startsWith("v2.").doesNotContain("cs_test_secret");
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

    @Test
    void theBoxKeyIsDerivedForItsUseAloneNeverTheMasterKeyItself() throws Exception {
        UUID owner = UUID.randomUUID();
        String sealed = box(KEY_A).seal(owner, "cs_test_secret");

        assertThatThrownBy(() -> LegacySeal.open(KEY_A, owner, sealed))
                .isInstanceOf(GeneralSecurityException.class);
        InstanceSecrets secrets = secrets(KEY_A);
        assertThat(secrets.derivedKey("secret-box")).isEqualTo(secrets(KEY_A).derivedKey("secret-box"))
                .isNotEqualTo(secrets.derivedKey("paging-cursors")).isNotEqualTo(secrets.legacyMasterKey())
                .isNotEqualTo(secrets(KEY_B).derivedKey("secret-box")).hasSize(32);
    }

    @Test
    void whatWasSealedUnderTheMasterKeyItselfIsResealedUnderTheDerivedKeyAndOpensOnlyThen() {
        UUID owner = UUID.randomUUID();
        String legacy = LegacySeal.seal(KEY_A, owner, "whsec_old");
        SecretBox box = box(KEY_A);

        assertThatThrownBy(() -> box.open(owner, legacy)).hasMessageContaining("not in a known format");
        String resealed = box.reseal(owner, legacy);

        assertThat(resealed).startsWith("v2.");
        assertThat(box.open(owner, resealed)).isEqualTo("whsec_old");
        assertThat(box.reseal(owner, resealed)).as("already current").isSameAs(resealed);
        assertThat(box.reseal(owner, "{\"unsealed\": true}")).isEqualTo("{\"unsealed\": true}");
        assertThatThrownBy(() -> box.reseal(UUID.randomUUID(), legacy)).hasMessageContaining("does not decrypt");
    }

    private static SecretBox box(String masterKey) {
        return TestSecrets.box(masterKey);
    }

    private static InstanceSecrets secrets(String masterKey) {
        return TestSecrets.secrets(masterKey);
    }
}
