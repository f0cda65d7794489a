package com.acertainbookstore.history;

import com.acertainbookstore.business.Locking;
import com.acertainbookstore.business.StoreRules;
import com.acertainbookstore.store.CertainBookStore;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Small random histories made by the real store: a few books at boundary values (copies near
 * {@code Integer.MAX_VALUE}, misses near 2^30 and {@code Long.MAX_VALUE}, ratings at their bound),
 * then two or three workers, released together, each making one to three random calls on ISBNs
 * 0..4 with boundary and invalid arguments (adds of books with other titles, removals, re-adds,
 * counts past the copies limit, negative misses, ratings past their bound). Each call is timed on
 * {@code System.nanoTime} around the real call. Afterwards some completed writes are made unknown
 * and some answers are moved later (both keep a history legal), so that calls overlap more than
 * two cores make them. Not thread-safe: one per test; its workers run on the given executor.
 */
final class RealHistories {

    /** ISBNs 1..3 may start in the store; 0 is invalid; 4 only ever comes by addBooks. */
    static final int NEW_ISBN = 4;
    private static final int[] COPIES = {0, 1, 2, 5, Integer.MAX_VALUE - 1, Integer.MAX_VALUE};
    private static final long[] MISSES = {0, 3, (1L << 30) - 1, 1L << 30, Long.MAX_VALUE - 1};
    private static final int[] COUNTS = {1, 1, 2, 3, 0, Integer.MAX_VALUE - 1, Integer.MAX_VALUE};
    private static final String[] TITLES = {"first", "second"};

    private final ExecutorService workers;

    RealHistories(ExecutorService workers) {
        this.workers = workers;
    }

    /**
     * The history made from {@code seed} on a store with {@code locking}; {@code register} keeps to
     * the register profile's calls (buy, add, read of one book).
     */
    History make(long seed, Locking locking, boolean register) throws InterruptedException {
        SplittableRandom random = new SplittableRandom(seed);
        List<BookView> initial = new ArrayList<>();
        for (int isbn = 1; isbn <= 3; isbn++) {
            if (random.nextInt(4) != 0) {
                initial.add(book(random, isbn, COPIES[random.nextInt(COPIES.length)], false));
            }
        }
        CertainBookStore store = StoreCalls.storeWith(initial.stream().map(StoreCalls::stockBook).toList(), locking);
        int workerCount = 2 + random.nextInt(2);
        List<List<HistoryCall>> plans = new ArrayList<>();
        for (int w = 0; w < workerCount; w++) {
            List<HistoryCall> plan = new ArrayList<>();
            if (w == 0 && random.nextInt(3) == 0) {
                plan.addAll(probe(random, register));
            } else {
                int calls = 1 + random.nextInt(3);
                for (int c = 0; c < calls; c++) {
                    plan.add(register ? registerCall(random, w) : anyCall(random, w));
                }
            }
            plans.add(plan);
        }
        long origin = System.nanoTime();
        List<HistoryCall> made = run(store, plans, origin);
        return new History("seed " + seed + " " + locking + (register ? " register" : ""), initial,
                legalNoise(random, made));
    }

    private List<HistoryCall> run(CertainBookStore store, List<List<HistoryCall>> plans, long origin)
            throws InterruptedException {
        CyclicBarrier start = new CyclicBarrier(plans.size());
        List<Future<List<HistoryCall>>> futures = new ArrayList<>();
        for (List<HistoryCall> plan : plans) {
            futures.add(workers.submit(() -> {
                start.await(10, TimeUnit.SECONDS);
                List<HistoryCall> done = new ArrayList<>();
                for (HistoryCall call : plan) {
                    long begin = System.nanoTime() - origin;
                    StoreCalls.Answer answer = StoreCalls.apply(store, call);
                    long end = System.nanoTime() - origin;
                    done.add(with(call, call.id(), begin, end, answer.outcome(), answer.result()));
                }
                return done;
            }));
        }
        List<HistoryCall> all = new ArrayList<>();
        for (Future<List<HistoryCall>> future : futures) {
            try {
                all.addAll(future.get(10, TimeUnit.SECONDS));
            } catch (ExecutionException | TimeoutException e) {
                throw new IllegalStateException("a worker of the recording failed", e);
            }
        }
        all.sort(Comparator.comparingLong(HistoryCall::startNs).thenComparingInt(HistoryCall::worker));
        List<HistoryCall> numbered = new ArrayList<>();
        for (HistoryCall call : all) {
            numbered.add(with(call, numbered.size(), call.startNs(), call.endNs(), call.outcome(), call.result()));
        }
        return numbered;
    }

    /**
     * Some completed writes made unknown, some answers moved later (not worker 0's, so that its
     * calls stay apart): the history stays legal.
     */
    private static List<HistoryCall> legalNoise(SplittableRandom random, List<HistoryCall> calls) {
        List<HistoryCall> noisy = new ArrayList<>();
        for (HistoryCall call : calls) {
            HistoryCall next = call;
            if (call.method().mutating() && random.nextInt(8) == 0) {
                next = next.asUnknown();
            }
            if (call.worker() != 0 && random.nextInt(3) == 0) {
                next = with(next, next.id(), next.startNs(), next.endNs() + random.nextLong(20_000),
                        next.outcome(), next.result());
            }
            noisy.add(next);
        }
        return noisy;
    }

