package io.malipo.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import com.deque.html.axecore.results.Results;
import com.deque.html.axecore.results.Rule;
import com.deque.html.axecore.selenium.AxeBuilder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebDriverException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Debian's Chromium, headless, driven through Debian's chromedriver (never one Selenium would
 * download), with axe-core's accessibility check and screenshots under target/screenshots/. A
 * test class keeps one for all its tests as {@code @RegisterExtension static final Browser
 * browser = new Browser();}, and it is closed after them.
 */
public final class Browser implements AutoCloseable, AfterAllCallback {

    /** A phone: the narrow Android screens most buyers have. */
    public static final Dimension PHONE = new Dimension(360, 740);
    public static final Dimension DESKTOP = new Dimension(1280, 900);
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path DRIVER = Path.of("/usr/bin/chromedriver");
    private static final Path SCREENSHOTS = Path.of("target", "screenshots");
    private static final Set<String> BLOCKING = Set.of("serious", "critical");

    private final ChromeDriver driver;

    public Browser() {
        assertThat(Files.isExecutable(CHROMIUM) && Files.isExecutable(DRIVER))
                .as("the browser tests need Debian's chromium and chromium-driver: apt-get install chromium "
                        + "chromium-driver (.ci/run installs them)").isTrue();
        ChromeOptions options = new ChromeOptions().setBinary(CHROMIUM.toFile())
                .addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                        "--lang=en", "--hide-scrollbars");
        driver = new ChromeDriver(new ChromeDriverService.Builder().usingDriverExecutable(DRIVER.toFile()).build(),
                options);
    }

    public Browser open(String url, Dimension size) {
        driver.manage().window().setSize(size);
        driver.get(url);
        return this;
    }

    public WebElement find(String css) {
        return driver.findElement(By.cssSelector(css));
    }

    /** Replaces what the field holds with the text, as a person typing it would. */
    public Browser type(String css, String text) {
        WebElement field = find(css);
        field.clear();
        field.sendKeys(text);
        return this;
    }

    /** The page's visible text; read again when the page was replaced meanwhile (it refreshes itself). */
    public String text() {
        try {
            return find("body").getText();
        } catch (WebDriverException replaced) {
            return find("body").getText();
        }
    }

    public String html() {
        return driver.getPageSource();
    }

    /** Waits up to {@code seconds} for the page to show the text (the page refreshes itself meanwhile). */
    public Browser awaitText(String text, int seconds) {
        // A page replaced while it is read (by its own script) is read again at the next poll.
        new WebDriverWait(driver, Duration.ofSeconds(seconds)).pollingEvery(Duration.ofMillis(200))
                .ignoring(WebDriverException.class)
                .until(ExpectedConditions.textToBePresentInElementLocated(By.tagName("body"), text));
        return this;
    }

    /**
     * How the page just opened loaded, in milliseconds from the start of navigation: the first
     * contentful paint, and when its document was interactive (its buttons work).
     */
    public String timings() {
        Object figures = driver.executeScript("""
                var nav = performance.getEntriesByType('navigation')[0];
                var paint = performance.getEntriesByName('first-contentful-paint')[0];
                return 'first contentful paint ' + (paint ? Math.round(paint.startTime) : '?') + ' ms, interactive '
                    + Math.round(nav.domInteractive) + ' ms';
                """);
        return String.valueOf(figures);
    }

    /** Waits up to {@code seconds} for the browser to be at the address (the page sent it there). */
    public Browser awaitUrl(String url, int seconds) {
        new WebDriverWait(driver, Duration.ofSeconds(seconds)).until(ExpectedConditions.urlToBe(url));
        return this;
    }

    /** Fails on any serious or critical WCAG 2.2 A/AA violation axe-core finds on the page as it is now. */
    public Browser accessible() {
        Results results = new AxeBuilder().withTags(List.of("wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"))
                .analyze(driver);
        List<Rule> blocking = results.getViolations().stream().filter(v -> BLOCKING.contains(v.getImpact())).toList();
        assertThat(blocking).as(() -> "axe-core on " + driver.getCurrentUrl() + ": " + blocking.stream()
                .map(v -> v.getId() + " (" + v.getImpact() + "): " + v.getHelp() + " at " + v.getNodes().stream()
                        .map(n -> String.valueOf(n.getTarget())).toList())
                .toList()).isEmpty();
        return this;
    }

    /** Saves what the browser shows as target/screenshots/{name}.png, the whole page long. */
    public Browser screenshot(String name) {
        try {
            Files.createDirectories(SCREENSHOTS);
            // From the top, as a person opening the page sees it first, whatever was clicked last.
            driver.executeScript("window.scrollTo(0, 0)");
            long height = (Long) driver.executeScript("return document.documentElement.scrollHeight");
            // The window is taller than the page it shows by the browser's own bars, headless too.
            long bars = (Long) driver.executeScript("return window.outerHeight - window.innerHeight");
            Dimension size = driver.manage().window().getSize();
            driver.manage().window().setSize(new Dimension(size.getWidth(),
                    (int) Math.max(size.getHeight(), height + bars)));
            Files.write(SCREENSHOTS.resolve(name + ".png"), driver.getScreenshotAs(OutputType.BYTES));
            driver.manage().window().setSize(size);
            return this;
        } catch (IOException e) {
            throw new IllegalStateException("cannot save screenshot " + name, e);
        }
    }

    @Override
    public void close() {
        driver.quit();
    }

    @Override
    public void afterAll(ExtensionContext context) {
        close();
    }
}
