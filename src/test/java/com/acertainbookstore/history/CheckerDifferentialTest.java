package com.acertainbookstore.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.acertainbookstore.business.Locking;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Hunts the checker with another: small random concurrent histories made by the real store
 * ({@link RealHistories}, both lockings), and mutants of them ({@link Mutants}), each judged by the
 * checker's search and by {@link BruteForce}, a plain enumeration of every order real time allows
 * replayed on real stores; the two must agree, on every history, with the model the checker
 * chooses and with the store model too. A disagreement fails with its seed, shrunk to a smallest
 * history that still shows it ({@link Shrinker}).
 */
class CheckerDifferentialTest {

    /** Histories per locking; each also gives up to one mutant of every kind. */
    private static final int HISTORIES = 1500;
    /** The fewest mutants of each kind a run must make, so that no kind goes untried. */
    private static final int MIN_PER_KIND = 50;
    private static final Budget BUDGET = Budget.of(10, 256);

    private static ExecutorService workers;

    @BeforeAll
    static void startWorkers() {
        workers = Executors.newFixedThreadPool(3, r -> {
            Thread thread = new Thread(r, "differential-worker");
            thread.setDaemon(true);
            return thread;
        });
    }

    @AfterAll
    static void stopWorkers() throws InterruptedException {
        workers.shutdownNow();
        assertTrue(workers.awaitTermination(10, TimeUnit.SECONDS), "the recording workers did not stop");
    }

    @ParameterizedTest
    @EnumSource(Locking.class)
    void realHistoriesAndTheirMutants_searchAgreesWithEnumeration(Locking locking) throws InterruptedException {
        RealHistories maker = new RealHistories(workers);
        Map<Mutants.Kind, int[]> tried = new EnumMap<>(Mutants.Kind.class);
        for (int seed = 0; seed < HISTORIES; seed++) {
            History history = maker.make(seed, locking, seed % 3 == 0);
            judge(history, Verdict.LINEARIZABLE, "recorded, seed " + seed);
            SplittableRandom random = new SplittableRandom(seed * 31L + 7);
            for (Mutants.Kind kind : Mutants.Kind.values()) {
                Optional<History> mutant = Mutants.mutate(history, kind, random);
                if (mutant.isPresent()) {
                    Verdict verdict = judge(mutant.get(), kind.expected, kind + " of seed " + seed);
                    int[] counts = tried.computeIfAbsent(kind, k -> new int[2]);
                    counts[0]++;
                    counts[1] += verdict == Verdict.VIOLATION ? 1 : 0;
                }
            }
        }
        StringBuilder made = new StringBuilder();
        int fewest = Integer.MAX_VALUE;
        for (Mutants.Kind kind : Mutants.Kind.values()) {
            int[] counts = tried.getOrDefault(kind, new int[2]);
            made.append(' ').append(kind).append(' ').append(counts[0]).append(" (").append(counts[1])
                    .append(" violations)");
            fewest = Math.min(fewest, counts[0]);
        }
        assertTrue(fewest >= MIN_PER_KIND, "mutants made in " + HISTORIES + " histories:" + made
                + "; every kind must be tried at least " + MIN_PER_KIND + " times");
    }

    @Test
    void shrink_staleReadAmongOthers_keepsTheBuyAndTheStaleRead() {
        History history = Histories.store().book(1, 5).book(2, 3).read(0, 2, 0, 5, 3, 0)
                .buy(0, 1, 10, 20, Outcome.OK).read(1, 2, 12, 18, 3, 0).read(2, 1, 30, 40, 5, 0).build();

        History shrunk = Shrinker.shrink(history, h -> BruteForce.verdict(h) == Verdict.VIOLATION);

        assertEquals(List.of(1, 3), shrunk.calls().stream().map(HistoryCall::id).toList(),
                Shrinker.describe(shrunk));
    }

    /** Both judges' verdict on {@code history}, which must agree, and be {@code expected} unless null. */
    private static Verdict judge(History history, Verdict expected, String what) {
        Verdict reference = BruteForce.verdict(history);
        Predicate<History> disagree = h -> disagreement(h, BruteForce.verdict(h)) != null;
        String problem = disagreement(history, reference);
        if (problem != null) {
            History shrunk = Shrinker.shrink(history, disagree);
            fail(what + ": " + problem + "; shrunk to " + shrunk.calls().size() + " calls: "
                    + disagreement(shrunk, BruteForce.verdict(shrunk)) + "\n" + Shrinker.describe(shrunk));
        }
        if (expected != null && reference != expected) {
            fail(what + ": the enumeration says " + reference + ", the mutation must give " + expected + "\n"
                    + Shrinker.describe(history));
        }
        return reference;
    }

    /** What the checker gets wrong on {@code history} against the reference's verdict, or null. */
    private static String disagreement(History history, Verdict reference) {
        CheckResult checked = Checker.check(history, BUDGET);
        if (checked.verdict() != reference) {
            return "the search says " + checked.verdict() + ", the enumeration " + reference;
        }
        CheckResult whole = Checker.check(history, StoreModel.INSTANCE, BUDGET);
        if (whole.verdict() != reference) {
            return "the store model's search says " + whole.verdict() + ", the enumeration " + reference;
        }
        CheckResult exact = Checker.check(history, StoreModel.INSTANCE, BUDGET, Search.Cache.EXACT);
        if (exact.verdict() != reference) {
            return "the store model's search with an exact cache says " + exact.verdict() + ", the enumeration "
                    + reference;
        }
        return null;
    }
}
