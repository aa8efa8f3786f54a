package io.malipo.dashboard;

/**
 * What is wrong with one field of a form, as a message key and up to two values it names (a line
 * number and what was on it, say): the page shows it next to the field, in the member's language.
 */
public record FieldProblem(String key, Object first, Object second) {

    static FieldProblem of(String key) {
        return new FieldProblem(key, null, null);
    }

    static FieldProblem of(String key, Object first) {
        return new FieldProblem(key, first, null);
    }
}
