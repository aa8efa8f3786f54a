package io.malipo.common;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import inet.ipaddr.IPAddress;
import inet.ipaddr.IPAddressString;
import java.util.ArrayList;
import java.util.List;
import org.apache.camel.Exchange;
import org.springframework.stereotype.Component;

/**
 * The address a request comes from, for allow-lists: the socket's peer, unless that peer is one
 * of the configured trusted proxies, in which case X-Forwarded-For is read from the right,
 * skipping further trusted proxies. A client cannot choose its address by sending the header
 * itself: without a trusted proxy in front, the header is ignored.
 */
@Component
public class ClientAddress {

    private final IpAllowList trusted;
    /** Canonical forms by address as the socket or header gave it: parsing one costs more than the lookup. */
    private final Cache<String, String> canonical = Caffeine.newBuilder().maximumSize(10_000).build();

    public ClientAddress(MalipoProperties properties) {
        List<String> blocks = new ArrayList<>();
        for (String entry : properties.http().trustedProxies()) {
            IpAllowList.Result<String> parsed = IpAllowList.normalise(entry);
            if (!parsed.isOk()) {
                throw new IllegalStateException("malipo.http.trusted-proxies: " + parsed.error());
            }
            blocks.add(parsed.value());
        }
        this.trusted = blocks.isEmpty() ? null : IpAllowList.of(blocks);
    }

    public String of(Exchange exchange) {
        return HttpExchanges.call(exchange).map(call -> of(call.peer(), call.forwardedFor())).orElse(null);
    }

    /**
     * The address in its shortest usual form ({@code ::1}, never {@code 0:0:0:0:0:0:0:1}), as
     * people read it in logs, from the socket's peer and the X-Forwarded-For headers as received.
     */
    public String of(String peer, List<String> forwardedFor) {
        String address = from(peer, forwardedFor);
        return address == null ? null : canonical.get(address, ClientAddress::canonical);
    }

    private static String canonical(String address) {
        IPAddress parsed = new IPAddressString(address).getAddress();
        return parsed == null ? address : parsed.toCanonicalString();
    }

    private String from(String peer, List<String> forwardedFor) {
        if (trusted == null || peer == null || !trusted.allows(peer)) {
            return peer;
        }
        List<String> hops = new ArrayList<>();
        for (String header : forwardedFor) {
            for (String hop : header.split(",")) {
                if (!hop.isBlank()) {
                    hops.add(hop.strip());
                }
            }
        }
        for (int i = hops.size() - 1; i >= 0; i--) {
            if (!trusted.allows(hops.get(i))) {
                return hops.get(i);
            }
        }
        return hops.isEmpty() ? peer : hops.get(0);
    }
}
