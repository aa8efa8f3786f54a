package io.malipo.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The dashboard speaks English and Swahili: every bundle has both, with the same keys, every
 * bundle is one the application reads, and every fixed key a template names exists.
 */
class DashboardWordsTest {

    private static final Path I18N = Path.of("src/main/resources/i18n");
    private static final Path TEMPLATES = Path.of("src/main/resources/templates/dashboard");
    /** #{key} or #{key(...)} with a key written out in full (keys built from values are left to the browser tests). */
    private static final Pattern FIXED_KEY = Pattern.compile("#\\{([a-z][a-z0-9.-]*[a-z0-9])[}(]");

    @Test
    void everyDashboardBundleIsInBothLanguagesWithTheSameKeys() throws IOException {
        for (String bundle : bundles()) {
            Properties english = load(I18N.resolve(bundle + ".properties"));
            Properties swahili = load(I18N.resolve(bundle + "_sw.properties"));
            assertThat(swahili.stringPropertyNames()).as(bundle + "_sw")
                    .containsExactlyInAnyOrderElementsOf(english.stringPropertyNames());
        }
    }

    @Test
    void aMessageWithArgumentsWritesItsApostrophesTwice() throws IOException {
        // MessageFormat reads a lone ' as the start of quoted text: "Malipo's {0}" would show "Malipos {0}".
        Pattern lone = Pattern.compile("(?<!')'(?!')");
        for (String bundle : bundles()) {
            for (String language : List.of("", "_sw")) {
                Properties words = load(I18N.resolve(bundle + language + ".properties"));
                words.forEach((key, text) -> assertThat(text.toString().contains("{0}")
                        && lone.matcher(text.toString()).find()).as(bundle + language + " " + key).isFalse());
            }
        }
    }

    @Test
    void theApplicationReadsEveryDashboardBundle() throws IOException {
        String configuration = Files.readString(Path.of("src/main/resources/application.yaml"));
        Matcher basename = Pattern.compile("basename: (\\S+)").matcher(configuration);
        assertThat(basename.find()).isTrue();
        assertThat(List.of(basename.group(1).split(","))).containsAll(bundles().stream().map(b -> "i18n/" + b).toList());
    }

    @Test
    void everyKeyATemplateNamesExists() throws IOException {
        Set<String> keys = new HashSet<>();
        for (String bundle : bundles()) {
            keys.addAll(load(I18N.resolve(bundle + ".properties")).stringPropertyNames());
        }
        try (Stream<Path> templates = Files.list(TEMPLATES)) {
            for (Path template : templates.toList()) {
                Matcher key = FIXED_KEY.matcher(Files.readString(template));
                while (key.find()) {
                    assertThat(keys).as(template.getFileName() + " names " + key.group(1)).contains(key.group(1));
                }
            }
        }
    }

    private static List<String> bundles() throws IOException {
        try (Stream<Path> files = Files.list(I18N)) {
            return files.map(f -> f.getFileName().toString()).filter(f -> f.startsWith("dashboard"))
                    .filter(f -> !f.contains("_")).map(f -> f.replace(".properties", "")).sorted().toList();
        }
    }

    private static Properties load(Path file) throws IOException {
        Properties words = new Properties();
        try (InputStream in = Files.newInputStream(file); Reader reader = new java.io.InputStreamReader(in,
                StandardCharsets.UTF_8)) {
            words.load(reader);
        }
        return words;
    }
}
