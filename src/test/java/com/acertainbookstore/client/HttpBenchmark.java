package com.acertainbookstore.client;

import com.acertainbookstore.business.BookStoreException;
import com.acertainbookstore.business.CertainBookStore;
import com.acertainbookstore.business.ImmutableBook;
import com.acertainbookstore.business.ImmutableStockBook;
import com.acertainbookstore.business.StockBook;
import com.acertainbookstore.server.BookStoreHTTPServer;
import com.acertainbookstore.server.ServerSettings;
import com.acertainbookstore.wire.WireCodec;
import com.acertainbookstore.wire.WireFormatException;
import com.acertainbookstore.wire.WireResponse;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Not a unit test: measures the codec (encode + decode of a 10- and a 100-book answer) and, with
 * 16 client threads sharing one proxy against an in-process server on a free port,
 * {@code GETEDITORPICKS(10)} calls/s against {@code GET /health} calls/s. Run with
 * {@code mvn -o -q test-compile exec:java -Dexec.classpathScope=test
 * -Dexec.mainClass=com.acertainbookstore.client.HttpBenchmark}. Stops everything it started.
 */
public final class HttpBenchmark {

    private static final int THREADS = 16;
    private static final long PHASE_MS = 3_000;
    private static final long WARMUP_MS = 2_000;

    private HttpBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        codec(10, 200_000);
        codec(100, 20_000);
        http();
    }

    private static void codec(int books, int iterations) throws WireFormatException {
        ArrayList<Object> list = new ArrayList<>();
        for (int i = 1; i <= books; i++) {
            list.add(new ImmutableBook(i, "A title of book " + i, "An author " + i, 10f + i / 4f));
        }
        WireResponse response = WireResponse.of(list);
        int bytes = WireCodec.encode(response).length;
        double best = Double.MAX_VALUE;
        for (int round = 0; round < 5; round++) {
            long start = System.nanoTime();
            for (int i = 0; i < iterations; i++) {
                WireCodec.decode(WireCodec.encode(response), WireResponse.class);
            }
            best = Math.min(best, (System.nanoTime() - start) / 1e3 / iterations);
        }
        System.out.printf("codec: encode+decode of %d books (%d bytes): %.1f us (best of 5 rounds)%n", books, bytes, best);
    }

    private static void http() throws Exception {
        CertainBookStore store = new CertainBookStore();
        Set<StockBook> books = new HashSet<>();
        for (int isbn = 1; isbn <= 1000; isbn++) {
            books.add(new ImmutableStockBook(isbn, "A title of book " + isbn, "An author", 10f, 100, 0, 0, 0, isbn % 10 == 0));
        }
        store.addBooks(books);
        try (BookStoreHTTPServer server = BookStoreHTTPServer.start(store, ServerSettings.defaults().withPort(0));
                BookStoreHTTPProxy proxy = new BookStoreHTTPProxy(server.baseUrl())) {
            Call health = proxy::health;
            Call picks = () -> proxy.getEditorPicks(10);
            rate(health, WARMUP_MS);
            rate(picks, WARMUP_MS);
            double healthRate = 0;
            double picksRate = 0;
            for (int round = 0; round < 2; round++) {
                healthRate += rate(health, PHASE_MS) / 2;
                picksRate += rate(picks, PHASE_MS) / 2;
            }
            System.out.printf("http, %d client threads, one proxy, server in the same JVM:%n", THREADS);
            System.out.printf("  GET /health          %,10.0f calls/s%n", healthRate);
            System.out.printf("  GETEDITORPICKS(10)   %,10.0f calls/s (%.2f of the health rate)%n", picksRate, picksRate / healthRate);
        }
    }

    @FunctionalInterface
    private interface Call {
        void run() throws BookStoreException;
    }

    /** Calls/s of {@code call} over {@code millis} with {@value #THREADS} threads. */
    private static double rate(Call call, long millis) throws InterruptedException {
        CountDownLatch startGate = new CountDownLatch(1);
        AtomicBoolean running = new AtomicBoolean(true);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        long[] counts = new long[THREADS];
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            int index = t;
            Thread thread = new Thread(() -> {
                try {
                    startGate.await();
                    long done = 0;
                    while (running.get()) {
                        call.run();
                        done++;
                    }
                    counts[index] = done;
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            }, "bench-" + t);
            thread.start();
            threads.add(thread);
        }
        long start = System.nanoTime();
        startGate.countDown();
        Thread.sleep(millis);
        running.set(false);
        for (Thread thread : threads) {
            thread.join();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        if (failure.get() != null) {
            throw new IllegalStateException("a benchmark call failed", failure.get());
        }
        long total = 0;
        for (long count : counts) {
            total += count;
        }
        return total / seconds;
    }
}