    /**
     * A read of one book, a write of it, the same read again, on worker 0: the write then falls
     * strictly between two reads of the same book (adds of the never-initial ISBN included).
     */
    private static List<HistoryCall> probe(SplittableRandom random, boolean register) {
        int kind = register ? random.nextInt(2) : random.nextInt(4);
        int isbn = kind == 3 ? NEW_ISBN : register ? 1 + random.nextInt(NEW_ISBN - 1) : isbn(random);
        HistoryCall read = planned(0, Method.GET_BOOKS_BY_ISBN, new int[] {isbn}, null, List.of(), 0);
        HistoryCall write = switch (kind) {
            case 0 -> planned(0, Method.BUY_BOOKS, new int[] {isbn}, new int[] {count(random)}, List.of(), 0);
            case 1 -> planned(0, Method.ADD_COPIES, new int[] {isbn}, new int[] {count(random)}, List.of(), 0);
            case 2 -> planned(0, Method.REMOVE_BOOKS, new int[] {isbn}, null, List.of(), 0);
            default -> planned(0, Method.ADD_BOOKS, null, null, List.of(book(random, isbn, 1, false)), 0);
        };
        return List.of(read, write, read);
    }

    private static HistoryCall registerCall(SplittableRandom random, int worker) {
        int[] isbn = {random.nextInt(NEW_ISBN)};
        return switch (random.nextInt(3)) {
            case 0 -> planned(worker, Method.BUY_BOOKS, isbn, new int[] {count(random)}, List.of(), 0);
            case 1 -> planned(worker, Method.ADD_COPIES, isbn, new int[] {count(random)}, List.of(), 0);
            default -> planned(worker, Method.GET_BOOKS_BY_ISBN, isbn, null, List.of(), 0);
        };
    }

    private static HistoryCall anyCall(SplittableRandom random, int worker) {
        int[] isbns = random.nextInt(4) == 0 ? new int[] {isbn(random), isbn(random)} : new int[] {isbn(random)};
        isbns = Arrays.stream(isbns).distinct().toArray();
        int[] counts = Arrays.stream(isbns).map(i -> count(random)).toArray();
        return switch (random.nextInt(8)) {
            case 0 -> planned(worker, Method.BUY_BOOKS, isbns, counts, List.of(), 0);
            case 1 -> planned(worker, Method.ADD_COPIES, isbns, counts, List.of(), 0);
            case 2, 3 -> {
                List<BookView> books = new ArrayList<>();
                for (int isbn : isbns) {
                    books.add(book(random, isbn, COPIES[random.nextInt(COPIES.length)], true));
                }
                yield planned(worker, Method.ADD_BOOKS, null, null, books, 0);
            }
            case 4 -> planned(worker, Method.REMOVE_BOOKS, isbns, null, List.of(), 0);
            case 5 -> planned(worker, Method.GET_BOOKS_BY_ISBN, isbns, null, List.of(), 0);
            case 6 -> planned(worker, Method.GET_BOOKS, null, null, List.of(), 0);
            default -> planned(worker, Method.GET_EDITOR_PICKS, null, null, List.of(), random.nextInt(4) - 1);
        };
    }

    /** A book at boundary values; {@code offered} ones may also break a rule (the store refuses them). */
    private static BookView book(SplittableRandom random, int isbn, int copies, boolean offered) {
        long misses = offered && random.nextInt(6) == 0 ? -1 : MISSES[random.nextInt(MISSES.length)];
        long timesRated = switch (random.nextInt(offered ? 4 : 3)) {
            case 0 -> StoreRules.MAX_TIMES_RATED;
            case 1 -> 2;
            case 2 -> 0;
            default -> StoreRules.MAX_TIMES_RATED + 1;
        };
        long totalRating = offered && random.nextInt(6) == 0 ? StoreRules.MAX_RATING * timesRated + 1
                : 3 * timesRated;
        return BookView.stock(isbn, TITLES[random.nextInt(TITLES.length)], "author", 9.5f, copies, misses,
                random.nextBoolean()).rated(timesRated, totalRating);
    }

    /** 0..4, the never-initial ISBN 4 a third of the time, so that its adds and reads meet. */
    private static int isbn(SplittableRandom random) {
        return random.nextInt(3) == 0 ? NEW_ISBN : random.nextInt(NEW_ISBN);
    }

    private static int count(SplittableRandom random) {
        return COUNTS[random.nextInt(COUNTS.length)];
    }

    private static HistoryCall planned(int worker, Method method, int[] isbns, int[] counts, List<BookView> books,
            int number) {
        return new HistoryCall(0, worker, method, isbns, counts, books, number, 0, 0, Outcome.OK, List.of(), "");
    }

    /** {@code call} with another id, times, outcome and result. */
    static HistoryCall with(HistoryCall call, int id, long start, long end, Outcome outcome, List<BookView> result) {
        return new HistoryCall(id, call.worker(), call.method(), call.isbns(), call.counts(), call.books(),
                call.number(), start, end, outcome, outcome == Outcome.OK ? result : List.of(), call.message());
    }
}
