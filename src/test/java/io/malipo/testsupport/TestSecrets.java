package io.malipo.testsupport;

import io.malipo.common.InstanceSecrets;
import io.malipo.common.MalipoProperties;
import io.malipo.merchant.SecretBox;
import java.nio.file.Path;
import java.util.List;
import org.springframework.util.unit.DataSize;

/** An instance's secrets and secret box for a given master key, without an application around them. */
public final class TestSecrets {

    private TestSecrets() {
    }

    public static InstanceSecrets secrets(String masterKeyBase64) {
        return new InstanceSecrets(properties(masterKeyBase64));
    }

    /** Malipo's own settings as an application without a data directory would have them. */
    public static MalipoProperties properties() {
        return properties(null);
    }

    private static MalipoProperties properties(String masterKeyBase64) {
        return new MalipoProperties(Path.of("unused"), "a-long-enough-admin-token-123", masterKeyBase64,
                "http://localhost:8080", new MalipoProperties.Http(DataSize.ofKilobytes(64), List.of()),
                new MalipoProperties.FirstStart(false, false));
    }

    public static SecretBox box(String masterKeyBase64) {
        return new SecretBox(secrets(masterKeyBase64));
    }
}
