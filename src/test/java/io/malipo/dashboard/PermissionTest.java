package io.malipo.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import io.malipo.merchant.Role;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The README's role matrix says what Permission decides, row by row. */
class PermissionTest {

    /** Each row of the README's matrix, by how it begins, and what it stands for. */
    private static final Map<String, Permission> ROWS = Map.of(
            "see balances", Permission.SEE_PAYMENTS,
            "refund", Permission.REFUND,
            "pay out", Permission.PAY_OUT,
            "cancel", Permission.CANCEL_ORDERS,
            "make a test payment", Permission.TEST_PAYMENTS,
            "resend", Permission.RESEND_DELIVERIES,
            "manage API keys", Permission.MANAGE_KEYS,
            "manage the team", Permission.MANAGE_TEAM);

    @Test
    void theReadmesRoleMatrixSaysWhatEachRoleMayDo() throws IOException {
        Map<Permission, List<String>> matrix = new LinkedHashMap<>();
        boolean inTable = false;
        for (String line : Files.readAllLines(Path.of("README.md"))) {
            if (line.startsWith("| | Owner | Developer | Finance | Viewer |")) {
                inTable = true;
            } else if (inTable && !line.startsWith("|")) {
                break;
            } else if (inTable && !line.startsWith("|---")) {
                List<String> cells = Arrays.stream(line.split("\\|", -1)).map(String::strip).toList();
                ROWS.entrySet().stream().filter(row -> cells.get(1).startsWith(row.getKey())).findFirst()
                        .ifPresent(row -> matrix.put(row.getValue(), cells.subList(2, 6)));
            }
        }
        assertThat(matrix.keySet()).containsExactlyInAnyOrder(Permission.values());
        matrix.forEach((permission, cells) -> {
            for (Role role : Role.values()) {
                assertThat(cells.get(role.ordinal()).equals("yes")).as(permission + " for " + role)
                        .isEqualTo(permission.allows(role));
            }
        });
    }
}
