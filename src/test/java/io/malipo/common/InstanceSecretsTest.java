package io.malipo.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.util.unit.DataSize;

class InstanceSecretsTest {

    @TempDir
    Path dataDir;

    @Test
    void theEmbeddedDefaultGeneratesSecretsOnceOwnerOnlyAndKeepsThem() throws IOException {
        InstanceSecrets first = new InstanceSecrets(properties(null, null, true));
        InstanceSecrets second = new InstanceSecrets(properties(null, null, true));

        assertThat(first.adminTokenGenerated()).isTrue();
        assertThat(second.adminTokenGenerated()).isFalse();
        assertThat(second.adminToken()).isEqualTo(first.adminToken()).startsWith("adm_").hasSize(44);
        assertThat(second.legacyMasterKey()).isEqualTo(first.legacyMasterKey()).hasSize(32);
        for (String file : new String[] {"admin-token", "master-key"}) {
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dataDir.resolve(file))))
                    .isEqualTo("rw-------");
        }
    }

    @Test
    void secretsFromTheEnvironmentAreUsedAndNeverWritten() {
        InstanceSecrets secrets = new InstanceSecrets(properties("operator-token-0123456789abcdef",
                "ZmVkY2JhOTg3NjU0MzIxMGZlZGNiYTk4NzY1NDMyMTA=", true));

        assertThat(secrets.adminToken()).isEqualTo("operator-token-0123456789abcdef");
        assertThat(secrets.adminTokenFromEnvironment()).isTrue();
        assertThat(dataDir.resolve("admin-token")).doesNotExist();
        assertThat(dataDir.resolve("master-key")).doesNotExist();
    }

    @Test
    void withoutGenerationMissingSecretsStopTheStartWithAnInstruction() {
        assertThatThrownBy(() -> new InstanceSecrets(properties(null, null, false)))
                .hasMessageStartingWith("MALIPO_ADMIN_TOKEN is not set").hasMessageContaining("openssl rand");
        assertThatThrownBy(() -> new InstanceSecrets(properties("operator-token-0123456789abcdef", " ", false)))
                .hasMessageStartingWith("MALIPO_MASTER_KEY is not set").hasMessageContaining("openssl rand -base64 32");
    }

    @Test
    void weakOrMalformedSecretsAreRefused() {
        assertThatThrownBy(() -> new InstanceSecrets(properties("short", null, true)))
                .hasMessageContaining("too short");
        assertThatThrownBy(() -> new InstanceSecrets(properties("operator-token-0123456789abcdef", "not base64!", true)))
                .hasMessageContaining("not valid Base64");
        assertThatThrownBy(() -> new InstanceSecrets(properties("operator-token-0123456789abcdef", "c2hvcnQ=", true)))
                .hasMessageContaining("must decode to 32 bytes");
    }

    private MalipoProperties properties(String adminToken, String masterKey, boolean generate) {
        return new MalipoProperties(dataDir, adminToken, masterKey, null,
                new MalipoProperties.Http(DataSize.ofKilobytes(64), java.util.List.of()), new MalipoProperties.FirstStart(generate, false));
    }
}
