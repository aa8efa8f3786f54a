package io.malipo.channels;

import io.malipo.channels.ChannelProperties.Provider;
import io.malipo.common.ApiException;
import io.malipo.common.Hmac;
import io.malipo.common.InstanceSecrets;
import io.malipo.common.IpAllowList;
import io.malipo.common.MalipoProperties;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.PrivateKey;
import java.util.AbstractMap;
import java.util.Base64;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.springframework.boot.web.context.WebServerInitializedEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * Where each provider is and how Malipo talks to it. Test mode reaches only the built-in
 * sandbox, on this instance's own port, with keys derived from the master key; live mode
 * reaches only the configured endpoint with the configured key, and a provider without one is
 * unavailable in live mode. Notifications are authenticated the same way: a sandbox signature
 * can only settle test payments, a live one only live payments.
 */
@Component
public class ProviderDirectory {

    private final ChannelProperties properties;
    private final byte[] sandboxKey;
    private final String publicUrl;
    /**
     * One per instance (the sandbox a connector reaches in test mode is always on its own
     * instance), made when first needed: generating it took a noticeable part of every start.
     */
    private volatile KeyPair sandboxKeys;
    private final Map<String, IpAllowList> notifySources;
    private volatile int localPort = -1;

    public ProviderDirectory(ChannelProperties properties, InstanceSecrets secrets, MalipoProperties malipo) {
        this.properties = properties;
        this.sandboxKey = secrets.derivedKey("sandbox-providers");
        this.publicUrl = malipo.publicUrl().replaceAll("/+$", "");
        this.notifySources = notifySources(properties);
    }

    /** Read once, so a typo in an allow-list stops the start instead of letting every address in. */
    private static Map<String, IpAllowList> notifySources(ChannelProperties properties) {
        Map<String, IpAllowList> sources = new HashMap<>();
        properties.providers().forEach((code, provider) -> sources.put(code, IpAllowList.of(provider.notifyFrom()
                .stream().map(entry -> {
                    IpAllowList.Result<String> parsed = IpAllowList.normalise(entry);
                    if (!parsed.isOk()) {
                        throw new IllegalStateException("malipo.channels.providers." + code + ".notify-from: "
                                + parsed.error());
                    }
                    return parsed.value();
                }).toList())));
        return Map.copyOf(sources);
    }

    /** Whether a notification from this address may be read as the provider's. */
    public boolean notifiesFrom(String code, String address) {
        IpAllowList allowed = notifySources.get(code);
        return allowed == null || allowed.allows(address);
    }

    @EventListener
    void onWebServer(WebServerInitializedEvent event) {
        localPort = event.getWebServer().getPort();
    }

    /** Every provider, in configuration order. */
    public Map<String, Provider> all() {
        return properties.providers();
    }

    public Optional<Provider> find(String code) {
        return Optional.ofNullable(properties.providers().get(code));
    }

    public Provider get(String code) {
        return find(code).orElseThrow(() -> new IllegalArgumentException("no provider " + code));
    }

    /** The wallet provider whose prefix is the longest that starts the number. */
    public Optional<String> walletProviderFor(String msisdn) {
        return properties.providers().entrySet().stream()
                .filter(e -> e.getValue().channel() == Channel.WALLET_PULL)
                .flatMap(e -> e.getValue().prefixes().stream().filter(msisdn::startsWith)
                        .map(prefix -> Map.entry(prefix, e.getKey())))
                .max(Comparator.comparingInt(e -> e.getKey().length()))
                .map(Map.Entry::getValue);
    }

    /** The card processor. */
    public String cardProcessor() {
        return properties.providers().entrySet().stream()
                .filter(e -> e.getValue().channel() == Channel.CARD)
                .map(Map.Entry::getKey).findFirst()
                .orElseThrow(() -> new IllegalStateException("no card processor is configured"));
    }

