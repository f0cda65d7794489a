package com.acertainbookstore.business;

/**
 * How a {@code store.CertainBookStore} protects itself. Both modes make every call atomic; they differ
 * in how much concurrency they allow and what each call costs.
 */
public enum Locking {

    /** One non-fair read-write lock over the whole store: reads share it, changes hold it alone. */
    SINGLE,

    /**
     * A non-fair store-level read-write lock plus one non-fair read-write lock per book: calls on
     * named books share the store lock and lock their books in ascending ISBN order (strict
     * two-phase); calls on the whole store or on its set of books hold the store lock alone.
     */
    TWO_LEVEL;

    /** The mode of {@code new CertainBookStore()}. */
    public static final Locking DEFAULT = TWO_LEVEL;

    /** Reads a mode by name, ignoring case; the message lists the modes when the name is unknown. */
    public static Locking parse(String name) {
        for (Locking mode : values()) {
            if (mode.name().equalsIgnoreCase(name == null ? "" : name.trim())) {
                return mode;
            }
        }
        throw new IllegalArgumentException("locking mode '" + name + "' is unknown (expected one of "
                + java.util.Arrays.toString(values()) + ")");
    }
}
