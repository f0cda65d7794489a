package com.acertainbookstore.store;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.business.BookCopy;
import com.acertainbookstore.business.BookEditorPick;
import com.acertainbookstore.business.BookStoreException;
import com.acertainbookstore.business.Locking;
import com.acertainbookstore.business.StockBook;
import com.acertainbookstore.interfaces.BookStore;
import com.acertainbookstore.interfaces.StockManager;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.locks.Lock;
import org.jetbrains.lincheck.LincheckAssertionError;
import org.jetbrains.lincheck.datastructures.BooleanGen;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Options;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.StressOptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Linearizability of the store, checked by Lincheck: concurrent scenarios of small calls on a
 * two-book store must match some sequential order of the same calls (the sequential
 * specification is the same class run on one thread). Model checking explores interleavings at
 * every shared access; stress runs them on real threads. Each mode is checked both ways, and a
 * store with one lock removed must be caught, which proves the check can fail (those two hunts are
 * tagged {@code slow}, as are the two stress runs: {@code .ci/run} runs them, {@code mvn test} leaves
 * them out for time).
 */
public class StoreLincheckTest {

    private static final long HANG_TIMEOUT_MS = 120_000;

    @Test
    void modelChecking_singleLock_linearizable() {
        modelChecking().check(SingleLockStore.class);
    }

    @Test
    void modelChecking_twoLevelLocks_linearizable() {
        modelChecking().check(TwoLevelStore.class);
    }

    @Tag("slow")
    @Test
    void stress_singleLock_linearizable() {
        stress().check(SingleLockStore.class);
    }

    @Tag("slow")
    @Test
    void stress_twoLevelLocks_linearizable() {
        stress().check(TwoLevelStore.class);
    }

    @Test
    @Tag("slow")
    void modelChecking_twoLevelWithoutBookLocks_reportsViolation() {
        LincheckAssertionError failure = assertThrows(LincheckAssertionError.class,
                () -> hunting().check(NoBookLocksStore.class));
        assertTrue(failure.getMessage().contains("Invalid execution results"), failure.getMessage());
    }

    @Test
    @Tag("slow")
    void modelChecking_singleWithSharedWrites_reportsViolation() {
        LincheckAssertionError failure = assertThrows(LincheckAssertionError.class,
                () -> hunting().check(SharedWritesStore.class));
        assertTrue(failure.getMessage().contains("Invalid execution results"), failure.getMessage());
    }

    /** Model checking explores interleavings at each shared access: few, short scenarios. */
    private static ModelCheckingOptions modelChecking() {
        return small(new ModelCheckingOptions(), 3, 100);
    }

    /**
     * For the broken stores: more scenarios, since a scenario shows the missing lock only when it
     * has two writers of one book; the check stops at the first violation, so this costs time
     * only if the violation is missed.
     */
    private static ModelCheckingOptions hunting() {
        return small(new ModelCheckingOptions(), 12, 100).minimizeFailedScenario(false);
    }

    private static StressOptions stress() {
        return small(new StressOptions(), 3, 100);
    }

    /**
     * Two threads of two calls between one call before and one after. The hang timeout is raised
     * from Lincheck's 30 s (set through its internal-but-public setter): on a heavily loaded machine
     * its lazy instrumentation of JDK classes alone took longer than that once and was reported as a
     * hang. A real deadlock is still found by model checking itself, without waiting for a timeout.
     */
    private static <O extends Options<O, ?>> O small(O options, int iterations, int invocations) {
        return options.iterations(iterations).invocationsPerIteration(invocations).threads(2).actorsPerThread(2)
                .actorsBefore(1).actorsAfter(1).invocationTimeout$lincheck(HANG_TIMEOUT_MS);
    }

    // ---------------------------------------------------------------- the stores under test

    /**
     * Two books (ISBN 1 and 2), two copies each, ISBN 1 an editor pick; results as plain strings.
     * Any store seen through its two interfaces: the constructor empties it first, so a store
     * shared between scenarios (a replica group) starts each one alike.
     */
    public abstract static class Scenario {

        private final BookStore store;
        private final StockManager stock;

        Scenario(CertainBookStore store) {
            this(store, store);
        }

