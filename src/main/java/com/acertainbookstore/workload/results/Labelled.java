package com.acertainbookstore.workload.results;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * An enum constant with the lower-case label that names it in settings and result files; the
 * label is its one written form, and {@link #parse} reads it back. Implementations are immutable.
 */
public interface Labelled {

    /** The label, e.g. {@code open} or {@code poisson}. */
    String label();

    /**
     * The constant of {@code type} whose label is {@code text} (ignoring case and surrounding
     * blanks).
     *
     * @throws IllegalArgumentException naming the text and the labels it may be
     */
    static <E extends Enum<E> & Labelled> E parse(Class<E> type, String text) {
        String wanted = text == null ? "" : text.trim();
        for (E constant : type.getEnumConstants()) {
            if (constant.label().equalsIgnoreCase(wanted)) {
                return constant;
            }
        }
        throw new IllegalArgumentException("'" + text + "' must be one of " + Arrays.stream(type.getEnumConstants())
                .map(Labelled::label).collect(Collectors.joining(", ")));
    }
}
