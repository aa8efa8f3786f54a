package io.malipo.common;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import java.nio.file.Path;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;
import org.springframework.validation.annotation.Validated;

/**
 * The settings every part of Malipo shares. Secrets (admin token, master key) arrive from the
 * environment; where they are blank the embedded default generates them into the data directory.
 */
@ConfigurationProperties("malipo")
@Validated
public record MalipoProperties(
        @NotNull Path dataDir,
        String adminToken,
        String masterKey,
        @NotBlank
        @Pattern(regexp = "https?://[^\\s/]+(/\\S*)?", message = "must be an http(s) URL such as https://pay.example.co.tz")
        String publicUrl,
        @Valid @DefaultValue Http http,
        @Valid @DefaultValue FirstStart firstStart) {

    /**
     * @param maxBodySize the largest request body accepted
     * @param trustedProxies the addresses (IPs or CIDR blocks) of load balancers whose
     *     X-Forwarded-For is believed; from anywhere else the client is the socket's peer
     */
    public record Http(@DefaultValue("64KB") DataSize maxBodySize, @DefaultValue({}) List<String> trustedProxies) {
    }

    /**
     * What the first start of an instance does on its own: generate the admin token and master
     * key into the data directory (never in a cluster: every instance needs the same ones), and
     * create a verified demo merchant with test credentials.
     */
    public record FirstStart(
            @DefaultValue("false") boolean generateSecrets,
            @DefaultValue("false") boolean demoMerchant) {
    }
}
