package io.malipo.common;

import inet.ipaddr.IPAddress;
import inet.ipaddr.IPAddressString;
import inet.ipaddr.ipv6.IPv6Address;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * Where Malipo may send what a merchant asks it to send (callbacks, webhook events): only to
 * public unicast addresses. Every range of the IANA special-purpose registries is refused
 * (private, loopback, link-local and the cloud metadata services in it, shared, documentation,
 * benchmarking, reserved, multicast, IPv6 translation and tunnelling prefixes, whose embedded
 * IPv4 could be anything), in test mode as in live mode. Loopback alone may be allowed by an
 * operator for local development ({@code malipo.delivery.allow-loopback}).
 *
 * <p>A name is resolved once: the same addresses are checked and then connected to (the
 * delivery client resolves through {@link #resolve}), so a name that answers a public address
 * when checked and an internal one a moment later (DNS rebinding) gets nowhere.
 */
@Component
public class PublicAddresses {

    /** How Malipo resolves names; a bean, so tests can play a DNS server that changes its answers. */
    public interface HostResolver {

        InetAddress[] resolve(String host) throws UnknownHostException;
    }

    /** A name or address Malipo will not send to; the message never repeats the address itself. */
    public static final class Refused extends UnknownHostException {

        public Refused(String message) {
            super(message);
        }
    }

    private static final List<IPAddress> LOOPBACK = ranges("127.0.0.0/8", "::1/128");
    private static final List<IPAddress> REFUSED = ranges(
            // IPv4 special-purpose registry (RFC 6890 and updates), multicast and broadcast
            "0.0.0.0/8", "10.0.0.0/8", "100.64.0.0/10", "127.0.0.0/8", "169.254.0.0/16", "172.16.0.0/12",
            "192.0.0.0/24", "192.0.2.0/24", "192.31.196.0/24", "192.52.193.0/24", "192.88.99.0/24",
            "192.168.0.0/16", "192.175.48.0/24", "198.18.0.0/15", "198.51.100.0/24", "203.0.113.0/24",
            "224.0.0.0/4", "240.0.0.0/4", "255.255.255.255/32",
            // IPv6: unspecified, loopback and IPv4-compatible, IPv4-mapped and -translated, NAT64, discard, the IETF
            // protocol block (Teredo included), documentation, 6to4, ORCHID, unique local,
            // site- and link-local, multicast, and the metadata service of one cloud
            "::/96", "::ffff:0:0/96", "::ffff:0:0:0/96", "64:ff9b::/96", "64:ff9b:1::/48", "100::/64",
            "2001::/23", "2001:db8::/32", "2002::/16", "3fff::/20", "5f00::/16", "fc00::/7", "fe80::/10",
            "fec0::/10", "ff00::/8", "fd00:ec2::254/128");

    private final HostResolver resolver;
    private final boolean allowLoopback;

    public PublicAddresses(HostResolver resolver, @Value("${malipo.delivery.allow-loopback:false}") boolean allowLoopback) {
        this.resolver = resolver;
        this.allowLoopback = allowLoopback;
    }

    /**
     * The addresses of a host, resolved once, when every one of them may be sent to.
     *
     * @throws Refused when any of them may not (the name points somewhere internal, at least in part)
     * @throws UnknownHostException when the name does not resolve
     */
    public InetAddress[] resolve(String host) throws UnknownHostException {
        InetAddress[] addresses = resolver.resolve(host);
        if (addresses == null || addresses.length == 0) {
            throw new UnknownHostException(host + " does not resolve");
        }
        for (InetAddress address : addresses) {
            if (!allowed(address)) {
                throw new Refused(host + " resolves to an address that is not public; Malipo sends only to public "
                        + "internet addresses");
            }
        }
        return addresses;
    }

    /**
     * Why a merchant's URL may not be registered, if it may not: its host is, or resolves to, an
     * address that is not public. A name that does not resolve yet is accepted; it is checked
     * again every time something is sent to it.
     */
    public Optional<String> refusal(URI url) {
        String host = url.getHost();
        if (host == null) {
            return Optional.of("has no host");
        }
        try {
            resolve(host.startsWith("[") ? host.substring(1, host.length() - 1) : host);
            return Optional.empty();
        } catch (Refused refused) {
            return Optional.of("must point to a public internet address; " + host + " is, or resolves to, a "
                    + "private, loopback, link-local or reserved address");
        } catch (UnknownHostException notYet) {
            return Optional.empty();
        }
    }

    /** Whether an address is a public one (or loopback, where the operator allows it). */
    public boolean allowed(InetAddress address) {
        IPAddress ip = new IPAddressString(address.getHostAddress()).getAddress();
        if (ip == null) {
            return false;
        }
        if (ip instanceof IPv6Address v6 && v6.isIPv4Mapped()) {
            ip = v6.getEmbeddedIPv4Address();
        }
        IPAddress checked = ip;
        if (allowLoopback && LOOPBACK.stream().anyMatch(range -> range.contains(checked))) {
            return true;
        }
        return REFUSED.stream().noneMatch(range -> range.getIPVersion() == checked.getIPVersion()
                && range.contains(checked));
    }

    private static List<IPAddress> ranges(String... cidrs) {
        return Arrays.stream(cidrs).map(c -> new IPAddressString(c).getAddress()).toList();
    }
}
