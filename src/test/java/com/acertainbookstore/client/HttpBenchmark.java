package com.acertainbookstore.client;

import com.acertainbookstore.business.BookCopy;
import com.acertainbookstore.business.BookStoreException;
import com.acertainbookstore.business.ImmutableBook;
import com.acertainbookstore.business.ImmutableStockBook;
import com.acertainbookstore.business.StockBook;
import com.acertainbookstore.protocol.Metric;
import com.acertainbookstore.protocol.WireFormatException;
import com.acertainbookstore.protocol.WireResponse;
import com.acertainbookstore.server.ServerJvm;
import com.acertainbookstore.wire.WireCodec;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.HdrHistogram.Histogram;

/**
 * Not a unit test: where one call's time and CPU go. Measures the codec (encode + decode of a
 * 10-book answer and of a 100-stock-book listing), then, against the standalone server forked in a
 * JVM of its own (as the harness runs it) holding the harness's initial ten books, at 1 and at 50
 * client threads sharing one proxy: {@code GET /health} and {@code GETEDITORPICKS(10)} in
 * alternating phases (calls/s, median and p99, CPU per call in each process); at one thread, the
 * two calls interleaved one by one so that their medians meet the same conditions; then each
 * remote call of the harness's mix alone at {@value #MIX_THREADS} threads against 100 books.
 * Prints markdown tables. Run with
 * {@code mvn -q test-compile exec:java -Dexec.classpathScope=test
 * -Dexec.mainClass=com.acertainbookstore.client.HttpBenchmark}; stops everything it started.
 */
public final class HttpBenchmark {

    private static final int[] THREADS = {1, 50};
    private static final long PHASE_MS = 3_000;
    private static final long WARMUP_MS = 3_000;
    private static final int ROUNDS = 2;
    private static final int INTERLEAVED_PAIRS = 40_000;
    private static final int MIX_THREADS = 50;

    private HttpBenchmark() {
    }

    /** One measured phase: calls, latencies, CPU of both processes. */
    private record Phase(long calls, double seconds, Histogram latency, long clientCpuNs, long serverCpuNs) {

        double perCallUs(long nanos) {
            return calls == 0 ? Double.NaN : nanos / 1e3 / calls;
        }
    }

    @FunctionalInterface
    private interface Call {
        void run() throws BookStoreException;
    }

    public static void main(String[] args) throws Exception {
        codec();
        try (ServerJvm server = ServerJvm.fork(List.of("-Xmx1g"), "-Dbookstore.port=0")) {
            String url = server.awaitUrl();
            try (BookStoreHTTPProxy proxy = new BookStoreHTTPProxy(url, Duration.ofSeconds(30));
                    StockManagerHTTPProxy stock = new StockManagerHTTPProxy(url + "/stock", Duration.ofSeconds(30))) {
                stock.addBooks(initialBooks());
                proxy.openConnections(Math.max(THREADS[THREADS.length - 1], 1));
                Call health = proxy::health;
                Call picks = () -> proxy.getEditorPicks(10);
                phase(proxy, health, 50, WARMUP_MS);
                phase(proxy, picks, 50, WARMUP_MS);
                System.out.println();
                System.out.println("| threads | call | calls/s | p50 µs | p99 µs | client CPU µs/call | server CPU µs/call |");
                System.out.println("| --- | --- | --- | --- | --- | --- | --- |");
                for (int threads : THREADS) {
                    Phase healthPhase = null;
                    Phase picksPhase = null;
                    for (int round = 0; round < ROUNDS; round++) {
                        healthPhase = merge(healthPhase, phase(proxy, health, threads, PHASE_MS));
                        picksPhase = merge(picksPhase, phase(proxy, picks, threads, PHASE_MS));
                    }
                    row(threads, "GET /health", healthPhase);
                    row(threads, "GETEDITORPICKS(10)", picksPhase);
                }
                interleaved(health, picks);
                mixCalls(proxy, stock, health, picks);
            }
        }
    }

    private static Set<StockBook> initialBooks() {
        Set<StockBook> books = new HashSet<>();
        for (int isbn = 1; isbn <= 10; isbn++) {
            books.add(new ImmutableStockBook(isbn, "bookTitle " + isbn, "author " + isbn, 10f, 100_000, 0, 0, 0, true));
        }
        return books;
    }

    /**
     * Encode and decode of answers, best of 5 rounds: books afresh (two versions of every book in
     * turn, differing in title, so that each answer's books are new to the last one's), stock
     * books whose counts alone changed (two versions differing in copies: the usual change in a
     * store) and books seen before (the same answer again: copied by the server, recalled by the
     * client).
     */
    private static void codec() throws WireFormatException {
        System.out.printf(Locale.ROOT, "codec, µs per answer, afresh / counts changed / seen before (best of 5 rounds):"
                + " encode 10 books %.1f / - / %.1f, decode %.1f / - / %.1f;"
                + " encode 100 stock books %.1f / %.1f / %.1f, decode %.1f / %.1f / %.1f%n",
                encode(versions(10, false, false), 200_000), encode(versions(10, false, false)[0], 200_000),
                decode(versions(10, false, false), 200_000), decode(versions(10, false, false)[0], 200_000),
                encode(versions(100, true, false), 20_000), encode(versions(100, true, true), 20_000),
                encode(versions(100, true, false)[0], 20_000),
                decode(versions(100, true, false), 20_000), decode(versions(100, true, true), 20_000),
                decode(versions(100, true, false)[0], 20_000));
    }

