package com.acertainbookstore.report;

import com.acertainbookstore.business.Book;
import com.acertainbookstore.business.BookCopy;
import com.acertainbookstore.business.BookStoreException;
import com.acertainbookstore.business.ImmutableStockBook;
import com.acertainbookstore.business.Locking;
import com.acertainbookstore.business.StockBook;
import com.acertainbookstore.history.BookView;
import com.acertainbookstore.history.Budget;
import com.acertainbookstore.history.CheckResult;
import com.acertainbookstore.history.Checker;
import com.acertainbookstore.history.History;
import com.acertainbookstore.history.HistoryCall;
import com.acertainbookstore.history.Method;
import com.acertainbookstore.history.Outcome;
import com.acertainbookstore.history.Verdict;
import com.acertainbookstore.history.ViolationFile;
import com.acertainbookstore.history.ViolationReport;
import com.acertainbookstore.store.CertainBookStore;
import com.acertainbookstore.workload.results.ResultFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Test helper: the window of a failed history check saved in a results directory as a run saves
 * it, from a history made by the real store and then broken as the checker's tests break one.
 * Three books whose titles are markup are in the store, all editor picks; one worker removes book
 * 1, then a second asks for the editor picks and a third buys a copy of book 1 (refused by the
 * store with its own message). The read's answer is then changed to still hold book 1: a stale
 * read, which no order explains. Stateless.
 */
final class ViolationFixture {

    /** The books' titles (ISBN 1, 2, 3): each is markup in HTML or SVG. */
    static final List<String> TITLES = List.of("<script>alert(1)</script>", "\"><img src=x onerror=alert(2)>",
            "</svg><svg onload=alert(3)>");
    /** The history's description (the page shows it too). */
    static final String DESCRIPTION = "local TWO_LEVEL at 3 threads, repetition 1 <b>" + TITLES.get(2);

    private ViolationFixture() {
    }

    /**
     * Makes the history, checks it, saves its window under {@code results/history/} as
     * {@code local-TWO_LEVEL-threads3-r1.violation.jsonl} and returns the check's result.
     */
    static CheckResult write(Path results) throws IOException, BookStoreException {
        CertainBookStore store = new CertainBookStore(Locking.TWO_LEVEL);
        Set<StockBook> books = new HashSet<>();
        List<BookView> initial = new ArrayList<>();
        for (int isbn = 1; isbn <= TITLES.size(); isbn++) {
            StockBook book = new ImmutableStockBook(isbn, TITLES.get(isbn - 1), "author " + TITLES.get(isbn - 1), 10f,
                    5, 0, 0, 0, true);
            books.add(book);
            initial.add(BookView.of(book));
        }
        store.addBooks(books);
        long origin = System.nanoTime();
        List<HistoryCall> calls = new ArrayList<>();
        long start = System.nanoTime() - origin;
        store.removeBooks(Set.of(1));
        calls.add(new HistoryCall(0, 0, Method.REMOVE_BOOKS, new int[] {1}, null, null, 0, start,
                System.nanoTime() - origin, Outcome.OK, null, ""));
        start = System.nanoTime() - origin;
        List<BookView> picks = new ArrayList<>();
        for (Book book : store.getEditorPicks(3)) {
            picks.add(BookView.of(book));
        }
        long end = System.nanoTime() - origin;
        Book removed = new ImmutableStockBook(1, TITLES.get(0), "author " + TITLES.get(0), 10f, 5, 0, 0, 0, true);
        picks.add(BookView.plain(removed.getISBN(), removed.getTitle(), removed.getAuthor(), removed.getPrice()));
        calls.add(new HistoryCall(1, 1, Method.GET_EDITOR_PICKS, null, null, null, 3, start, end, Outcome.OK, picks,
                ""));
        start = System.nanoTime() - origin;
        String refusal;
        try {
            store.buyBooks(Set.of(new BookCopy(1, 1)));
            throw new IllegalStateException("the store sold a copy of a removed book");
        } catch (BookStoreException e) {
            refusal = e.getMessage();
        }
        calls.add(new HistoryCall(2, 2, Method.BUY_BOOKS, new int[] {1}, new int[] {1}, null, 0, start,
                System.nanoTime() - origin, Outcome.REFUSED, null, refusal));
        History history = new History(DESCRIPTION, initial, calls);
        CheckResult result = Checker.check(history, Budget.of(10, 256));
        if (result.verdict() != Verdict.VIOLATION) {
            throw new IllegalStateException("the stale read was not caught: " + ViolationReport.text(result));
        }
        ViolationFile.write(results.resolve(ResultFiles.HISTORY_DIR).resolve("local-TWO_LEVEL-threads3-r1"
                + ViolationFile.SUFFIX), DESCRIPTION, result.violation());
        return result;
    }
}
