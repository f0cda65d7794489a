package com.acertainbookstore.history;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * Mutations of a legal history. Two keep it legal: answers moved later, a completed write made
 * unknown. Three make it illegal by construction: a read's copies changed to a number no call
 * could have left, the only add of a book dropped while another call saw the book, and a refused
 * read of a book before its only add swapped with a read of it after. Two more (any write
 * dropped, any two reads of the same books swapped across a write) may or may not be illegal:
 * for those only the reference decides. Each returns empty when the history has no place for it.
 * Stateless; safe to share.
 */
final class Mutants {

    /** A mutation and what it must do to a legal history's verdict. */
    enum Kind {
        MOVED_LATER(Verdict.LINEARIZABLE), TURNED_UNKNOWN(Verdict.LINEARIZABLE), NEVER_WRITTEN(Verdict.VIOLATION),
        ONLY_ADD_DROPPED(Verdict.VIOLATION), SWAPPED_ACROSS_ADD(Verdict.VIOLATION), ANY_WRITE_DROPPED(null),
        ANY_READS_SWAPPED(null);

        /** The verdict it must give a legal history; null: either. */
        final Verdict expected;

        Kind(Verdict expected) {
            this.expected = expected;
        }
    }

    private Mutants() {
    }

    static Optional<History> mutate(History history, Kind kind, SplittableRandom random) {
        List<HistoryCall> calls = history.calls();
        return switch (kind) {
            case MOVED_LATER -> replaced(history, pick(calls, c -> true, random),
                    c -> RealHistories.with(c, c.id(), c.startNs(), c.endNs() + 1 + random.nextLong(50_000),
                            c.outcome(), c.result()));
            case TURNED_UNKNOWN -> replaced(history, pick(calls, c -> c.method().mutating()
                    && c.outcome() != Outcome.UNKNOWN, random), HistoryCall::asUnknown);
            case NEVER_WRITTEN -> neverWritten(history, random);
            case ONLY_ADD_DROPPED -> onlyAdd(history).flatMap(add -> seenAfterAdd(history, add).isEmpty()
                    ? Optional.empty() : Optional.of(without(history, add)));
            case SWAPPED_ACROSS_ADD -> onlyAdd(history).flatMap(add -> swapAcross(history, add, true, random));
            case ANY_WRITE_DROPPED -> pick(calls, c -> c.method().mutating() && c.outcome() == Outcome.OK, random)
                    .map(w -> without(history, w));
            case ANY_READS_SWAPPED -> pick(calls, c -> c.method().mutating() && c.outcome() != Outcome.UNKNOWN, random)
                    .flatMap(w -> swapAcross(history, w, false, random));
        };
    }

    /**
     * An ok read of stock books whose first book's copies become a number no call could have left:
     * more than the most any book started with plus every copy ever added (or -1 past the limit).
     */
    private static Optional<History> neverWritten(History history, SplittableRandom random) {
        long start = 0;
        long added = 0;
        for (BookView book : history.initial()) {
            start = Math.max(start, book.copies());
        }
        for (HistoryCall call : history.calls()) {
            for (BookView book : call.books()) {
                start = Math.max(start, book.copies());
            }
            if (call.method() == Method.ADD_COPIES) {
                for (int count : call.counts()) {
                    added += Math.max(0, count);
                }
            }
        }
        long most = start + added;
        int never = most < Integer.MAX_VALUE ? (int) most + 1 : -1;
        return replaced(history, pick(history.calls(), c -> c.outcome() == Outcome.OK && !c.result().isEmpty()
                && c.result().get(0).hasStock(), random), read -> {
                    List<BookView> result = new ArrayList<>(read.result());
                    BookView first = result.get(0);
                    result.set(0, new BookView(first.isbn(), first.title(), first.author(), first.price(), true,
                            never, first.saleMisses(), first.editorPick(), first.timesRated(), first.totalRating()));
                    return RealHistories.with(read, read.id(), read.startNs(), read.endNs(), read.outcome(), result);
                });
    }