    /**
     * The base URL of the provider's API in this mode; 503 when live mode has none configured, 403
     * in test mode where this installation does not serve the sandbox.
     */
    public String baseUrl(String code, boolean livemode) {
        if (!livemode) {
            if (!properties.sandbox().enabled()) {
                throw new ApiException(403, "test_mode_not_served", "This Malipo installation serves live mode only: "
                        + "its sandbox providers are off (malipo.channels.sandbox.enabled). Use live credentials, or "
                        + "a test installation for test-mode payments.");
            }
            return sandboxBase() + "/sandbox/" + code;
        }
        String live = get(code).liveUrl();
        if (live == null || live.isBlank()) {
            throw new ApiException(503, "provider_not_configured", get(code).name()
                    + " is not connected for live payments yet; use another payment method or contact Malipo.")
                    .withHeader("Retry-After", "3600");
        }
        return live.replaceAll("/+$", "");
    }

    public String apiKey(String code, boolean livemode) {
        return livemode ? Optional.ofNullable(get(code).liveApiKey()).orElse("") : sandboxSecret("api-key", code);
    }

    /**
     * The named credentials a connector presents besides the API key: in live mode those configured
     * under the provider's {@code credentials}; in test mode the sandbox's, which Malipo makes up
     * for any name asked (a name ending in {@code public-key} is the sandbox's RSA public key, as
     * Base64 of its X.509 encoding, as providers hand theirs out), so a connector needs nothing
     * configured to run against the sandbox.
     */
    public Map<String, String> credentials(String code, boolean livemode) {
        return livemode ? get(code).credentials() : new SandboxCredentials(code);
    }

    private KeyPair sandboxKeys() {
        KeyPair keys = sandboxKeys;
        if (keys == null) {
            synchronized (this) {
                keys = sandboxKeys;
                if (keys == null) {
                    keys = ProviderCrypto.rsaKeyPair();
                    sandboxKeys = keys;
                }
            }
        }
        return keys;
    }

    /** The private half of the key the sandbox hands out as every provider's public key. */
    public PrivateKey sandboxPrivateKey() {
        return sandboxKeys().getPrivate();
    }

    /** Where the provider reports outcomes. The sandbox reports to this instance directly. */
    public String notifyUrl(String code, boolean livemode) {
        return (livemode ? publicUrl : sandboxBase()) + "/v1/providers/" + code + "/notify";
    }

    /** The secret a notification from this provider is signed with, in the given mode, if any. */
    public Optional<String> notifySecret(String code, boolean livemode) {
        if (!livemode) {
            return properties.sandbox().enabled() ? Optional.of(sandboxSecret("notify", code)) : Optional.empty();
        }
        return find(code).map(Provider::notifySecret).filter(s -> !s.isBlank());
    }

    /** The key the sandbox expects from Malipo, and signs with: derived, so nothing to configure. */
    String sandboxSecret(String purpose, String code) {
        return "sbx_" + Base64.getUrlEncoder().withoutPadding()
                .encodeToString(Hmac.sha256(sandboxKey, (purpose + ":" + code).getBytes(StandardCharsets.UTF_8)));
    }

    /** Any name has a value: the sandbox checks what the connector presents against the same derivation. */
    private final class SandboxCredentials extends AbstractMap<String, String> {
        private final String code;

        SandboxCredentials(String code) {
            this.code = code;
        }

        @Override
        public String get(Object name) {
            String key = String.valueOf(name);
            return key.endsWith("public-key")
                    ? Base64.getEncoder().encodeToString(sandboxKeys().getPublic().getEncoded())
                    : sandboxSecret("credential:" + key, code);
        }

        @Override
        public boolean containsKey(Object name) {
            return true;
        }

        @Override
        public Set<Entry<String, String>> entrySet() {
            return Set.of();
        }
    }


    private String sandboxBase() {
        if (localPort < 0) {
            throw new IllegalStateException("the sandbox is not reachable before the web server has started");
        }
        return "http://127.0.0.1:" + localPort;
    }
}