        protected Scenario(BookStore store, StockManager stock) {
            this.store = store;
            this.stock = stock;
            try {
                stock.removeAllBooks();
                stock.addBooks(Set.of(TestStores.book(1, 2, true), TestStores.book(2, 2, false)));
            } catch (BookStoreException e) {
                throw new IllegalStateException("setting up the scenario's two books failed", e);
            }
        }

        @Operation
        public String buyBooks(@Param(gen = IntGen.class, conf = "1:2") int first,
                @Param(gen = IntGen.class, conf = "1:2") int firstCopies,
                @Param(gen = IntGen.class, conf = "1:2") int second,
                @Param(gen = IntGen.class, conf = "1:2") int secondCopies) {
            Set<BookCopy> request = new LinkedHashSet<>();
            request.add(new BookCopy(first, firstCopies));
            request.add(new BookCopy(second, secondCopies));
            return outcome(() -> store.buyBooks(request));
        }

        @Operation
        public String addCopies(@Param(gen = IntGen.class, conf = "1:2") int first,
                @Param(gen = IntGen.class, conf = "1:2") int second) {
            return outcome(() -> stock.addCopies(TestStores.copies(1, second, first)));
        }

        @Operation
        public String updateEditorPicks(@Param(gen = IntGen.class, conf = "1:2") int first,
                @Param(gen = BooleanGen.class) boolean firstPick,
                @Param(gen = IntGen.class, conf = "1:2") int second,
                @Param(gen = BooleanGen.class) boolean secondPick) {
            Set<BookEditorPick> picks = new LinkedHashSet<>();
            picks.add(new BookEditorPick(first, firstPick));
            picks.add(new BookEditorPick(second, secondPick));
            return outcome(() -> stock.updateEditorPicks(picks));
        }

        @Operation
        public String getBooksByISBN(@Param(gen = IntGen.class, conf = "1:2") int first,
                @Param(gen = IntGen.class, conf = "1:2") int second) {
            return read(() -> rows(stock.getBooksByISBN(TestStores.isbns(second, first))));
        }

        @Operation
        public String getBooks() {
            return read(() -> rows(stock.getBooks()));
        }

        /** All picks (k is at least their number), sorted: deterministic although the draw is random. */
        @Operation
        public String getEditorPicks() {
            return read(() -> {
                List<Integer> picks = new ArrayList<>(StoreConcurrencyTest.isbnsOf(store.getEditorPicks(2)));
                picks.sort(null);
                return picks.toString();
            });
        }

        private static String rows(List<StockBook> books) {
            StringBuilder rows = new StringBuilder();
            for (StockBook book : books) {
                rows.append(book.getISBN()).append(':').append(book.getNumCopies()).append('/')
                        .append(book.getNumSaleMisses()).append('/').append(book.getNumTimesRated())
                        .append('/').append(book.getTotalRating()).append('/').append(book.isEditorPick())
                        .append(' ');
            }
            return rows.toString();
        }

        @FunctionalInterface
        interface Call {
            void run() throws BookStoreException;
        }

        @FunctionalInterface
        interface Read {
            String run() throws BookStoreException;
        }

        private static String outcome(Call call) {
            return read(() -> {
                call.run();
                return "ok";
            });
        }

        private static String read(Read read) {
            try {
                return read.run();
            } catch (BookStoreException refused) {
                return "refused: " + refused.getMessage();
            }
        }
    }

    public static final class SingleLockStore extends Scenario {
        public SingleLockStore() {
            super(new CertainBookStore(Locking.SINGLE));
        }
    }

    public static final class TwoLevelStore extends Scenario {
        public TwoLevelStore() {
            super(new CertainBookStore(Locking.TWO_LEVEL));
        }
    }

    /** Broken on purpose: two-level locking with the per-book locks left out. */
    public static final class NoBookLocksStore extends Scenario {
        public NoBookLocksStore() {
            super(new CertainBookStore(new LockPolicy.TwoLevel() {
                @Override
                int tryLockBooks(BookEntry[] sortedBooks, boolean write) {
                    return -1;
                }

                @Override
                void unlockBooks(BookEntry[] sortedBooks, boolean write) {
                }
            }));
        }
    }

    /** Broken on purpose: single-lock mode whose book writers share the lock instead of holding it alone. */
    public static final class SharedWritesStore extends Scenario {
        public SharedWritesStore() {
            super(new CertainBookStore(new LockPolicy.Single() {
                @Override
                Lock namedBooks(boolean write) {
                    return storeLock.readLock();
                }
            }));
        }
    }
}