    /** The one addBooks of the never-initial ISBN that may have added it, when it completed ok. */
    private static Optional<HistoryCall> onlyAdd(History history) {
        List<HistoryCall> adds = history.calls().stream().filter(c -> c.method() == Method.ADD_BOOKS
                && c.outcome() != Outcome.REFUSED && names(c, RealHistories.NEW_ISBN)).toList();
        return adds.size() == 1 && adds.get(0).outcome() == Outcome.OK ? Optional.of(adds.get(0)) : Optional.empty();
    }

    /** The ok calls other than {@code add} that found the new ISBN in the store. */
    private static List<HistoryCall> seenAfterAdd(History history, HistoryCall add) {
        return history.calls().stream().filter(c -> c != add && c.outcome() == Outcome.OK
                && (c.method() == Method.ADD_BOOKS ? false : names(c, RealHistories.NEW_ISBN)
                || c.result().stream().anyMatch(b -> b.isbn() == RealHistories.NEW_ISBN))).toList();
    }

    /**
     * Two reads of the same books, one ending before {@code write} starts, one starting after it
     * ends, their outcomes and results swapped; with {@code refusedFirst}, the first a refused
     * read of the new ISBN and the second an ok one.
     */
    private static Optional<History> swapAcross(History history, HistoryCall write, boolean refusedFirst,
            SplittableRandom random) {
        List<HistoryCall[]> pairs = new ArrayList<>();
        for (HistoryCall first : history.calls()) {
            for (HistoryCall second : history.calls()) {
                boolean reads = first.method() == second.method() && !first.method().mutating()
                        && Arrays.equals(first.isbns(), second.isbns()) && first.number() == second.number()
                        && first.endNs() < write.startNs() && write.endNs() < second.startNs();
                boolean wanted = !refusedFirst || (first.method() == Method.GET_BOOKS_BY_ISBN
                        && names(first, RealHistories.NEW_ISBN) && first.outcome() == Outcome.REFUSED
                        && second.outcome() == Outcome.OK);
                if (reads && wanted && !(first.outcome() == second.outcome() && first.result().equals(second.result()))) {
                    pairs.add(new HistoryCall[] {first, second});
                }
            }
        }
        if (pairs.isEmpty()) {
            return Optional.empty();
        }
        HistoryCall[] pair = pairs.get(random.nextInt(pairs.size()));
        List<HistoryCall> calls = new ArrayList<>();
        for (HistoryCall call : history.calls()) {
            HistoryCall other = call == pair[0] ? pair[1] : call == pair[1] ? pair[0] : null;
            calls.add(other == null ? call
                    : RealHistories.with(call, call.id(), call.startNs(), call.endNs(), other.outcome(), other.result()));
        }
        return Optional.of(new History(history.description(), history.initial(), calls));
    }

    private static boolean names(HistoryCall call, int isbn) {
        return Arrays.stream(call.isbns()).anyMatch(i -> i == isbn);
    }

    private static Optional<HistoryCall> pick(List<HistoryCall> calls, Predicate<HistoryCall> which,
            SplittableRandom random) {
        List<HistoryCall> candidates = calls.stream().filter(which).toList();
        return candidates.isEmpty() ? Optional.empty() : Optional.of(candidates.get(random.nextInt(candidates.size())));
    }

    private static Optional<History> replaced(History history, Optional<HistoryCall> target,
            UnaryOperator<HistoryCall> change) {
        return target.map(old -> {
            List<HistoryCall> calls = new ArrayList<>();
            for (HistoryCall call : history.calls()) {
                calls.add(call == old ? change.apply(call) : call);
            }
            return new History(history.description(), history.initial(), calls);
        });
    }

    static History without(History history, HistoryCall dropped) {
        List<HistoryCall> calls = new ArrayList<>(history.calls());
        calls.remove(dropped);
        return new History(history.description(), history.initial(), calls);
    }
}
