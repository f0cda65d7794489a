package com.acertainbookstore.workload.settings;

import com.acertainbookstore.workload.results.Labelled;

/** How the live progress line shows ({@code workload.progressStyle}). Immutable. */
public enum ProgressStyle implements Labelled {
    /** In place on a terminal, else a line per interval. */
    AUTO("auto"),
    /** A new line every interval: what a log wants. */
    LINE("line"),
    /** One line rewritten in place. */
    INPLACE("inplace");

    private final String label;

    ProgressStyle(String label) {
        this.label = label;
    }

    @Override
    public String label() {
        return label;
    }

    /** Whether the line is rewritten in place, {@code terminal} saying whether the output is a terminal. */
    public boolean inPlace(boolean terminal) {
        return switch (this) {
            case AUTO -> terminal;
            case LINE -> false;
            case INPLACE -> true;
        };
    }
}
