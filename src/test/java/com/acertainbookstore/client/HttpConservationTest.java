package com.acertainbookstore.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.acertainbookstore.business.BookCopy;
import com.acertainbookstore.business.BookStoreException;
import com.acertainbookstore.business.ImmutableStockBook;
import com.acertainbookstore.business.StockBook;
import com.acertainbookstore.interfaces.HttpStoreFixture;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

/**
 * Many threads sharing one pair of proxies buy and add copies at random; at the end every book
 * holds exactly its initial copies plus those added minus those bought by successful calls.
 */
class HttpConservationTest {

    private static final int THREADS = 64;
    private static final int CALLS_PER_THREAD = 60;
    private static final int BOOKS = 8;
    private static final int INITIAL_COPIES = 20;
    private static final long TIMEOUT_SECONDS = 60;

    /** What one worker did successfully: copies bought and added per ISBN (index = ISBN). */
    private record Tally(long[] bought, long[] added, int refusedBuys) {
    }

    @Test
    void randomBuysAndAddCopies_manyThreadsSharingProxies_conserveCopies() throws Exception {
        try (HttpStoreFixture remote = HttpStoreFixture.open()) {
            Set<StockBook> books = new HashSet<>();
            for (int isbn = 1; isbn <= BOOKS; isbn++) {
                books.add(new ImmutableStockBook(isbn, "T" + isbn, "A", 1f, INITIAL_COPIES, 0, 0, 0, isbn % 2 == 0));
            }
            remote.stock().addBooks(books);
            CountDownLatch startGate = new CountDownLatch(1);
            ExecutorService pool = Executors.newFixedThreadPool(THREADS);
            List<Future<Tally>> futures = new ArrayList<>();
            try {
                for (int t = 0; t < THREADS; t++) {
                    futures.add(pool.submit(worker(remote, startGate)));
                }
                startGate.countDown();
                long[] bought = new long[BOOKS + 1];
                long[] added = new long[BOOKS + 1];
                int refused = 0;
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(TIMEOUT_SECONDS);
                for (Future<Tally> future : futures) {
                    Tally tally = await(future, deadline);
                    for (int isbn = 1; isbn <= BOOKS; isbn++) {
                        bought[isbn] += tally.bought()[isbn];
                        added[isbn] += tally.added()[isbn];
                    }
                    refused += tally.refusedBuys();
                }
                long totalBought = 0;
                for (StockBook book : remote.stock().getBooks()) {
                    int isbn = book.getISBN();
                    assertEquals(INITIAL_COPIES + added[isbn] - bought[isbn], book.getNumCopies(), "copies of ISBN " + isbn);
                    totalBought += bought[isbn];
                }
                assertTrue(totalBought > 0, "no purchase succeeded (" + refused + " refused)");
            } finally {
                pool.shutdownNow();
                assertTrue(pool.awaitTermination(10, TimeUnit.SECONDS), "workers did not stop");
            }
        }
    }

    private static Tally await(Future<Tally> future, long deadline) throws InterruptedException {
        try {
            return future.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            StringBuilder dump = new StringBuilder("workers still running after " + TIMEOUT_SECONDS + " s:\n");
            for (Map.Entry<Thread, StackTraceElement[]> entry : Thread.getAllStackTraces().entrySet()) {
                dump.append(entry.getKey()).append('\n');
                for (StackTraceElement frame : entry.getValue()) {
                    dump.append("    at ").append(frame).append('\n');
                }
            }
            return fail(dump.toString());
        } catch (ExecutionException e) {
            return fail("a worker failed: " + e.getCause(), e.getCause());
        }
    }

    private static Callable<Tally> worker(HttpStoreFixture remote, CountDownLatch startGate) {
        return () -> {
            long[] bought = new long[BOOKS + 1];
            long[] added = new long[BOOKS + 1];
            int refused = 0;
            ThreadLocalRandom random = ThreadLocalRandom.current();
            startGate.await();
            for (int call = 0; call < CALLS_PER_THREAD; call++) {
                int isbn = 1 + random.nextInt(BOOKS);
                int copies = 1 + random.nextInt(3);
                int kind = random.nextInt(10);
                if (kind < 5) {
                    try {
                        remote.client().buyBooks(Set.of(new BookCopy(isbn, copies)));
                        bought[isbn] += copies;
                    } catch (BookStoreHTTPException e) {
                        if (e.status() != 422 || !e.getMessage().contains("available")) {
                            throw e;
                        }
                        refused++;
                    }
                } else if (kind < 7) {
                    remote.stock().addCopies(Set.of(new BookCopy(isbn, copies)));
                    added[isbn] += copies;
                } else if (kind < 8) {
                    check(remote.client().getEditorPicks(2).size() == 2, "two editor picks");
                } else if (kind < 9) {
                    check(remote.client().getBooks(Set.of(isbn)).get(0).getISBN() == isbn, "the asked book");
                } else {
                    check(remote.stock().getBooksByISBN(Set.of(isbn)).get(0).getNumCopies() >= 0, "copies >= 0");
                }
            }
            return new Tally(bought, added, refused);
        };
    }

    /** Fails the worker (its future), never the test thread directly. */
    private static void check(boolean condition, String what) throws BookStoreException {
        if (!condition) {
            throw new BookStoreException("a read did not return " + what);
        }
    }
}
