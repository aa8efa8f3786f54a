package io.malipo.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import io.malipo.common.PublicAddresses.HostResolver;
import io.malipo.testsupport.ApiMerchant;
import io.malipo.testsupport.CallbackReceiver;
import io.malipo.testsupport.CheckoutClient;
import io.malipo.testsupport.Http;
import io.malipo.testsupport.Http.Response;
import io.malipo.testsupport.Outbox;
import io.malipo.testsupport.PostgresIT;
import io.malipo.testsupport.TestDatabase;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.camel.CamelContext;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.Primary;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Where merchants' URLs may point, as production runs (loopback not allowed): every address of
 * the special-purpose registries, written as an address or behind a name, is refused when a
 * webhook endpoint or an order's webhook is registered and again when something is sent, in
 * test mode as in live mode; a name that rebinds to an internal address after it was checked
 * gets nowhere, since the sender connects only to what it resolved and checked, once.
 */
@Import(EgressAddressesIT.Names.class)
@DirtiesContext
class EgressAddressesIT extends PostgresIT {

    /** One address of each refused range, IPv4 and IPv6. */
    static final List<String> REFUSED = List.of("0.1.2.3", "10.1.2.3", "100.64.0.1", "127.0.0.1", "127.8.9.10",
            "169.254.169.254", "172.16.5.4", "172.31.255.254", "192.0.0.8", "192.0.2.1", "192.88.99.1", "192.168.1.1",
            "198.18.0.1", "198.19.255.1", "198.51.100.1", "203.0.113.1", "224.0.0.1", "239.255.255.250", "240.0.0.1",
            "255.255.255.255", "::", "::1", "::127.0.0.1", "::ffff:127.0.0.1", "::ffff:10.0.0.1", "64:ff9b::7f00:1",
            "64:ff9b:1::1", "100::1", "2001::1", "2001:db8::1", "2002:7f00:1::1", "fc00::1", "fd12:3456::1",
            "fd00:ec2::254", "fe80::1", "fec0::1", "ff02::1");

    @DynamicPropertySource
    static void asInProduction(DynamicPropertyRegistry registry) {
        registry.add("malipo.test.database-url", () -> TestDatabase.separate("egress-addresses"));
        registry.add("malipo.delivery.allow-loopback", () -> "false");
        registry.add("malipo.delivery.connect-timeout", () -> "1s");
    }

    /** A DNS server the test writes: names answer what they are given, in turn, then the last answer. */
    @TestConfiguration(proxyBeanMethods = false)
    static class Names {

        static final Map<String, List<String>> ANSWERS = new ConcurrentHashMap<>();
        static final Map<String, AtomicInteger> ASKED = new ConcurrentHashMap<>();

        @Bean
        @Primary
        HostResolver testNames() {
            return host -> {
                List<String> answers = ANSWERS.get(host);
                if (answers == null) {
                    return InetAddress.getAllByName(host);
                }
                int asked = ASKED.computeIfAbsent(host, h -> new AtomicInteger()).getAndIncrement();
                String answer = answers.get(Math.min(asked, answers.size() - 1));
                if (answer == null) {
                    throw new UnknownHostException(host);
                }
                return new InetAddress[] {InetAddress.getByName(answer)};
            };
        }
    }

    @Autowired
    CamelContext camel;

    private CheckoutClient shop;
    private Http api;
    private Outbox outbox;

    @BeforeEach
    void merchant() {
        shop = checkoutMerchant();
        api = ApiMerchant.create(http, admin).api();
        outbox = new Outbox(camel, jdbc, clock);
    }

