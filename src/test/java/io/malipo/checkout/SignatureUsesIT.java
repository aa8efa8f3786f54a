package io.malipo.checkout;

import static org.assertj.core.api.Assertions.assertThat;

import io.malipo.testsupport.PostgresIT;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/** Callback signatures made on many threads at once are written in batches, and each is bound before its caller goes on. */
class SignatureUsesIT extends PostgresIT {

    private static final String TIMESTAMP = "2026-11-27T12:00:00+03:00";

    @Autowired
    SignatureUses signatures;

    @Test
    void callbackSignaturesMadeAtOnceAreEachBoundBeforeTheirCallerSendsTheCallback() throws Exception {
        UUID credential = UUID.randomUUID();
        int callbacks = 200;
        ExecutorService senders = Executors.newFixedThreadPool(16);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<Integer>> seenBySender = new ArrayList<>();
        try {
            for (int i = 0; i < callbacks; i++) {
                String digest = digest(i);
                seenBySender.add(senders.submit(() -> {
                    start.await();
                    signatures.bindCallback(credential, TIMESTAMP, digest);
                    // What any instance's replay guard would read the moment the callback leaves.
                    return jdbc.queryForObject("SELECT count(*) FROM signature_use WHERE credential_id = ? "
                            + "AND signature = ? AND operation = 'CALLBACK'", Integer.class, credential,
                            SignatureUses.hash(TIMESTAMP, digest));
                }));
            }
            start.countDown();
            for (Future<Integer> seen : seenBySender) {
                assertThat(seen.get(30, TimeUnit.SECONDS)).isEqualTo(1);
            }
        } finally {
            senders.shutdownNow();
        }

        assertThat(jdbc.queryForObject("SELECT count(*) FROM signature_use WHERE credential_id = ?", Integer.class,
                credential)).isEqualTo(callbacks);
        // Presented to the API afterwards, a callback's signature is already taken.
        assertThat(signatures.bind(credential, TIMESTAMP, digest(7), "order-status")).isEqualTo(SignatureUses.CALLBACK);
    }

    /** A Digest as a client sends it: Base64 of 32 bytes. */
    private static String digest(int i) throws NoSuchAlgorithmException {
        return Base64.getEncoder().encodeToString(MessageDigest.getInstance("SHA-256").digest(
                ("callback " + i).getBytes(StandardCharsets.UTF_8)));
    }
}
