package io.malipo.common;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MsisdnTest {

    @ParameterizedTest(name = "\"{0}\" -> {1}")
    @CsvSource(nullValues = "-", value = {
            "0754 000 000, 255754000000", "+255 754 000 000, 255754000000", "255754000000, 255754000000",
            "754000000, 255754000000", "(0754) 000-000, 255754000000", "0715 123 456, 255715123456",
            "+254 712 345 678, 254712345678", "0754 000, -", "call me, -", "'', -", "0222 123 456, -"})
    void aNumberIsReadAsPeopleTypeItInTheOrdersCountry(String typed, String expected) {
        assertThat(Msisdn.fromTyped(typed, "TZ").orElse(null)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "\"{0}\" -> {1}")
    @CsvSource(nullValues = "-", value = {"255754000000, 255754000000", "+255754000000, 255754000000",
            "' 254712345678 ', 254712345678", "255222123456, -", "2557540000, -", "0754000000, -", "+0754000000, -",
            "255 754 000 000, -", "-, -"})
    void aNumberWithItsCountryPrefixIsTakenOnlyWhenItIsAMobileOne(String msisdn, String expected) {
        assertThat(Msisdn.normalise(msisdn).orElse(null)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({"TZ, 255", "KE, 254", "UG, 256"})
    void aRegionsCallingCodeIsWhatItsNumbersStartWith(String region, String code) {
        assertThat(Msisdn.countryCode(region)).isEqualTo(code);
    }

    @ParameterizedTest(name = "\"{0}\" -> \"{1}\"")
    @CsvSource({"255754000000, +255 754 000 000", "+254712345678, +254 712 345678", "call me, call me",
            "'0754 000 000', '0754 000 000'"})
    void aNumberIsShownAsPeopleReadItAndAnythingElseAsTyped(String msisdn, String shown) {
        assertThat(Msisdn.readable(msisdn)).isEqualTo(shown);
    }
}
