package com.acertainbookstore.statemachine;

/**
 * What applying one mutating command gave, immutable. Every mutating call of the store returns
 * nothing, so success carries no value; a refusal carries the store's message unchanged.
 */
public sealed interface Outcome {

    /** The command was applied (the store call returned normally). */
    record Done() implements Outcome {
    }

    /**
     * The store refused the command (it threw {@code BookStoreException}) or the entry holding it
     * could not be read; {@code message} says why. A refused {@code buyBooks} has still recorded its
     * sale misses: refused is not "unchanged".
     */
    record Refused(String message) implements Outcome {
        public Refused {
            if (message == null) {
                throw new IllegalArgumentException("message is null");
            }
        }
    }

    /**
     * The command was not applied now because its client has already had a later call applied
     * ({@code lastSequence}); whether this older call was applied earlier is no longer known. Only a
     * stray re-send of a call its client has given up on gets this: for that caller the outcome is
     * unknown.
     */
    record Superseded(long lastSequence) implements Outcome {
    }

    /** The one {@link Done}. */
    Outcome DONE = new Done();
}
