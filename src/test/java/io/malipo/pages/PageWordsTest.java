package io.malipo.pages;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The payment page's language, amounts and colours, decided without a browser. */
class PageWordsTest {

    @ParameterizedTest(name = "lang={0} cookie={1} Accept-Language={2} -> {3}")
    @CsvSource(nullValues = "-", value = {
            "sw, en, en, sw", "en, sw, sw, en", "xx, sw, en, sw", "-, sw, en, sw", "-, -, 'sw-TZ,en;q=0.5', sw",
            "-, -, 'fr-FR,sw;q=0.8,en;q=0.5', sw", "-, -, fr, en", "-, -, -, en", "-, -, ';;;q=x', en",
            "SW, -, -, sw"})
    void theSwitchWinsThenTheCookieThenTheBrowserThenEnglish(String asked, String cookie, String accept,
            String expected) {
        assertThat(PageLanguage.of(asked, cookie, accept).getLanguage()).isEqualTo(expected);
    }

    @Test
    void amountsAreGroupedWithDecimalsOnlyWhenThereAreAny() {
        assertThat(PaymentPageRoutes.amount(new BigDecimal("25000.00"), "TZS", PageLanguage.ENGLISH))
                .isEqualTo("TZS 25,000");
        assertThat(PaymentPageRoutes.amount(new BigDecimal("1500.5"), "TZS", PageLanguage.SWAHILI))
                .isEqualTo("TZS 1,500.50");
        assertThat(PaymentPageRoutes.amount(new BigDecimal("999"), "KES", PageLanguage.SWAHILI))
                .isEqualTo("KES 999");
    }

    @ParameterizedTest(name = "{0} -> text {1}")
    @CsvSource({"#FFE600, #000000", "#003366, #ffffff", "ffffff, #000000", "#000000, #ffffff", "#777777, #000000",
            "#1A4D8F, #ffffff"})
    void textOnAMerchantColourIsWhicheverOfBlackAndWhiteReadsBetterAndAlwaysReachesAA(String colour,
            String text) {
        PageColour chosen = PageColour.of(colour, "#1a4d8f");
        assertThat(chosen.text()).isEqualTo(text);
        assertThat(PageColour.contrast(chosen.background(), chosen.text())).isGreaterThanOrEqualTo(4.5);
    }

    @Test
    void aMalformedColourFallsBackAndALinkColourUnreadableOnWhiteIsReplaced() {
        assertThat(PageColour.of("red; background:url(x)", "#1a4d8f").background()).isEqualTo("#1a4d8f");
        assertThat(PageColour.of(null, "#1a4d8f").background()).isEqualTo("#1a4d8f");
        assertThat(PageColour.onWhite("#FFE600", "#1a4d8f")).isEqualTo("#1a4d8f");
        assertThat(PageColour.onWhite("#0b6e4f", "#1a4d8f")).isEqualTo("#0b6e4f");
    }

    @Test
    void everyWordOfThePageIsInBothLanguages() throws IOException {
        Properties english = bundle("/i18n/pay.properties");
        Properties swahili = bundle("/i18n/pay_sw.properties");
        assertThat(swahili.stringPropertyNames()).containsExactlyInAnyOrderElementsOf(english.stringPropertyNames());
    }

    private static Properties bundle(String path) throws IOException {
        Properties words = new Properties();
        try (InputStream in = PageWordsTest.class.getResourceAsStream(path)) {
            words.load(in);
        }
        return words;
    }
}
