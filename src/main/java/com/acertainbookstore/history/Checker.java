package com.acertainbookstore.history;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Checks a history for linearizability against a sequential {@link Model}: the register model
 * when every call is one of the register profile's (a buy, an add or a read of one book), else
 * the store model. Calls that failed without reaching the store, and reads whose outcome is
 * unknown, are left out (they changed nothing). The model splits the history into parts checked
 * alone (per ISBN when every call names one, else the whole store); the first part that cannot be
 * ordered is cut down to its smallest window ({@link WindowFinder}). Stateless; safe to share.
 */
public final class Checker {

    private Checker() {
    }

    /** Checks {@code history} within {@code budget}, against the model that fits it. */
    public static CheckResult check(History history, Budget budget) {
        List<HistoryCall> relevant = relevant(history);
        return RegisterModel.fits(relevant)
                ? check(history, relevant, RegisterModel.INSTANCE, budget, Search.Cache.FINGERPRINT)
                : check(history, relevant, StoreModel.INSTANCE, budget, Search.Cache.FINGERPRINT);
    }

    /** Checks {@code history} within {@code budget} against {@code model}. */
    static <S> CheckResult check(History history, Model<S> model, Budget budget) {
        return check(history, relevant(history), model, budget, Search.Cache.FINGERPRINT);
    }

    /** Checks {@code history} within {@code budget} against {@code model}, its search caching as {@code cache} says. */
    static <S> CheckResult check(History history, Model<S> model, Budget budget, Search.Cache cache) {
        return check(history, relevant(history), model, budget, cache);
    }

    private static <S> CheckResult check(History history, List<HistoryCall> relevant, Model<S> model,
            Budget budget, Search.Cache cache) {
        long begin = System.nanoTime();
        long deadline = begin + budget.time().toNanos();
        List<Model.Part> parts = model.partition(history.initial(), relevant);
        boolean perIsbn = parts.stream().noneMatch(p -> p.name().equals(StoreModel.WHOLE_STORE));
        int unknown = (int) relevant.stream().filter(c -> c.outcome() == Outcome.UNKNOWN).count();
        long steps = 0;
        String reason = "";
        for (Model.Part part : parts) {
            PartModel<S> partModel = model.compile(part.initial(), part.calls());
            Search<S> search = new Search<>(partModel, cache, deadline, budget.memoryBytes());
            Search.Result result = search.find(partModel.initialState(), new int[0]);
            steps += search.steps();
            if (result == Search.Result.VIOLATION) {
                WindowFinder<S> finder = new WindowFinder<>(model, part.initial(), part.calls(), deadline,
                        budget.memoryBytes());
                Violation violation = finder.find(part.name());
                return new CheckResult(Verdict.VIOLATION, history.description(), relevant.size(), unknown,
                        parts.size(), perIsbn, model.name(), System.nanoTime() - begin, steps + finder.steps(), "",
                        violation);
            }
            if (result == Search.Result.BUDGET && reason.isEmpty()) {
                boolean late = System.nanoTime() - deadline >= 0;
                reason = (late ? "time" : "memory") + " budget (" + budget.describe() + ") spent on part "
                        + part.name() + " (" + part.calls().size() + " calls, " + search.cached() + " states cached)";
                if (late) {
                    break;
                }
            }
        }
        return new CheckResult(reason.isEmpty() ? Verdict.LINEARIZABLE : Verdict.UNKNOWN, history.description(),
                relevant.size(), unknown, parts.size(), perIsbn, model.name(), System.nanoTime() - begin, steps, reason,
                null);
    }

    /** The calls that may have changed or seen the store; ids must be unique. */
    private static List<HistoryCall> relevant(History history) {
        Set<Integer> ids = new HashSet<>();
        List<HistoryCall> relevant = new ArrayList<>();
        for (HistoryCall call : history.calls()) {
            if (!ids.add(call.id())) {
                throw new IllegalArgumentException("call id " + call.id() + " appears twice in " + history.description()
                        + ": ids must be unique");
            }
            boolean changedNothing = call.outcome() == Outcome.FAILED
                    || (call.outcome() == Outcome.UNKNOWN && !call.method().mutating());
            if (!changedNothing) {
                relevant.add(call);
            }
        }
        return relevant;
    }
}
