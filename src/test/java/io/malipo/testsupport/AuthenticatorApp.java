package io.malipo.testsupport;

import com.eatthepath.otp.TimeBasedOneTimePasswordGenerator;
import java.security.InvalidKeyException;
import java.time.Instant;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.crypto.spec.SecretKeySpec;
import org.apache.commons.codec.binary.Base32;

/** What a member's authenticator app shows for a key the dashboard's set-up page gave (RFC 6238). */
public final class AuthenticatorApp {

    private static final Pattern KEY = Pattern.compile("<code id=\"secret\">([A-Z2-7 ]+)</code>");

    private AuthenticatorApp() {
    }

    /** The key the set-up page shows, as the app takes it (without the spaces). */
    public static String keyOn(String setupPage) {
        Matcher key = KEY.matcher(setupPage);
        if (!key.find()) {
            throw new AssertionError("no key on the set-up page: " + setupPage);
        }
        return key.group(1).replace(" ", "");
    }

    public static String code(String key, Instant at) {
        TimeBasedOneTimePasswordGenerator totp = new TimeBasedOneTimePasswordGenerator();
        try {
            return String.format("%06d", totp.generateOneTimePassword(
                    new SecretKeySpec(new Base32().decode(key), totp.getAlgorithm()), at));
        } catch (InvalidKeyException e) {
            throw new IllegalStateException(e);
        }
    }
}
