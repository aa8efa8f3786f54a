package io.malipo.common;

import inet.ipaddr.AddressStringParameters.RangeParameters;
import inet.ipaddr.IPAddress;
import inet.ipaddr.IPAddressString;
import inet.ipaddr.IPAddressStringParameters;
import java.util.ArrayList;
import java.util.List;

/**
 * The addresses a key may be used from, as CIDR blocks. Parsing is strict: only plain IPv4 or
 * IPv6 addresses with an optional prefix length, never ranges, wildcards or masks, and never a
 * block with host bits set (10.1.2.3/8 is almost always a typo for 10.1.2.3/32 or 10.0.0.0/8).
 * An empty list allows every address.
 */
public final class IpAllowList {

    private static final IPAddressStringParameters STRICT = new IPAddressStringParameters.Builder()
            .allowEmpty(false)
            .allowAll(false)
            .allowSingleSegment(false)
            .allowMask(false)
            .allowPrefixOnly(false)
            .allowWildcardedSeparator(false)
            .allow_inet_aton(false)
            .setRangeOptions(RangeParameters.NO_RANGE)
            .toParams();

    private final List<IPAddress> blocks;

    private IpAllowList(List<IPAddress> blocks) {
        this.blocks = List.copyOf(blocks);
    }

    /** Parses one entry into its canonical CIDR text, or explains what is wrong with it. */
    public static Result<String> normalise(String entry) {
        if (entry == null || entry.isBlank()) {
            return Result.error("must be an IP address or CIDR block such as 203.0.113.7 or 203.0.113.0/24");
        }
        IPAddressString text = new IPAddressString(entry.strip(), STRICT);
        IPAddress address = text.getAddress();
        if (address == null) {
            return Result.error("'" + entry + "' is not an IP address or CIDR block (write 203.0.113.7, "
                    + "203.0.113.0/24 or 2001:db8::/32)");
        }
        if (!address.isPrefixed()) {
            address = address.toPrefixBlock(address.getBitCount());
        } else if (!address.isPrefixBlock()) {
            return Result.error("'" + entry + "' has host bits set; write "
                    + address.toPrefixBlock().toCanonicalString()
                    + " for the whole block or " + address.withoutPrefixLength().toCanonicalString() + "/"
                    + address.getBitCount() + " for the single address");
        }
        return Result.ok(address.toCanonicalString());
    }

    /** Builds a list from entries already normalised (as stored). */
    public static IpAllowList of(List<String> normalised) {
        List<IPAddress> blocks = new ArrayList<>();
        for (String entry : normalised) {
            blocks.add(new IPAddressString(entry, STRICT).getAddress());
        }
        return new IpAllowList(blocks);
    }

    public boolean allowsEverything() {
        return blocks.isEmpty();
    }

    public boolean allows(String address) {
        if (blocks.isEmpty()) {
            return true;
        }
        IPAddress candidate = new IPAddressString(address).getAddress();
        if (candidate == null) {
            return false;
        }
        // An IPv4 client reaching an IPv6 socket shows up as ::ffff:a.b.c.d.
        IPAddress comparable = candidate.isIPv6() && candidate.toIPv6().isIPv4Mapped()
                ? candidate.toIPv6().getEmbeddedIPv4Address() : candidate;
        return blocks.stream().anyMatch(b -> b.contains(comparable));
    }

    /** A parse outcome: a value, or a message saying what to change. */
    public record Result<T>(T value, String error) {

        static <T> Result<T> ok(T value) {
            return new Result<>(value, null);
        }

        static <T> Result<T> error(String message) {
            return new Result<>(null, message);
        }

        public boolean isOk() {
            return error == null;
        }
    }
}
