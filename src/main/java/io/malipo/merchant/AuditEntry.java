package io.malipo.merchant;

import java.time.OffsetDateTime;

/**
 * One line of a merchant's dashboard audit log (sql/team/select-audit.sql).
 *
 * @param email who did it; null when the member no longer exists
 */
public record AuditEntry(OffsetDateTime createdAt, String email, String action, String detail, String address) {
}
