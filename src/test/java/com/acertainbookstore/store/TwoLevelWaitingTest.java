package com.acertainbookstore.store;

import static com.acertainbookstore.store.TestStores.books;
import static com.acertainbookstore.store.TestStores.copies;
import static com.acertainbookstore.store.TestStores.copiesByIsbn;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

/**
 * Two-level locking never waits for a book while holding another: a buyer that finds one of its
 * books busy lets go of the others, so a third call needing only those others goes through. With
 * hold-and-wait the third call would queue behind the waiting buyer and this test would time out.
 */
class TwoLevelWaitingTest {

    private static final long TIMEOUT_SECONDS = 10;

    /** Two-level locking whose chosen thread, once it holds its books, stays until released. */
    private static final class PausingPolicy extends LockPolicy.TwoLevel {

        final CountDownLatch holding = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        final CountDownLatch someoneAwaits = new CountDownLatch(1);
        volatile Thread pausing;

        @Override
        int tryLockBooks(BookEntry[] sortedBooks, boolean write) {
            int busy = super.tryLockBooks(sortedBooks, write);
            if (busy < 0 && Thread.currentThread() == pausing) {
                holding.countDown();
                awaitQuietly(release);
            }
            return busy;
        }

        @Override
        void awaitBook(BookEntry book, boolean write) {
            someoneAwaits.countDown();
            super.awaitBook(book, write);
        }
    }

    @Test
    void buyBooks_oneBookBusy_waitsHoldingNoOtherBook() throws Exception {
        PausingPolicy policy = new PausingPolicy();
        CertainBookStore store = new CertainBookStore(policy);
        store.addBooks(books(10, false, 1, 2));
        ExecutorService threads = Executors.newFixedThreadPool(3);
        try {
            Future<?> holder = threads.submit(() -> {
                policy.pausing = Thread.currentThread();
                store.buyBooks(copies(1, 2));
                return null;
            });
            assertTrue(policy.holding.await(TIMEOUT_SECONDS, TimeUnit.SECONDS),
                    "the holder never got book 2");
            Future<?> waiter = threads.submit(() -> {
                store.buyBooks(copies(1, 1, 2));
                return null;
            });
            assertTrue(policy.someoneAwaits.await(TIMEOUT_SECONDS, TimeUnit.SECONDS),
                    "the buyer of books 1 and 2 never let go of its books to wait for book 2");

            Future<?> third = threads.submit(() -> {
                store.buyBooks(copies(1, 1));
                return null;
            });
            try {
                third.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
            } catch (TimeoutException e) {
                fail("buying book 1 alone waited " + TIMEOUT_SECONDS + " s: the buyer of books 1"
                        + " and 2 held book 1 while it waited for book 2");
            }

            policy.release.countDown();
            holder.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
            waiter.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
            Map<Integer, Integer> left = copiesByIsbn(store.getBooks());
            assertEquals(Map.of(1, 8, 2, 8), left);
        } finally {
            policy.release.countDown();
            threads.shutdownNow();
            assertTrue(threads.awaitTermination(TIMEOUT_SECONDS, TimeUnit.SECONDS),
                    "a buyer thread did not stop");
        }
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            if (!latch.await(2 * TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                throw new IllegalStateException("not released within " + 2 * TIMEOUT_SECONDS + " s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while holding book 2", e);
        }
    }
}
