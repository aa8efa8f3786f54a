package io.malipo.dashboard;

import io.malipo.common.IpAllowList;
import io.malipo.merchant.Scope;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The form that creates a token-API key, as posted, checked field by field with the rules the
 * admin API applies: a name, at least one scope, an allow-list of IPv4 or IPv6 addresses and CIDR
 * blocks (one a line, each read by the code the admin API reads them with), and an optional
 * expiry in Malipo's zone, in the future.
 *
 * @param allowedIps the text of the allow-list, as typed
 * @param expiresDate and {@code expiresTime}: the expiry's day and optional time of day; a day
 *     alone lets the key work to the end of that day
 */
public record ApiKeyForm(String name, List<String> scopes, String allowedIps, String expiresDate,
        String expiresTime) {

    /** The most entries an allow-list may have (NewApiKey's limit). */
    static final int MOST_IPS = 50;

    static ApiKeyForm of(Map<String, String> form) {
        return new ApiKeyForm(form.getOrDefault("name", "").strip(),
                Arrays.stream(Scope.values()).map(Scope::value).filter(s -> "on".equals(form.get("scope." + s)))
                        .toList(),
                form.getOrDefault("allowed_ips", ""), form.getOrDefault("expires_date", "").strip(),
                form.getOrDefault("expires_time", "").strip());
    }

    /** An empty form, as the page first shows it. */
    static ApiKeyForm empty() {
        return new ApiKeyForm("", List.of(), "", "", "");
    }

    /** What is wrong, by field, in the order of the form; empty when the key may be issued. */
    Map<String, FieldProblem> problems(ZoneId zone, Instant now) {
        Map<String, FieldProblem> problems = new LinkedHashMap<>();
        if (name.isEmpty() || name.length() > 100) {
            problems.put("name", FieldProblem.of("keys.error.name"));
        }
        if (scopes.isEmpty()) {
            problems.put("scopes", FieldProblem.of("keys.error.scopes"));
        }
        List<String> lines = ipLines();
        if (lines.size() > MOST_IPS) {
            problems.put("allowed_ips", FieldProblem.of("keys.error.ips-many", MOST_IPS));
        } else {
            for (int i = 0; i < lines.size() && !problems.containsKey("allowed_ips"); i++) {
                if (!IpAllowList.normalise(lines.get(i)).isOk()) {
                    problems.put("allowed_ips", new FieldProblem("keys.error.ip", i + 1, lines.get(i)));
                }
            }
        }
        if (expiresDate.isEmpty() && !expiresTime.isEmpty()) {
            problems.put("expires_date", FieldProblem.of("keys.error.expiry-date"));
        } else if (!expiresDate.isEmpty()) {
            OffsetDateTime expiry = expiresAt(zone);
            if (expiry == null) {
                problems.put(day() == null ? "expires_date" : "expires_time", FieldProblem.of(day() == null
                        ? "keys.error.expiry-date" : "keys.error.expiry-time"));
            } else if (!expiry.toInstant().isAfter(now)) {
                problems.put("expires_date", FieldProblem.of("keys.error.expiry-past"));
            }
        }
        return problems;
    }

    /** The allow-list's entries as typed, one a line, blank lines left out. */
    List<String> ipLines() {
        List<String> lines = new ArrayList<>();
        for (String line : allowedIps.split("\\R")) {
            if (!line.isBlank()) {
                lines.add(line.strip());
            }
        }
        return lines;
    }

    /** When the key stops working, in Malipo's zone; null without an expiry or when the date or time is unreadable. */
    OffsetDateTime expiresAt(ZoneId zone) {
        LocalDate day = day();
        if (day == null) {
            return null;
        }
        if (expiresTime.isEmpty()) {
            return day.plusDays(1).atStartOfDay(zone).toOffsetDateTime();
        }
        try {
            return day.atTime(LocalTime.parse(expiresTime)).atZone(zone).toOffsetDateTime();
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    private LocalDate day() {
        try {
            return expiresDate.isEmpty() ? null : LocalDate.parse(expiresDate);
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    /** Whether the form ticked this scope (to show it ticked again after a problem). */
    public boolean has(String scope) {
        return scopes.contains(scope);
    }
}
