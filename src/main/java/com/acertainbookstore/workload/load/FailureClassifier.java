package com.acertainbookstore.workload.load;

import com.acertainbookstore.workload.results.FailureCause;
import com.acertainbookstore.workload.results.FailureKind;
import java.util.Locale;

/**
 * Names the cause of a failed interaction: the exception's simple class name and the kind of
 * failure its message describes; any other message becomes the detail of
 * {@link FailureKind#OTHER}, with its numbers removed. Stateless; safe to share.
 */
final class FailureClassifier {

    private static final int MAX_DETAIL = 60;

    private FailureClassifier() {
    }

    static FailureCause of(Throwable failure) {
        String message = failure.getMessage();
        FailureKind kind = kind(message);
        String simpleName = failure.getClass().getSimpleName();
        // An anonymous class has no simple name: its binary name then (Outer$1).
        return new FailureCause(simpleName.isEmpty() ? failure.getClass().getName() : simpleName, kind,
                kind == FailureKind.OTHER ? detail(message) : "");
    }

    static FailureKind kind(String message) {
        String text = message == null ? "" : message.toLowerCase(Locale.ROOT);
        if (text.contains("copies requested") || text.contains("not enough copies")) {
            return FailureKind.NOT_ENOUGH_COPIES;
        }
        if (text.contains("already in the store")) {
            return FailureKind.ALREADY_IN_STORE;
        }
        if (text.contains("not in the store")) {
            return FailureKind.NOT_IN_STORE;
        }
        if (text.contains("timeout") || text.contains("timed out") || text.contains("no answer within")) {
            return FailureKind.TIMEOUT;
        }
        if (text.contains("connect")) {
            return FailureKind.CONNECTION;
        }
        return FailureKind.OTHER;
    }

    /** The message with numbers replaced by N and separators by blanks, at most {@value #MAX_DETAIL} characters. */
    static String detail(String message) {
        if (message == null || message.isBlank()) {
            return "no message";
        }
        String normalised = message.toLowerCase(Locale.ROOT).replaceAll("[0-9]+", "N")
                .replaceAll("[\\s;,\"=:]+", " ").trim();
        return normalised.length() <= MAX_DETAIL ? normalised : normalised.substring(0, MAX_DETAIL);
    }
}