    @Test
    void everyRefusedRangeIsRefusedAtRegistrationAndAtSendTimeWrittenAsAnAddressOrBehindAName() {
        List<String> registered = new ArrayList<>();
        List<String> sent = new ArrayList<>();
        int i = 0;
        for (String address : REFUSED) {
            String name = "internal-" + i++ + ".example.net";
            Names.ANSWERS.put(name, List.of(address));
            String literal = address.contains(":") ? "[" + address + "]" : address;
            for (String host : List.of(literal, name)) {
                String url = "http://" + host + "/hook";
                Response endpoint = api.post("/api/v1/webhook-endpoints", "{\"url\": \"" + url + "\", \"events\": "
                        + "[\"*\"]}");
                Response order = shop.post("/v1/checkout/create-order", order("E-" + i + host.length(), url)).send();
                if (endpoint.status() != 400 || !endpoint.body().contains("public internet address")) {
                    registered.add("webhook endpoint " + url + ": " + endpoint);
                }
                if (order.status() != 400 || !order.json().get("message").asText().contains("public internet address")) {
                    registered.add("order webhook " + url + ": " + order);
                }
                UUID delivery = outbox.enqueue(shop, false, url);
                outbox.awaitStatus(delivery, "FAILED");
                String error = outbox.lastError(delivery);
                if (!error.contains("not a public internet address") || error.contains(address)) {
                    sent.add(url + ": " + error);
                }
            }
        }
        assertThat(registered).as("registrations not refused").isEmpty();
        assertThat(sent).as("deliveries not refused, or refused naming the address").isEmpty();
        assertThat(jdbc.queryForObject("SELECT count(*) FROM webhook_endpoint", Integer.class)).isZero();
        System.out.printf("SSRF table: %d addresses, each as itself and behind a name, refused at both registrations "
                + "and at send time%n", REFUSED.size());
    }

    @Test
    void aNameThatRebindsToThisMachineAfterItWasCheckedNeverReachesIt() {
        try (CallbackReceiver internal = new CallbackReceiver()) {
            int port = Integer.parseInt(internal.url().replaceAll(".*:(\\d+)/.*", "$1"));
            // Public when the merchant registers it, this machine ever after.
            Names.ANSWERS.put("rebind.example.net", List.of("93.184.216.34", "127.0.0.1"));
            String url = "http://rebind.example.net:" + port + "/callback";

            Response registered = api.post("/api/v1/webhook-endpoints", "{\"url\": \"" + url + "\", \"events\": "
                    + "[\"*\"]}");
            assertThat(registered.status()).as(registered.body()).isEqualTo(201);
            UUID delivery = outbox.enqueue(shop, false, url);
            outbox.awaitStatus(delivery, "FAILED");

            assertThat(outbox.lastError(delivery)).contains("not a public internet address");
            assertThat(internal.received()).isEmpty();
            assertThat(Names.ASKED.get("rebind.example.net").get()).as("one lookup to register, one to send")
                    .isEqualTo(2);
        }
    }

    /** (A hexadecimal form such as 0x7f000001 is a name to Java's resolver, which finds no such host.) */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"http://localhost:1/hook", "http://[::1]:1/hook", "http://2130706433/hook",
            "http://127.1/hook", "http://[0:0:0:0:0:ffff:7f00:1]/hook"})
    void thisMachineInDisguiseIsRefusedToo(String url) {
        Response endpoint = api.post("/api/v1/webhook-endpoints", "{\"url\": \"" + url + "\", \"events\": [\"*\"]}");

        assertThat(endpoint.status()).as(endpoint.body()).isEqualTo(400);
    }

    private String order(String orderId, String webhook) {
        return "{\"vendor\": \"" + shop.vendor + "\", \"order_id\": \"" + orderId + "\", \"buyer_email\": "
                + "\"a@duka.co.tz\", \"buyer_name\": \"Asha\", \"buyer_phone\": \"255754000000\", \"amount\": 1000, "
                + "\"currency\": \"TZS\", \"payment_methods\": \"MOBILEMONEYPULL\", \"no_of_items\": 1, \"webhook\": \""
                + Base64.getEncoder().encodeToString(webhook.getBytes(StandardCharsets.UTF_8)) + "\"}";
    }
}