    /**
     * Two answers of {@code count} books, every book differing between them: in its copies alone
     * when {@code countsOnly} (stock books), else in its title.
     */
    private static WireResponse[] versions(int count, boolean stock, boolean countsOnly) {
        WireResponse[] answers = new WireResponse[2];
        for (int version = 0; version < 2; version++) {
            ArrayList<Object> books = new ArrayList<>();
            for (int i = 1; i <= count; i++) {
                String title = countsOnly ? "bookTitle " + i : "bookTitle " + i + " v" + version;
                books.add(stock
                        ? new ImmutableStockBook(i, title, "author " + i, 10f, 100 + version, 0, 0, 0, i % 2 == 0)
                        : new ImmutableBook(i, title, "author " + i, 10f));
            }
            answers[version] = WireResponse.of(books);
        }
        return answers;
    }

    private static double encode(WireResponse[] answers, int iterations) {
        return best(n -> {
            for (int i = 0; i < n; i++) {
                WireCodec.encode(answers[i % answers.length]);
            }
        }, iterations);
    }

    private static double encode(WireResponse answer, int iterations) {
        return encode(new WireResponse[] {answer}, iterations);
    }

    private static double decode(WireResponse[] answers, int iterations) throws WireFormatException {
        byte[][] bodies = new byte[answers.length][];
        for (int i = 0; i < answers.length; i++) {
            bodies[i] = WireCodec.encode(answers[i]);
        }
        WireFormatException[] failure = new WireFormatException[1];
        double best = best(n -> {
            for (int i = 0; i < n; i++) {
                try {
                    WireCodec.decode(bodies[i % bodies.length], WireResponse.class);
                } catch (WireFormatException e) {
                    failure[0] = e;
                    return;
                }
            }
        }, iterations);
        if (failure[0] != null) {
            throw failure[0];
        }
        return best;
    }

    private static double decode(WireResponse answer, int iterations) throws WireFormatException {
        return decode(new WireResponse[] {answer}, iterations);
    }

    private interface Loop {
        void run(int iterations);
    }

    /** Best mean µs per iteration over 5 rounds of {@code iterations}. */
    private static double best(Loop loop, int iterations) {
        double best = Double.MAX_VALUE;
        for (int round = 0; round < 5; round++) {
            long start = System.nanoTime();
            loop.run(iterations);
            best = Math.min(best, (System.nanoTime() - start) / 1e3 / iterations);
        }
        return best;
    }

