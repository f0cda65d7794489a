package com.acertainbookstore.protocol;

import java.util.HashSet;

/**
 * The body of a call, immutable and safe to share once built (the argument is not copied: do not
 * change it afterwards): no argument, or one argument (an {@code Integer}, a {@code HashSet} of
 * values, or an explicit {@code null} that the store then refuses with its own message).
 */
public final class WireRequest {

    private static final WireRequest NONE = new WireRequest(false, null);

    private final boolean hasArgument;
    private final Object argument;

    private WireRequest(boolean hasArgument, Object argument) {
        this.hasArgument = hasArgument;
        this.argument = argument;
    }

    /** A request without argument. */
    public static WireRequest none() {
        return NONE;
    }

    /** A request carrying {@code argument}: {@code null}, an {@code Integer} or a {@code HashSet}. */
    public static WireRequest of(Object argument) {
        if (argument != null && argument.getClass() != Integer.class && argument.getClass() != HashSet.class) {
            throw new IllegalArgumentException("argument of class " + argument.getClass().getName()
                    + " is not allowed (must be null, an Integer or a HashSet)");
        }
        return new WireRequest(true, argument);
    }

    public boolean hasArgument() {
        return hasArgument;
    }

    public Object argument() {
        return argument;
    }
}
