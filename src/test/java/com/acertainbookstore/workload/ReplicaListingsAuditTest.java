package com.acertainbookstore.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.business.BookStoreException;
import com.acertainbookstore.business.ImmutableStockBook;
import com.acertainbookstore.business.Locking;
import com.acertainbookstore.business.StockBook;
import com.acertainbookstore.store.CertainBookStore;
import com.acertainbookstore.workload.checking.AuditFailedException;
import com.acertainbookstore.workload.settings.Setting;
import com.acertainbookstore.workload.settings.WorkloadConfig;
import com.acertainbookstore.workload.targets.Listing;
import com.acertainbookstore.workload.targets.Target;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The audit of a target with several copies of the store, in-process: three "replicas" listed
 * from one real store, the second with one copy fewer of the lowest ISBN. The run must fail its
 * audit naming that replica twice: its copies do not add up, and it differs from r0.
 */
class ReplicaListingsAuditTest {

    @TempDir
    Path dir;

    @Test
    @Timeout(60)
    void run_replicaListingACopyShort_failsTheAuditNamingReplicaIsbnFieldAndValues() {
        WorkloadConfig config = WorkloadConfig.defaults().withLockings(Locking.TWO_LEVEL).withThreads(2)
                .withCounts(0, 50).withRepetitions(1).withOutput(dir.resolve("results"), dir.resolve("plots"))
                .with(Setting.PROGRESS_SECONDS, 0).with(Setting.PRIMING_SECONDS, 0);

        AuditFailedException e = assertThrows(AuditFailedException.class,
                () -> WorkloadMain.run(config, ThreeCopies::new));

        List<String> problems = e.mismatches();
        assertEquals(2, problems.size(), problems.toString());
        assertTrue(problems.get(0).matches("replica r1, ISBN 1: initial 100 \\+ added [0-9]+ - bought [0-9]+ = ([0-9]+)"
                + " copies expected, store has [0-9]+"), problems.get(0));
        Matcher difference = Pattern.compile("replica r1, ISBN 1: numCopies ([0-9]+), replica r0 has ([0-9]+)")
                .matcher(problems.get(1));
        assertTrue(difference.matches(), problems.get(1));
        assertEquals(Integer.parseInt(difference.group(2)) - 1, Integer.parseInt(difference.group(1)));
    }

    /** The in-process store, listed as three replicas; r1 lists one copy fewer of its first book. */
    private static final class ThreeCopies extends ForwardingTarget {

        private final CertainBookStore store;

        ThreeCopies(Locking locking) {
            this(new CertainBookStore(locking), locking);
        }

        private ThreeCopies(CertainBookStore store, Locking locking) {
            super(Target.inProcess(locking, store, store), store, store);
            this.store = store;
        }

        @Override
        public List<Listing> listings() throws BookStoreException {
            List<StockBook> books = store.getBooks();
            List<StockBook> short1 = new ArrayList<>();
            for (StockBook book : books) {
                short1.add(book.getISBN() != 1 ? book : new ImmutableStockBook(1, book.getTitle(), book.getAuthor(),
                        book.getPrice(), book.getNumCopies() - 1, book.getNumSaleMisses(), book.getNumTimesRated(),
                        book.getTotalRating(), book.isEditorPick()));
            }
            return List.of(new Listing("r0", books), new Listing("r1", short1), new Listing("r2", books));
        }
    }
}
