package com.acertainbookstore.workload.checking;

import com.acertainbookstore.business.StockBook;
import java.util.ArrayList;
import java.util.List;

/**
 * The audit of one repetition: for every ISBN, initial copies + copies added by successful
 * interactions - copies bought by successful interactions must equal the copies in the store, and
 * a book must be in the store exactly when it was there initially or was added. Calls whose
 * outcome is unknown (each applied whole or not at all) widen that to a range: the store may hold
 * up to the copies they would have added more, and up to the copies they would have bought fewer,
 * and a book only they would have added may or may not be there. Without them the range is the
 * one number. Stateless; safe to share.
 */
public final class Audit {

    private static final int MAX_REPORTED = 10;

    private Audit() {
    }

    /**
     * The mismatches (empty when the audit passes), each naming the ISBN and the numbers; at most
     * {@value #MAX_REPORTED} are listed, then a count of the rest.
     */
    static List<String> mismatches(long[] initial, long[] added, long[] bought, List<StockBook> store) {
        return mismatches(initial, added, bought, new long[initial.length], new long[initial.length], store);
    }

    /**
     * The mismatches, with {@code addedUnknown} and {@code boughtUnknown} the copies that calls of
     * unknown outcome would have added and bought, by ISBN.
     */
    public static List<String> mismatches(long[] initial, long[] added, long[] bought, long[] addedUnknown,
            long[] boughtUnknown, List<StockBook> store) {
        List<String> problems = new ArrayList<>();
        int others = 0;
        boolean[] seen = new boolean[initial.length];
        for (StockBook book : store) {
            int isbn = book.getISBN();
            String problem;
            if (isbn < 1 || isbn >= initial.length) {
                problem = "ISBN " + isbn + ": in the store with " + book.getNumCopies()
                        + " copies but outside the catalogue 1.." + (initial.length - 1);
            } else if (seen[isbn]) {
                problem = "ISBN " + isbn + ": listed more than once by the store";
            } else {
                seen[isbn] = true;
                problem = compare(isbn, initial[isbn], added[isbn], bought[isbn], addedUnknown[isbn],
                        boughtUnknown[isbn], book.getNumCopies());
            }
            others += report(problems, problem);
        }
        for (int isbn = 1; isbn < initial.length; isbn++) {
            if (!seen[isbn] && initial[isbn] + added[isbn] > 0) {
                others += report(problems, "ISBN " + isbn + ": " + formula(initial[isbn], added[isbn],
                        bought[isbn]) + unknown(addedUnknown[isbn], boughtUnknown[isbn])
                        + " copies expected, but the book is not in the store");
            }
        }
        if (others > 0) {
            problems.add("... and " + others + " more mismatching ISBNs");
        }
        return problems;
    }

    private static String compare(int isbn, long initial, long added, long bought, long addedUnknown,
            long boughtUnknown, long inStore) {
        if (initial + added + addedUnknown == 0) {
            return "ISBN " + isbn + ": in the store with " + inStore + " copies but never added";
        }
        long expected = initial + added - bought;
        long low = expected - boughtUnknown;
        long high = expected + addedUnknown;
        return low <= inStore && inStore <= high ? null : "ISBN " + isbn + ": " + formula(initial, added, bought)
                + unknown(addedUnknown, boughtUnknown) + " copies expected, store has " + inStore;
    }

    /** The range that unknown outcomes allow, or nothing without them. */
    private static String unknown(long addedUnknown, long boughtUnknown) {
        return addedUnknown == 0 && boughtUnknown == 0 ? "" : " (give or take the calls of unknown outcome: up to "
                + addedUnknown + " more added, up to " + boughtUnknown + " more bought)";
    }

    private static String formula(long initial, long added, long bought) {
        return "initial " + initial + " + added " + added + " - bought " + bought + " = "
                + (initial + added - bought);
    }

    /** Adds a problem while fewer than the maximum are listed; returns 1 if it was left out. */
    private static int report(List<String> problems, String problem) {
        if (problem == null) {
            return 0;
        }
        if (problems.size() < MAX_REPORTED) {
            problems.add(problem);
            return 0;
        }
        return 1;
    }
}
