package io.malipo.dashboard;

import io.malipo.common.FieldError;
import io.malipo.common.HttpUrls;
import io.malipo.delivery.WebhookEndpointView;
import io.malipo.delivery.WebhookEventType;
import java.net.URI;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The form that creates or changes a webhook endpoint, as posted: where events go, which of them
 * (every one, types added later included, or those ticked) and a note. Checked as far as the
 * page can say why in the member's language; the delivery package then applies the token API's
 * rules, a public address among them.
 *
 * @param all whether every event is asked for; {@code events} are the types ticked otherwise
 */
public record WebhookForm(String url, boolean all, List<String> events, String description) {

    static WebhookForm of(Map<String, String> form) {
        return new WebhookForm(form.getOrDefault("url", "").strip(), "on".equals(form.get("event.all")),
                Arrays.stream(WebhookEventType.values()).map(WebhookEventType::value)
                        .filter(t -> "on".equals(form.get("event." + t))).toList(),
                form.getOrDefault("description", "").strip());
    }

    /** A new endpoint's form, as the page first shows it: every event. */
    static WebhookForm empty() {
        return new WebhookForm("", true, List.of(), "");
    }

    /** A stored endpoint's form, to change it. */
    static WebhookForm of(WebhookEndpointView endpoint) {
        boolean all = endpoint.events().contains(WebhookEventType.ALL);
        return new WebhookForm(endpoint.url(), all, all ? List.of() : endpoint.events(),
                endpoint.description() == null ? "" : endpoint.description());
    }

    /** The events as the token API takes them: ["*"], or the types ticked. */
    List<String> subscribed() {
        return all ? List.of(WebhookEventType.ALL) : events;
    }

    /** What is wrong, by field; empty when the delivery package may check the rest. */
    Map<String, FieldProblem> problems(boolean livemode) {
        Map<String, FieldProblem> problems = new LinkedHashMap<>();
        Optional<URI> absolute = HttpUrls.absolute(url);
        if (absolute.isEmpty()) {
            problems.put("url", FieldProblem.of("webhooks.error.url", HttpUrls.MAX_LENGTH));
        } else if (livemode && !HttpUrls.isHttps(absolute.get())) {
            problems.put("url", FieldProblem.of("webhooks.error.https"));
        }
        if (subscribed().isEmpty()) {
            problems.put("events", FieldProblem.of("webhooks.error.events"));
        }
        if (description.length() > 255) {
            problems.put("description", FieldProblem.of("webhooks.error.description"));
        }
        return problems;
    }

    /**
     * The delivery package's refusal of fields this form let through, by field: a URL that passed
     * the form's checks was refused for where it leads (a private, loopback or unknown host).
     */
    static Map<String, FieldProblem> refused(List<FieldError> errors) {
        Map<String, FieldProblem> problems = new LinkedHashMap<>();
        for (FieldError error : errors) {
            if ("url".equals(error.field())) {
                problems.put("url", FieldProblem.of("webhooks.error.public"));
            } else if (error.field().startsWith("events")) {
                problems.put("events", FieldProblem.of("webhooks.error.events"));
            } else {
                problems.put("description", FieldProblem.of("webhooks.error.description"));
            }
        }
        return problems;
    }

    /** Whether the form ticks this event type. */
    public boolean has(String type) {
        return events.contains(type);
    }
}
