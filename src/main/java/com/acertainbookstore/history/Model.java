package com.acertainbookstore.history;

import java.util.List;

/**
 * A sequential specification a history is checked against, shaped like Porcupine's {@code Model}:
 * how a history splits into parts that can be checked alone (P-compositionality), and, for one
 * part, the sequential object the search walks ({@link PartModel}: its initial state, its step,
 * equality and hash of its states). {@link Search} and {@link WindowFinder} know nothing else of
 * a model. Implementations are stateless; safe to share.
 *
 * @param <S> the type of a state; states are never changed in place
 */
interface Model<S> {

    /** Its name, for reports: {@code store}, {@code register}. */
    String name();

    /**
     * The parts of {@code calls} (every one with a known or unknown outcome that may have reached
     * the store) that can be checked alone, each with the books it starts from and its calls
     * ordered by start; a history is linearizable when every part is.
     */
    List<Part> partition(List<BookView> initial, List<HistoryCall> calls);

    /**
     * The part of {@code calls} (numbered 0..n-1 in this order) starting from {@code initial}.
     * Parts compiled over one {@code universe} (which holds every call of {@code calls}) share
     * their states: a state of one is a state of the other.
     */
    PartModel<S> compile(List<BookView> initial, List<HistoryCall> universe, List<HistoryCall> calls);

    /** The same with the part's own calls as the universe. */
    default PartModel<S> compile(List<BookView> initial, List<HistoryCall> calls) {
        return compile(initial, calls, calls);
    }

    /**
     * One part of a history: its name for reports ({@code ISBN 3}, {@code whole store}), the
     * books it starts from, and its calls ordered by start. Immutable.
     */
    record Part(String name, List<BookView> initial, List<HistoryCall> calls) {

        public Part {
            initial = List.copyOf(initial);
            calls = List.copyOf(calls);
        }
    }
}
