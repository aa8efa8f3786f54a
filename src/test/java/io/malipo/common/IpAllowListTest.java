package io.malipo.common;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class IpAllowListTest {

    @ParameterizedTest
    @CsvSource({
            "203.0.113.7, 203.0.113.7/32",
            "' 203.0.113.7 ', 203.0.113.7/32",
            "198.51.100.0/24, 198.51.100.0/24",
            "0.0.0.0/0, 0.0.0.0/0",
            "::1, ::1/128",
            "2001:DB8::/32, 2001:db8::/32",
            "2001:db8:0:0:0:0:0:1, 2001:db8::1/128"
    })
    void acceptedEntriesAreStoredInCanonicalCidrForm(String entry, String canonical) {
        IpAllowList.Result<String> result = IpAllowList.normalise(entry);

        assertThat(result.error()).isNull();
        assertThat(result.value()).isEqualTo(canonical);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "nonsense", "256.1.1.1", "10.0.0.1-10.0.0.9", "10.0.0.*", "*", "10", "1.2.3",
            "10.0.0.0/33", "10.0.0.0/255.0.0.0", "example.com", "fe80::1%eth0/64"})
    void rangesWildcardsMasksAndGarbageAreRefused(String entry) {
        assertThat(IpAllowList.normalise(entry).isOk()).isFalse();
    }

    @Test
    void aBlockWithHostBitsSetIsRefusedWithBothLikelyMeanings() {
        assertThat(IpAllowList.normalise("10.1.2.3/8").error())
                .contains("10.0.0.0/8").contains("10.1.2.3/32");
    }

    @Test
    void matchingCoversBlocksBothFamiliesAndMappedAddresses() {
        IpAllowList list = IpAllowList.of(List.of("198.51.100.0/24", "127.0.0.1/32", "2001:db8::/32"));

        assertThat(list.allows("198.51.100.200")).isTrue();
        assertThat(list.allows("198.51.101.1")).isFalse();
        assertThat(list.allows("127.0.0.1")).isTrue();
        assertThat(list.allows("127.0.0.2")).isFalse();
        assertThat(list.allows("::ffff:127.0.0.1")).isTrue();
        assertThat(list.allows("2001:db8::42")).isTrue();
        assertThat(list.allows("::1")).isFalse();
        assertThat(list.allows("not an address")).isFalse();
    }

    @Test
    void anIpv4CompatibleLookingLoopbackIsNotMistakenForAnIpv4Address() {
        assertThat(IpAllowList.of(List.of("0.0.0.0/8")).allows("::1")).isFalse();
    }

    @Test
    void anEmptyListAllowsEveryAddress() {
        IpAllowList list = IpAllowList.of(List.of());

        assertThat(list.allowsEverything()).isTrue();
        assertThat(list.allows("203.0.113.7")).isTrue();
    }
}