    /** {@code threads} threads calling for {@code millis}, behind a start gate. */
    private static Phase phase(BookStoreHTTPProxy proxy, Call call, int threads, long millis) throws Exception {
        CountDownLatch startGate = new CountDownLatch(1);
        AtomicBoolean running = new AtomicBoolean(true);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Histogram[] latencies = new Histogram[threads];
        long[] counts = new long[threads];
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int index = t;
            latencies[t] = new Histogram(3_600_000_000_000L, 3);
            Thread worker = new Thread(() -> {
                try {
                    startGate.await();
                    long done = 0;
                    while (running.get()) {
                        long start = System.nanoTime();
                        call.run();
                        latencies[index].recordValue(System.nanoTime() - start);
                        done++;
                    }
                    counts[index] = done;
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            }, "bench-" + t);
            worker.start();
            workers.add(worker);
        }
        long serverCpuBefore = proxy.serverMetrics().get(Metric.PROCESS_CPU_TIME_NS);
        long cpuBefore = processCpuNs();
        long start = System.nanoTime();
        startGate.countDown();
        Thread.sleep(millis);
        running.set(false);
        for (Thread worker : workers) {
            worker.join();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        long cpu = processCpuNs() - cpuBefore;
        long serverCpu = proxy.serverMetrics().get(Metric.PROCESS_CPU_TIME_NS) - serverCpuBefore;
        if (failure.get() != null) {
            throw new IllegalStateException("a benchmark call failed", failure.get());
        }
        Histogram latency = new Histogram(3_600_000_000_000L, 3);
        long calls = 0;
        for (int t = 0; t < threads; t++) {
            latency.add(latencies[t]);
            calls += counts[t];
        }
        // The two /metrics calls of the phase are the server's and this JVM's too: negligible.
        return new Phase(calls, seconds, latency, cpu, serverCpu);
    }

    private static Phase merge(Phase a, Phase b) {
        if (a == null) {
            return b;
        }
        Histogram latency = a.latency().copy();
        latency.add(b.latency());
        return new Phase(a.calls() + b.calls(), a.seconds() + b.seconds(), latency, a.clientCpuNs() + b.clientCpuNs(),
                a.serverCpuNs() + b.serverCpuNs());
    }

    private static void row(int threads, String call, Phase phase) {
        System.out.printf(Locale.ROOT, "| %d | %s | %,.0f | %.1f | %.1f | %.1f | %.1f |%n", threads, call,
                phase.calls() / phase.seconds(), phase.latency().getValueAtPercentile(50) / 1e3,
                phase.latency().getValueAtPercentile(99) / 1e3, phase.perCallUs(phase.clientCpuNs()),
                phase.perCallUs(phase.serverCpuNs()));
    }

    /**
     * Each remote call of the harness's mix alone at {@value #MIX_THREADS} threads, CPU per call on
     * both sides, against a store of 100 books (the mix's catalogue once acquired): what a call
     * costs beside {@code GET /health}. The listing repeats unchanged books here, so every book
     * is copied on the server and recalled on the client (the codec line above gives the cost of
     * books read and written afresh).
     */
    private static void mixCalls(BookStoreHTTPProxy proxy, StockManagerHTTPProxy stock, Call health, Call picks)
            throws Exception {
        Set<StockBook> more = new HashSet<>();
        for (int isbn = 11; isbn <= 100; isbn++) {
            more.add(new ImmutableStockBook(isbn, "bookTitle " + isbn, "author " + isbn, 10f, 10_000_000, 0, 0, 0,
                    false));
        }
        stock.addBooks(more);
        Set<BookCopy> buy = new HashSet<>();
        Set<BookCopy> add = new HashSet<>();
        for (int isbn = 11; isbn <= 15; isbn++) {
            buy.add(new BookCopy(isbn, 1));
            add.add(new BookCopy(isbn + 10, 10));
        }
        Map<String, Call> calls = new LinkedHashMap<>();
        calls.put("GET /health", health);
        calls.put("GETEDITORPICKS(10)", picks);
        calls.put("BUYBOOKS(5 books)", () -> proxy.buyBooks(buy));
        calls.put("LISTBOOKS (100 stock books)", stock::getBooks);
        calls.put("ADDCOPIES(5 books)", () -> stock.addCopies(add));
        Map<String, Phase> phases = new LinkedHashMap<>();
        for (Call call : calls.values()) {
            phase(proxy, call, MIX_THREADS, WARMUP_MS / 3);
        }
        for (int round = 0; round < ROUNDS; round++) {
            for (Map.Entry<String, Call> call : calls.entrySet()) {
                phases.merge(call.getKey(), phase(proxy, call.getValue(), MIX_THREADS, PHASE_MS), HttpBenchmark::merge);
            }
        }
        System.out.println();
        System.out.println("| " + MIX_THREADS + " threads, the mix's calls | calls/s | p50 µs | client CPU µs/call"
                + " | server CPU µs/call | CPU per call / /health's |");
        System.out.println("| --- | --- | --- | --- | --- | --- |");
        Phase base = phases.get("GET /health");
        double baseCpu = base.perCallUs(base.clientCpuNs() + base.serverCpuNs());
        for (Map.Entry<String, Phase> entry : phases.entrySet()) {
            Phase phase = entry.getValue();
            double cpu = phase.perCallUs(phase.clientCpuNs() + phase.serverCpuNs());
            System.out.printf(Locale.ROOT, "| %s | %,.0f | %.1f | %.1f | %.1f | %.2f |%n", entry.getKey(),
                    phase.calls() / phase.seconds(), phase.latency().getValueAtPercentile(50) / 1e3,
                    phase.perCallUs(phase.clientCpuNs()), phase.perCallUs(phase.serverCpuNs()), cpu / baseCpu);
        }
    }

    /** One thread, the two calls in turn: medians under the same conditions. */
    private static void interleaved(Call health, Call picks) throws BookStoreException {
        Histogram healthLatency = new Histogram(3_600_000_000_000L, 3);
        Histogram picksLatency = new Histogram(3_600_000_000_000L, 3);
        for (int i = 0; i < INTERLEAVED_PAIRS; i++) {
            long start = System.nanoTime();
            health.run();
            long between = System.nanoTime();
            picks.run();
            healthLatency.recordValue(between - start);
            picksLatency.recordValue(System.nanoTime() - between);
        }
        double healthMedian = healthLatency.getValueAtPercentile(50) / 1e3;
        double picksMedian = picksLatency.getValueAtPercentile(50) / 1e3;
        System.out.printf(Locale.ROOT, "%none thread, %,d pairs interleaved: median GET /health %.1f µs,"
                + " GETEDITORPICKS(10) %.1f µs (%.2f times)%n", INTERLEAVED_PAIRS, healthMedian, picksMedian,
                picksMedian / healthMedian);
    }

    private static long processCpuNs() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }
}
