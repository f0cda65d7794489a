package com.acertainbookstore.workload.running;

import java.util.Locale;

/**
 * Names the cause of a failed interaction: the exception's simple class name and a normalised
 * category of its message (numbers removed), e.g. {@code BookStoreException: not enough copies}.
 * Stateless; safe to share.
 */
final class FailureCause {

    private static final int MAX_MESSAGE = 60;

    private FailureCause() {
    }

    static String of(Throwable failure) {
        return failure.getClass().getSimpleName() + ": " + category(failure.getMessage());
    }

    static String category(String message) {
        if (message == null || message.isBlank()) {
            return "no message";
        }
        String text = message.toLowerCase(Locale.ROOT);
        if (text.contains("copies requested") || text.contains("not enough copies")) {
            return "not enough copies";
        }
        if (text.contains("already in the store")) {
            return "already in the store";
        }
        if (text.contains("not in the store")) {
            return "book not in the store";
        }
        if (text.contains("timeout") || text.contains("timed out")) {
            return "timeout";
        }
        if (text.contains("connect")) {
            return "connection";
        }
        String normalised = text.replaceAll("[0-9]+", "N").replaceAll("[\\s;,\"]+", " ").trim();
        return normalised.length() <= MAX_MESSAGE ? normalised : normalised.substring(0, MAX_MESSAGE);
    }
}
