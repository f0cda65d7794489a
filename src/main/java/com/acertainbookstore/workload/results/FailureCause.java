package com.acertainbookstore.workload.results;

import java.util.Comparator;
import java.util.Objects;

/**
 * Why an interaction failed: the exception's simple class name, the kind, and for
 * {@link FailureKind#OTHER} a detail (the message with its numbers removed). Immutable and safe
 * to share; ordered by exception, kind, detail.
 *
 * @param exception the exception's simple class name, e.g. {@code BookStoreException}
 * @param kind      what happened
 * @param detail    for {@link FailureKind#OTHER}: the normalised message; otherwise empty
 */
public record FailureCause(String exception, FailureKind kind, String detail) implements Comparable<FailureCause> {

    private static final Comparator<FailureCause> ORDER = Comparator.comparing(FailureCause::exception)
            .thenComparing(FailureCause::kind).thenComparing(FailureCause::detail);

    public FailureCause {
        Objects.requireNonNull(exception, "exception");
        Objects.requireNonNull(kind, "kind");
        detail = kind == FailureKind.OTHER ? Objects.requireNonNull(detail, "detail") : "";
        if (exception.isBlank() || exception.contains(":") || exception.contains("=")) {
            throw new IllegalArgumentException("exception name '" + exception + "' must be a non-empty class name");
        }
    }

    /** {@code BookStoreException: not enough copies}, {@code IllegalStateException: <detail>}. */
    @Override
    public String toString() {
        return exception + ": " + (kind == FailureKind.OTHER ? detail : kind.label());
    }

    /** The cause written as {@link #toString()}: a kind's label, else {@link FailureKind#OTHER} with that detail. */
    static FailureCause parse(String text) {
        int colon = text.indexOf(": ");
        if (colon <= 0) {
            throw new IllegalArgumentException("failure cause '" + text + "' is not of the form 'Exception: what'");
        }
        String what = text.substring(colon + 2);
        for (FailureKind kind : FailureKind.values()) {
            if (kind != FailureKind.OTHER && kind.label().equals(what)) {
                return new FailureCause(text.substring(0, colon), kind, "");
            }
        }
        return new FailureCause(text.substring(0, colon), FailureKind.OTHER, what);
    }

    @Override
    public int compareTo(FailureCause other) {
        return ORDER.compare(this, other);
    }
}
