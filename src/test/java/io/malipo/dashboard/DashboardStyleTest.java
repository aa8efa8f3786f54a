package io.malipo.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The dashboard's one style sheet serves every page: a selector is styled in one rule only, so a
 * page's rule can never silently undo another page's (as two pages' ".facts" once did on phones).
 */
class DashboardStyleTest {

    @Test
    void eachSelectorIsStyledInOneRule() throws IOException {
        String css = Files.readString(Path.of("src/main/resources/dashboard/dashboard.css"))
                .replaceAll("(?s)/\\*.*?\\*/", "");
        List<String> selectors = new ArrayList<>();
        int depth = 0;
        StringBuilder prelude = new StringBuilder();
        for (char c : css.toCharArray()) {
            if (c == '{') {
                String name = prelude.toString().strip();
                // Rules inside @media restyle on purpose; only the top level must say each thing once.
                if (depth == 0 && !name.startsWith("@")) {
                    for (String selector : name.split(",")) {
                        selectors.add(selector.strip().replaceAll("\\s+", " "));
                    }
                }
                depth += name.startsWith("@") ? 1 : depth > 0 ? 1 : 1;
                prelude.setLength(0);
            } else if (c == '}') {
                depth--;
                prelude.setLength(0);
            } else if (c == ';' && depth > 0) {
                prelude.setLength(0);
            } else {
                prelude.append(c);
            }
        }
        assertThat(selectors).doesNotHaveDuplicates();
    }
}
