package com.acertainbookstore.replica;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.business.BookCopy;
import com.acertainbookstore.business.BookStoreException;
import com.acertainbookstore.business.ImmutableStockBook;
import com.acertainbookstore.business.OutcomeUnknownException;
import com.acertainbookstore.business.StockBook;
import com.acertainbookstore.client.BookStoreHTTPException;
import com.acertainbookstore.client.BookStoreHTTPProxy;
import com.acertainbookstore.client.StockManagerHTTPProxy;
import com.acertainbookstore.replication.ReplicaSettings;
import com.acertainbookstore.replication.ServiceSettings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Conservation of copies across a leader failover, seen through the list proxies.
 *
 * <p><b>Schedule.</b> Three in-JVM replicas; {@value #WORKERS} threads buy and restock for
 * {@value #RUN_MS} ms. At {@value #KILL_AT_MS} ms the leader is closed (its Ratis and HTTP
 * servers stop; its storage stays), at {@value #RESTART_AT_MS} ms it is started again from its
 * storage.
 *
 * <p><b>What makes every outcome decidable.</b> Each worker owns its books, so it knows each one's
 * copies exactly while its calls are acknowledged. A call whose outcome is unknown moves the
 * worker to a fresh book: every book then has at most one unknown call, of a known non-zero
 * amount, so the final copies say whether it was applied ({@code recovered}: expected plus its
 * amount) or not (expected). Any other value is a violation: {@code lost} (an acknowledged call is
 * missing) or {@code unexpected} (something was applied that nobody sent, or twice).
 *
 * <p><b>Verdict.</b> Every replica holds the same books, field by field; every book's copies are
 * explained as above; writes were acknowledged after the kill and after the restart (the group
 * failed over and took the old leader back); a refused call is a failure (no worker ever buys
 * more than it knows is there).
 */
class ConservationUnderFailoverTest {

    private static final int WORKERS = 8;
    private static final int BOOKS_PER_WORKER = 40;
    private static final int INITIAL_COPIES = 1_000;
    private static final int RESTOCK = 2;
    private static final int BUY = 1;
    private static final long KILL_AT_MS = 1_000;
    private static final long RESTART_AT_MS = 3_000;
    private static final long RUN_MS = 5_000;
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    /** A call whose outcome the worker could not know: book and the change it would have made. */
    private record Unknown(int isbn, int delta, String message) {
    }

    /** One worker's result, read by the test thread after the worker ended. */
    private static final class WorkerResult {
        final Map<Integer, Integer> expected = new HashMap<>();
        final List<Unknown> unknowns = new ArrayList<>();
        final List<String> failures = new ArrayList<>();
        long acknowledged;
    }

    @Tag("slow")
    @Test
    void copiesAreConservedAndReplicasAgreeAcrossALeaderFailover() throws Exception {
        try (LocalReplicas group = LocalReplicas.start(3, ReplicaSettings.DEFAULT)) {
            int leader = group.awaitLeader(Duration.ofSeconds(20));
            List<String> urls = new ArrayList<>();
            List<String> stockUrls = new ArrayList<>();
            for (int i = 0; i < group.size(); i++) {
                urls.add(group.url(i));
                stockUrls.add(group.url(i) + "/stock");
            }
            try (BookStoreHTTPProxy customer = new BookStoreHTTPProxy(urls, TIMEOUT, null);
                    StockManagerHTTPProxy stock = new StockManagerHTTPProxy(stockUrls, TIMEOUT, null)) {
                Set<StockBook> books = new HashSet<>();
                for (int isbn = 1; isbn <= WORKERS * BOOKS_PER_WORKER; isbn++) {
                    books.add(new ImmutableStockBook(isbn, "Title " + isbn, "Author", 10f, INITIAL_COPIES, 0, 0, 0,
                            false));
                }
                stock.addBooks(books);

                AtomicBoolean stop = new AtomicBoolean();
                AtomicLong ackedAfterKill = new AtomicLong();
                AtomicLong ackedAfterRestart = new AtomicLong();
                AtomicBoolean killed = new AtomicBoolean();
                AtomicBoolean restarted = new AtomicBoolean();
                ConcurrentLinkedQueue<Throwable> crashed = new ConcurrentLinkedQueue<>();
                WorkerResult[] results = new WorkerResult[WORKERS];
                Thread[] threads = new Thread[WORKERS];
                for (int w = 0; w < WORKERS; w++) {
                    WorkerResult result = new WorkerResult();
                    results[w] = result;
                    int first = 1 + w * BOOKS_PER_WORKER;
                    threads[w] = new Thread(() -> {
                        try {
                            work(customer, stock, first, result, stop, () -> {
                                if (restarted.get()) {
                                    ackedAfterRestart.incrementAndGet();
                                } else if (killed.get()) {
                                    ackedAfterKill.incrementAndGet();
                                }
                            });
                        } catch (Throwable e) {
                            crashed.add(e);
                        }
                    }, "conservation-worker-" + w);
                    threads[w].start();
                }
                long start = System.nanoTime();
                sleepUntil(start, KILL_AT_MS);
                group.kill(leader);
                killed.set(true);
                long closedMs = elapsedMs(start);
                sleepUntil(start, RESTART_AT_MS);
                group.restart(leader, ServiceSettings.DEFAULT);
                restarted.set(true);
                long restartedMs = elapsedMs(start);
                sleepUntil(start, RUN_MS);
                stop.set(true);
                for (Thread thread : threads) {
                    thread.join(TimeUnit.SECONDS.toMillis(60));
                    assertTrue(!thread.isAlive(), thread.getName() + " did not end within 60 s");
                }
                assertTrue(crashed.isEmpty(), "workers crashed: " + crashed);

                group.awaitConverged(Duration.ofSeconds(20));
                List<String> reference = group.books(0);
                for (int i = 1; i < group.size(); i++) {
                    assertEquals(reference, group.books(i), "replica r" + i + " differs from r0");
                }
                Map<Integer, Integer> copies = new HashMap<>();
                for (StockBook book : stock.getBooks()) {
                    copies.put(book.getISBN(), book.getNumCopies());
                }
                verdict(results, copies, ackedAfterKill.get(), ackedAfterRestart.get(), "leader r" + leader
                        + " closing at " + KILL_AT_MS + " ms (closed at " + closedMs + " ms), started again at "
                        + restartedMs + " ms, run ended at " + RUN_MS + " ms");
            }
        }
    }

    private static void work(BookStoreHTTPProxy customer, StockManagerHTTPProxy stock, int first, WorkerResult result,
            AtomicBoolean stop, Runnable acknowledged) {
        int book = 0;
        int copies = INITIAL_COPIES;
        for (long step = 0; !stop.get() && book < BOOKS_PER_WORKER; step++) {
            int isbn = first + book;
            boolean restock = step % 2 == 0;
            int delta = restock ? RESTOCK : -BUY;
            try {
                if (restock) {
                    stock.addCopies(Set.of(new BookCopy(isbn, RESTOCK)));
                } else {
                    customer.buyBooks(Set.of(new BookCopy(isbn, BUY)));
                }
                copies += delta;
                result.acknowledged++;
                acknowledged.run();
            } catch (OutcomeUnknownException e) {
                result.unknowns.add(new Unknown(isbn, delta, e.getMessage()));
                result.expected.put(isbn, copies);
                book++;
                copies = INITIAL_COPIES;
                continue;
            } catch (BookStoreHTTPException e) {
                if (e.status() == 422) {
                    result.failures.add("ISBN " + isbn + " refused: " + e.getMessage());
                }
                // Otherwise it provably reached no replica: not applied, nothing to count.
            } catch (BookStoreException e) {
                result.failures.add("ISBN " + isbn + ": " + e);
            }
            result.expected.put(isbn, copies);
        }
    }

    private static void verdict(WorkerResult[] results, Map<Integer, Integer> copies, long afterKill, long afterRestart,
            String schedule) {
        List<String> violations = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        long acknowledged = 0;
        int unknown = 0;
        int recovered = 0;
        Map<Integer, Unknown> unknownByIsbn = new HashMap<>();
        for (WorkerResult result : results) {
            acknowledged += result.acknowledged;
            failures.addAll(result.failures);
            for (Unknown call : result.unknowns) {
                unknownByIsbn.put(call.isbn(), call);
            }
            unknown += result.unknowns.size();
        }
        for (WorkerResult result : results) {
            for (Map.Entry<Integer, Integer> entry : result.expected.entrySet()) {
                int isbn = entry.getKey();
                int expected = entry.getValue();
                Integer actual = copies.get(isbn);
                Unknown call = unknownByIsbn.get(isbn);
                if (actual == null) {
                    violations.add("lost: ISBN " + isbn + " is missing from the store");
                } else if (call != null && actual == expected + call.delta()) {
                    recovered++;
                } else if (actual != expected) {
                    violations.add((actual < expected == (call == null || call.delta() > 0) ? "lost" : "unexpected")
                            + ": ISBN " + isbn + " holds " + actual + " copies, acknowledged calls give " + expected
                            + (call == null ? "" : ", or " + (expected + call.delta()) + " with the unknown call ("
                                    + call.message() + ")"));
                }
            }
        }
        String summary = "schedule: " + schedule + "; " + acknowledged + " calls acknowledged (" + afterKill
                + " between kill and restart, " + afterRestart + " after), " + unknown + " unknown (" + recovered
                + " of them applied), " + failures.size() + " failures";
        System.out.println("ConservationUnderFailoverTest: " + summary);
        assertTrue(violations.isEmpty(), summary + "; violations:\n" + String.join("\n", violations));
        assertTrue(failures.isEmpty(), summary + "; failures: " + failures);
        assertTrue(afterKill > 0, "no write was acknowledged after the leader was closed: " + summary);
        assertTrue(afterRestart > 0, "no write was acknowledged after the old leader restarted: " + summary);
    }

    private static long elapsedMs(long start) {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
    }

    private static void sleepUntil(long start, long ms) throws InterruptedException {
        long left = start + TimeUnit.MILLISECONDS.toNanos(ms) - System.nanoTime();
        if (left > 0) {
            TimeUnit.NANOSECONDS.sleep(left);
        }
    }
}
