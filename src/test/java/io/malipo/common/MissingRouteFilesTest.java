package io.malipo.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.nio.file.NoSuchFileException;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.main.DefaultRoutesCollector;
import org.junit.jupiter.api.Test;
import org.springframework.boot.diagnostics.FailureAnalysis;

class MissingRouteFilesTest {

    @Test
    void aMissingRouteFolderIsExplainedWithoutAStackTrace() throws Exception {
        Throwable failure;
        try (var camel = new DefaultCamelContext()) {
            failure = catchThrowable(() -> new DefaultRoutesCollector()
                    .collectRoutesFromDirectory(camel, null, "file:no-such-folder/*.yaml"));
        }

        FailureAnalysis analysis = new MissingRouteFiles().analyze(failure);

        assertThat(analysis).isNotNull();
        assertThat(analysis.getDescription()).contains("no-such-folder does not exist");
        assertThat(analysis.getAction()).contains("routes/", "camel.main.routes-include-pattern");
    }

    @Test
    void otherMissingFilesAreLeftToSpringBoot() {
        assertThat(new MissingRouteFiles().analyze(new IllegalStateException(new NoSuchFileException("x.pem"))))
                .isNull();
    }
}
