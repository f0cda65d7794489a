package com.acertainbookstore.history;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The model of the whole store, for every method a history holds ({@link StorePart}). A history
 * whose every call names exactly one ISBN splits per ISBN (P-compositionality: a history of
 * independent objects is linearizable when each object's is); any other (whole-store reads,
 * calls on several books) is one part, the whole store. Stateless; safe to share.
 */
final class StoreModel implements Model<long[]> {

    static final StoreModel INSTANCE = new StoreModel();
    /** The name of the one part of a history that does not split. */
    static final String WHOLE_STORE = "whole store";

    private StoreModel() {
    }

    @Override
    public String name() {
        return "store";
    }

    @Override
    public List<Part> partition(List<BookView> initial, List<HistoryCall> calls) {
        for (HistoryCall call : calls) {
            if (!call.touchesOneIsbn()) {
                return List.of(new Part(WHOLE_STORE, initial, History.byStart(calls)));
            }
        }
        return perIsbn(initial, calls);
    }

    @Override
    public PartModel<long[]> compile(List<BookView> initial, List<HistoryCall> universe, List<HistoryCall> calls) {
        return new StorePart(initial, universe, calls);
    }

    /** One part per ISBN named (every call names one), each starting from that book alone. */
    static List<Part> perIsbn(List<BookView> initial, List<HistoryCall> calls) {
        Map<Integer, List<HistoryCall>> byIsbn = new TreeMap<>();
        for (HistoryCall call : calls) {
            byIsbn.computeIfAbsent(call.isbns()[0], k -> new ArrayList<>()).add(call);
        }
        List<Part> parts = new ArrayList<>();
        byIsbn.forEach((isbn, part) -> parts.add(new Part("ISBN " + isbn,
                initial.stream().filter(b -> b.isbn() == isbn).toList(), History.byStart(part))));
        return parts;
    }
}
