package com.acertainbookstore.history;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Cuts a part that cannot be ordered down to a small window. First the end: the earliest end time
 * {@code t} such that the calls started by {@code t} cannot be ordered (calls still running at
 * {@code t} count as unknown writes, or are left out if reads: that over-approximates what
 * clients could have seen by then, so the prefix failing proves the part fails). Then the start:
 * the latest start time {@code s} before the last call's start (so that the window shows what that
 * call is at odds with, not just a state) such that the calls not finished by {@code s} cannot be ordered
 * from any state the calls finished by {@code s} can leave (every such state is enumerated, with
 * which of the calls running at {@code s} it already applied). Both are binary searches; each
 * step is one bounded search, and a step whose search runs out of budget is taken as "can be
 * ordered", so the window returned is always one proven not to be. Works with any {@link Model}.
 * Not thread-safe: one use.
 *
 * @param <S> the model's type of state
 */
final class WindowFinder<S> {

    private final Model<S> model;
    private final List<BookView> initial;
    private final List<HistoryCall> calls;
    private final long deadline;
    private final long memory;
    private long steps;

    /** A finder over a part's {@code calls} (ordered by start) that cannot be ordered from {@code initial}. */
    WindowFinder(Model<S> model, List<BookView> initial, List<HistoryCall> calls, long deadline, long memory) {
        this.model = model;
        this.initial = initial;
        this.calls = calls;
        this.deadline = deadline;
        this.memory = memory;
    }

    long steps() {
        return steps;
    }

    /** The window of the part named {@code part}. */
    Violation find(String part) {
        List<Long> ends = new ArrayList<>(new TreeSet<>(calls.stream().filter(c -> c.outcome() != Outcome.UNKNOWN)
                .map(HistoryCall::endNs).toList()));
        int lo = 0;
        int hi = ends.size() - 1;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (cannotOrder(prefix(ends.get(mid)))) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        long end = ends.get(hi);
        List<HistoryCall> prefix = prefix(end);
        Set<Integer> cutShort = new HashSet<>();
        for (HistoryCall call : calls) {
            if (call.startNs() <= end && call.endNs() > end && call.outcome() != Outcome.UNKNOWN) {
                cutShort.add(call.id());
            }
        }
        Set<Integer> failing = new HashSet<>();
        for (HistoryCall call : prefix) {
            if (call.endNs() == end && call.outcome() != Outcome.UNKNOWN) {
                failing.add(call.id());
            }
        }
        long lastStart = prefix.stream().filter(c -> failing.contains(c.id())).mapToLong(HistoryCall::startNs).min()
                .orElse(end);
        List<Long> starts = new ArrayList<>(new TreeSet<>(prefix.stream().map(HistoryCall::startNs)
                .filter(s -> s < lastStart).toList()));
        PartModel<S> start = model.compile(initial, prefix);
        Cut best = new Cut(prefix, List.of("the initial state: " + start.describe(start.initialState())
                + "; no call applied"));
        int left = -1;
        int right = starts.size();
        while (right - left > 1) {
            int mid = (left + right) >>> 1;
            Cut cut = cut(prefix, starts.get(mid));
            if (cut != null) {
                best = cut;
                left = mid;
            } else {
                right = mid;
            }
        }
        List<HistoryCall> window = new ArrayList<>(best.window);
        window.removeIf(c -> !c.method().mutating() && cutShort.contains(c.id()));
        Set<Integer> shownCut = new HashSet<>(cutShort);
        shownCut.retainAll(window.stream().map(HistoryCall::id).toList());
        return new Violation(part, window, failing, shownCut, best.statesBefore, calls.size());
    }

    /** A window and the states before it. */
    private record Cut(List<HistoryCall> window, List<String> statesBefore) {
    }

    /** The calls started by {@code t}; those running at {@code t} become unknown writes or are left out. */
    private List<HistoryCall> prefix(long t) {
        List<HistoryCall> prefix = new ArrayList<>();
        for (HistoryCall call : calls) {
            if (call.startNs() > t) {
                continue;
            }
            if (call.endNs() <= t || call.outcome() == Outcome.UNKNOWN) {
                prefix.add(call);
            } else if (call.method().mutating()) {
                prefix.add(call.asUnknown());
            }
        }
        return prefix;
    }

    /**
     * The window of {@code prefix} from {@code s}, if it cannot be ordered from any state the calls
     * before {@code s} can leave; null when it can be, or the budget ran out deciding.
     */
    private Cut cut(List<HistoryCall> prefix, long s) {
        List<HistoryCall> before = new ArrayList<>();
        List<HistoryCall> window = new ArrayList<>();
        for (HistoryCall call : prefix) {
            boolean known = call.outcome() != Outcome.UNKNOWN;
            if (call.startNs() >= s || !known || call.endNs() >= s) {
                window.add(call);
            }
            if (call.startNs() < s) {
                if (known && call.endNs() < s) {
                    before.add(call);
                } else if (call.method().mutating()) {
                    before.add(known ? call.asUnknown() : call);
                }
            }
        }
        PartModel<S> beforeModel = model.compile(initial, prefix, before);
        BitSet tracked = new BitSet();
        for (int i = 0; i < before.size(); i++) {
            if (before.get(i).outcome() == Outcome.UNKNOWN) {
                tracked.set(i);
            }
        }
        List<Search.Config<S>> configs = new ArrayList<>();
        Search<S> enumeration = new Search<>(beforeModel, Search.Cache.EXACT, deadline, memory);
        Search.Result result = enumeration.enumerate(beforeModel.initialState(), tracked, configs);
        steps += enumeration.steps();
        if (result != Search.Result.LINEARIZABLE) {
            return null;
        }
        PartModel<S> windowModel = model.compile(initial, prefix, window);
        Map<Integer, Integer> windowOp = new HashMap<>();
        for (int i = 0; i < window.size(); i++) {
            windowOp.put(window.get(i).id(), i);
        }
        List<String> states = new ArrayList<>();
        for (Search.Config<S> config : configs) {
            int[] applied = new int[config.applied().length];
            List<Integer> appliedIds = new ArrayList<>();
            for (int i = 0; i < applied.length; i++) {
                int id = before.get(config.applied()[i]).id();
                appliedIds.add(id);
                applied[i] = windowOp.get(id);
            }
            Search<S> search = new Search<>(windowModel, Search.Cache.EXACT, deadline, memory);
            Search.Result windowResult = search.find(config.state(), applied);
            steps += search.steps();
            if (windowResult != Search.Result.VIOLATION) {
                return null;
            }
            states.add(windowModel.describe(config.state()) + (appliedIds.isEmpty() ? "; no window call applied"
                    : "; window calls " + appliedIds + " already applied"));
        }
        return new Cut(window, states);
    }

    /** Whether {@code part} cannot be ordered (a search that runs out of budget says it can). */
    private boolean cannotOrder(List<HistoryCall> part) {
        PartModel<S> partModel = model.compile(initial, part);
        Search<S> search = new Search<>(partModel, Search.Cache.EXACT, deadline, memory);
        Search.Result result = search.find(partModel.initialState(), new int[0]);
        steps += search.steps();
        return result == Search.Result.VIOLATION;
    }
}
