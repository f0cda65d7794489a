package com.acertainbookstore.workload.results;

import com.acertainbookstore.business.Locking;
import java.util.Objects;

/**
 * One line of results: where the store runs, how it is loaded, and its locking; or the HTTP
 * transport ceiling (clients calling {@code GET /health}, no store call at all). Immutable and
 * safe to share.
 *
 * <p>Its {@link #name()} is the {@code series} cell of the result files ({@code local SINGLE},
 * {@code http open TWO_LEVEL}, {@code http health}) and {@link #parse} reads it back; nothing
 * else matches series by their text.
 *
 * @param mode    where the store runs
 * @param load    closed or open loop
 * @param locking the store's locking, or null for the transport ceiling (HTTP, closed loop)
 */
public record Series(Mode mode, Load load, Locking locking) {

    private static final String HEALTH = "health";

    public Series {
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(load, "load");
        if (locking == null && (mode != Mode.HTTP || load != Load.CLOSED)) {
            throw new IllegalArgumentException("a series without locking is the HTTP transport ceiling,"
                    + " which is closed-loop over HTTP; got " + mode.label() + " " + load.label());
        }
    }

    /** The HTTP transport ceiling: client threads calling {@code GET /health}. */
    public static Series ceiling() {
        return new Series(Mode.HTTP, Load.CLOSED, null);
    }

    /** Whether this is the transport ceiling rather than the bookstore. */
    public boolean isCeiling() {
        return locking == null;
    }

    /** Whether the clients ran an open loop. */
    public boolean isOpen() {
        return load == Load.OPEN;
    }

    /** The {@code series} cell: mode, {@code open} for an open loop, then locking or {@code health}. */
    public String name() {
        return mode.label() + (isOpen() ? " " + Load.OPEN.label() : "") + " "
                + (isCeiling() ? HEALTH : locking.name());
    }

    /**
     * The series named {@code name} (the inverse of {@link #name()}).
     *
     * @throws IllegalArgumentException naming the text and the form it must have
     */
    public static Series parse(String name) {
        String[] words = name == null ? new String[0] : name.trim().split("\\s+");
        try {
            if (words.length == 2 || words.length == 3) {
                Mode mode = Labelled.parse(Mode.class, words[0]);
                Load load = words.length == 3 ? Labelled.parse(Load.class, words[1]) : Load.CLOSED;
                if (words.length == 3 && load != Load.OPEN) {
                    throw new IllegalArgumentException("the middle word must be open");
                }
                String last = words[words.length - 1];
                return last.equalsIgnoreCase(HEALTH) ? new Series(mode, load, null)
                        : new Series(mode, load, Locking.parse(last));
            }
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("series '" + name + "' is not of the form '<local|http> [open]"
                    + " <SINGLE|TWO_LEVEL>' or 'http health' (" + e.getMessage() + ")", e);
        }
        throw new IllegalArgumentException("series '" + name + "' is not of the form '<local|http> [open]"
                + " <SINGLE|TWO_LEVEL>' or 'http health'");
    }

    /** How charts name it: {@code in-process TWO_LEVEL}, {@code HTTP SINGLE, open loop}. */
    public String label() {
        if (isCeiling()) {
            return "HTTP transport ceiling (GET /health)";
        }
        return mode.display() + " " + locking.name() + (isOpen() ? ", open loop" : "");
    }

    /** The name with dashes for spaces, for file names: {@code local-open-SINGLE}. */
    public String fileStem() {
        return name().replace(' ', '-');
    }
}
