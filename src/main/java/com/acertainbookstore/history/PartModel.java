package com.acertainbookstore.history;

/**
 * One part of a history compiled against a {@link Model}: its calls, numbered 0..n-1, the state
 * before the first, the step from a state by one call with its recorded outcome, and equality,
 * hash and size of states for the search's cache. Immutable once built; safe to share.
 *
 * @param <S> the type of a state; states are never changed in place
 */
interface PartModel<S> {

    /** The state before the first call. */
    S initialState();

    /** How many calls. */
    int size();

    /** Call {@code op}. */
    HistoryCall call(int op);

    /** Whether call {@code op}'s outcome is known (else it may have taken effect, or not). */
    default boolean known(int op) {
        return call(op).outcome() != Outcome.UNKNOWN;
    }

    /**
     * The state after call {@code op} in {@code state} with the outcome it was recorded with (an
     * unknown outcome: whatever the store would have done), or null when that outcome is
     * impossible in this state. May return {@code state} itself when nothing changes.
     */
    S step(S state, int op);

    /**
     * Whether call {@code op}, wherever its recorded outcome is possible, leaves the state as it
     * was: a read, or a refused write other than a buy (a refused buy counts its misses). A search
     * may place such a call first wherever it is explained and may be placed, without trying the
     * others before it: any order that places it later can place it there instead.
     */
    default boolean pure(int op) {
        HistoryCall call = call(op);
        return known(op) && (!call.method().mutating()
                || (call.outcome() == Outcome.REFUSED && call.method() != Method.BUY_BOOKS));
    }

    /** Whether two states are the same. */
    boolean equal(S a, S b);

    /** A hash consistent with {@link #equal}. */
    int hash(S state);

    /**
     * A 64-bit fingerprint of {@code state} under {@code seed}: equal states have equal
     * fingerprints, and two different states the same one with a probability near 2^-64 per seed.
     */
    long fingerprint(S state, long seed);

    /** Roughly how many bytes a state holds, for the memory budget. */
    long bytes(S state);

    /** For reports: {@code #3: 5 copies, 0 misses, pick; #4: absent}. */
    String describe(S state);
}
