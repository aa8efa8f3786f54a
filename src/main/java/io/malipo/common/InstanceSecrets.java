package io.malipo.common;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Base64;
import java.util.function.Supplier;
import org.bouncycastle.crypto.digests.SHA256Digest;
import org.bouncycastle.crypto.generators.HKDFBytesGenerator;
import org.bouncycastle.crypto.params.HKDFParameters;
import org.springframework.stereotype.Component;

/**
 * The two secrets an instance cannot run without: the admin API token and the master key, from
 * which every key that protects something at rest or on the wire is derived, one per use
 * (HKDF-SHA256, RFC 5869), so no two uses ever share a key. They come from the environment; on the embedded default,
 * where the environment may say nothing, they are generated once into the data directory
 * (owner-only) so that a restart keeps them. A value given in the environment is never written
 * anywhere or shown.
 */
@Component
public class InstanceSecrets {

    static final String ADMIN_TOKEN_FILE = "admin-token";
    static final String MASTER_KEY_FILE = "master-key";
    private static final int MIN_ADMIN_TOKEN_LENGTH = 24;
    private static final int MASTER_KEY_BYTES = 32;

    private final String adminToken;
    private final byte[] masterKey;
    private final boolean adminTokenGenerated;
    private final boolean adminTokenFromEnvironment;

    public InstanceSecrets(MalipoProperties properties) {
        boolean generate = properties.firstStart().generateSecrets();
        Path dataDir = properties.dataDir();

        Resolved token = resolve(properties.adminToken(), generate, dataDir.resolve(ADMIN_TOKEN_FILE),
                () -> "adm_" + RandomTokens.base62(40),
                "MALIPO_ADMIN_TOKEN is not set. Set it to a random string of at least " + MIN_ADMIN_TOKEN_LENGTH
                        + " characters, for example the output of: openssl rand -hex 32");
        if (token.value().length() < MIN_ADMIN_TOKEN_LENGTH) {
            throw new IllegalStateException("MALIPO_ADMIN_TOKEN is too short: use at least " + MIN_ADMIN_TOKEN_LENGTH
                    + " random characters, for example the output of: openssl rand -hex 32");
        }
        this.adminToken = token.value();
        this.adminTokenGenerated = token.generated();
        this.adminTokenFromEnvironment = properties.adminToken() != null && !properties.adminToken().isBlank();

        Resolved key = resolve(properties.masterKey(), generate, dataDir.resolve(MASTER_KEY_FILE),
                () -> Base64.getEncoder().encodeToString(RandomTokens.bytes(MASTER_KEY_BYTES)),
                "MALIPO_MASTER_KEY is not set. Set it to 32 random bytes in Base64, for example the output of: "
                        + "openssl rand -base64 32");
        this.masterKey = decodeMasterKey(key.value());
    }

    public String adminToken() {
        return adminToken;
    }

    /**
     * The key for one use of the master key: HKDF-SHA256 with the use's name as its info, 32 bytes.
     * A name is never reused for another purpose; a new format gets a new name.
     */
    public byte[] derivedKey(String use) {
        HKDFBytesGenerator hkdf = new HKDFBytesGenerator(new SHA256Digest());
        hkdf.init(new HKDFParameters(masterKey, null, ("malipo/" + use).getBytes(StandardCharsets.UTF_8)));
        byte[] key = new byte[MASTER_KEY_BYTES];
        hkdf.generateBytes(key, 0, key.length);
        return key;
    }

    /** The master key itself, for opening what was sealed under it before keys were derived; never for anything new. */
    public byte[] legacyMasterKey() {
        return masterKey.clone();
    }

    /** True when this start created the admin token, so it may be shown once. */
    public boolean adminTokenGenerated() {
        return adminTokenGenerated;
    }

    /** True when the operator supplied the admin token; such a token is never shown. */
    public boolean adminTokenFromEnvironment() {
        return adminTokenFromEnvironment;
    }

    private record Resolved(String value, boolean generated) {
    }

    private static Resolved resolve(String configured, boolean generate, Path file, Supplier<String> generator,
            String missingMessage) {
        if (configured != null && !configured.isBlank()) {
            return new Resolved(configured.strip(), false);
        }
        if (!generate) {
            throw new IllegalStateException(missingMessage);
        }
        try {
            if (Files.exists(file)) {
                return new Resolved(Files.readString(file, StandardCharsets.UTF_8).strip(), false);
            }
            String value = generator.get();
            OwnerOnlyFiles.write(file, value + "\n");
            return new Resolved(value, true);
        } catch (FileAlreadyExistsException e) {
            // Another process generated it between our check and our write; theirs wins.
            return resolve(null, true, file, generator, missingMessage);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot keep a generated secret in " + file, e);
        }
    }

    private static byte[] decodeMasterKey(String value) {
        byte[] decoded;
        try {
            decoded = Base64.getDecoder().decode(value);
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException("MALIPO_MASTER_KEY is not valid Base64: it must be 32 random bytes in "
                    + "Base64, for example the output of: openssl rand -base64 32");
        }
        if (decoded.length != MASTER_KEY_BYTES) {
            throw new IllegalStateException("MALIPO_MASTER_KEY must decode to 32 bytes (it decodes to "
                    + decoded.length + "); generate one with: openssl rand -base64 32");
        }
        return decoded;
    }

    /** Files only the owner may read, created atomically so two writers cannot interleave. */
    public static final class OwnerOnlyFiles {

        private OwnerOnlyFiles() {
        }

        public static void write(Path file, String content) throws IOException {
            Files.createDirectories(file.toAbsolutePath().getParent());
            try {
                Files.createFile(file,
                        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            } catch (UnsupportedOperationException e) {
                Files.createFile(file);
            }
            Files.writeString(file, content, StandardCharsets.UTF_8);
        }
    }
}
