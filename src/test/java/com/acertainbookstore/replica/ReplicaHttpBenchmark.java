package com.acertainbookstore.replica;

import com.acertainbookstore.protocol.ReplicaMetric;
import com.acertainbookstore.protocol.RequestId;
import com.acertainbookstore.replication.ReadMode;
import com.acertainbookstore.replication.ReplicaSettings;
import com.acertainbookstore.replication.ServiceSettings;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;

/**
 * Not a unit test: write throughput over HTTP of three whole replicas in this JVM (Ratis, the
 * replicated service, Jetty), with and without batching, in interleaved rounds. {@code threads}
 * client threads (default 20) each keep one connection to the leader and send, one at a time,
 * a buy or a restock of one copy of one of {@value #BOOKS} books, each with its own request id
 * (a UUID per thread, sequences upwards), as the proxies do. Per configuration and round: a fresh
 * group, {@value #WARMUP_MS} ms of warm-up, then {@value #PHASE_MS} ms measured. Prints one
 * markdown row per measurement: calls/s, p50/p99 latency, and the leader's batches and mean batch.
 * With a third argument {@code reads}, the threads read one book each call instead
 * ({@code GETBOOKS}), linearizable against stale; with {@code mix}, a read then a write, alternately
 * (the harness's interactions), with and without {@link ServiceSettings#readNudge}. Run with {@code flock /tmp/cbs-cpu.lock mvn -q
 * test-compile exec:java -Dexec.classpathScope=test
 * -Dexec.mainClass=com.acertainbookstore.replica.ReplicaHttpBenchmark [-Dexec.args="20 3 [reads]"]}
 * (threads, rounds); stops everything it started.
 */
public final class ReplicaHttpBenchmark {

    private static final int BOOKS = 10;
    private static final long WARMUP_MS = 4_000;
    private static final long PHASE_MS = 5_000;

    private ReplicaHttpBenchmark() {
    }

    private record Config(String name, ServiceSettings service) {
    }

    public static void main(String[] args) throws Exception {
        int threads = args.length > 0 ? Integer.parseInt(args[0]) : 20;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        boolean reads = args.length > 2 && args[2].equals("reads");
        boolean mix = args.length > 2 && args[2].equals("mix");
        ServiceSettings batched = ServiceSettings.DEFAULT.withBatchMax(256);
        List<Config> configs = List.of(
                new Config("batch <= 256, 1 in flight", batched.withBatchesInFlight(1)),
                new Config("batch <= 256, 2 in flight", batched.withBatchesInFlight(2)),
                new Config("batch <= 256, 4 in flight", batched.withBatchesInFlight(4)),
                new Config("batch <= 256, 16 in flight", batched.withBatchesInFlight(16)),
                new Config("batch 1, 1024 in flight (no batching)", ServiceSettings.DEFAULT.withBatchMax(1)
                        .withBatchesInFlight(1024)));
        if (reads) {
            configs = List.of(new Config("reads linearizable", ServiceSettings.DEFAULT),
                    new Config("reads stale", ServiceSettings.DEFAULT.withReads(ReadMode.STALE)));
        }
        if (mix) {
            configs = List.of(new Config("read then write, nudged at 2 ms", ServiceSettings.DEFAULT.withReadNudge(Duration.ofMillis(2))),
                    new Config("read then write, nudged at 10 ms", ServiceSettings.DEFAULT.withReadNudge(Duration.ofMillis(10))),
                    new Config("read then write, nudged at 30 ms", ServiceSettings.DEFAULT.withReadNudge(Duration.ofMillis(30))),
                    new Config("read then write, not nudged", ServiceSettings.DEFAULT.withReadNudge(Duration.ZERO)),
                    new Config("read then write, stale reads", ServiceSettings.DEFAULT.withReads(ReadMode.STALE)));
        }
        Mode mode = reads ? Mode.READS : mix ? Mode.MIX : Mode.WRITES;
        System.out.println("| round | configuration | threads | calls/s | p50 ms | p99 ms | failed | leader batches | mean batch | max batch |");
        System.out.println("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
        for (int round = 1; round <= rounds; round++) {
            for (Config config : configs) {
                run(round, config, threads, mode);
            }
        }
    }

    /** What each thread sends: writes, reads, or a read then a write, alternately. */
    private enum Mode { WRITES, READS, MIX }

    private static void run(int round, Config config, int threads, Mode mode) throws Exception {
        ServiceSettings s = config.service();
        try (LocalReplicas group = LocalReplicas.start(3, ReplicaSettings.DEFAULT, s, s, s)) {
            int leader = group.awaitLeader(Duration.ofSeconds(30));
            String url = group.url(leader);
            for (int isbn = 1; isbn <= BOOKS; isbn++) {
                Http.Answer added = Http.post(url, "/stock/ADDBOOKS", Http.addBook(isbn, 1_000_000_000), null);
                if (added.status() != 200) {
                    throw new IllegalStateException("setup failed: " + added.body());
                }
            }
            Map<ReplicaMetric, Long> before = metrics(url);
            ConcurrentHistogram latency = new ConcurrentHistogram(3);
            ConcurrentHistogram readLatency = new ConcurrentHistogram(3);
            AtomicLong ok = new AtomicLong();
            AtomicLong failed = new AtomicLong();
            AtomicBoolean measuring = new AtomicBoolean();
            AtomicBoolean stop = new AtomicBoolean();
            CountDownLatch done = new CountDownLatch(threads);
            List<Thread> workers = new ArrayList<>();
            int port = URI.create(url).getPort();
            for (int t = 0; t < threads; t++) {
                Thread worker = new Thread(() -> {
                    try {
                        work(port, mode, stop, measuring, ok, failed, latency, readLatency);
                    } catch (IOException e) {
                        failed.incrementAndGet();
                        System.err.println("worker: " + e);
                    } finally {
                        done.countDown();
                    }
                }, "bench-" + t);
                workers.add(worker);
                worker.start();
            }
            Thread.sleep(WARMUP_MS);
            Map<ReplicaMetric, Long> start = metrics(url);
            measuring.set(true);
            long begin = System.nanoTime();
            Thread.sleep(PHASE_MS);
            measuring.set(false);
            double seconds = (System.nanoTime() - begin) / 1e9;
            Map<ReplicaMetric, Long> end = metrics(url);
            stop.set(true);
            done.await();
            Histogram h = latency.copy();
            long batches = end.get(ReplicaMetric.BATCHES) - start.get(ReplicaMetric.BATCHES);
            long writes = end.get(ReplicaMetric.BATCHED_WRITES) - start.get(ReplicaMetric.BATCHED_WRITES);
            System.out.println(String.format(Locale.ROOT, "| %d | %s | %d | %.0f | %.2f | %.2f | %d | %d | %.1f | %d |",
                    round, config.name(), threads, ok.get() / seconds, h.getValueAtPercentile(50) / 1e6,
                    h.getValueAtPercentile(99) / 1e6, failed.get(), batches, batches == 0 ? 0.0 : (double) writes / batches,
                    end.get(ReplicaMetric.BATCH_MAX)));
            if (mode == Mode.MIX) {
                Histogram r = readLatency.copy();
                System.out.println(String.format(Locale.ROOT, "|   | (reads of the above: p50 %.2f ms, p90 %.2f, p99 %.2f; "
                        + "nudges %d) | | | | | | | | |", r.getValueAtPercentile(50) / 1e6, r.getValueAtPercentile(90) / 1e6,
                        r.getValueAtPercentile(99) / 1e6,
                        end.get(ReplicaMetric.READ_NUDGES) - start.get(ReplicaMetric.READ_NUDGES)));
            }
            if (end.get(ReplicaMetric.RAFT_TERM) != before.get(ReplicaMetric.RAFT_TERM)) {
                System.out.println("(term changed during the run: an election)");
            }
        }
    }

    private static Map<ReplicaMetric, Long> metrics(String url) throws Exception {
        return ReplicaMetric.parse(Http.get(url, "/metrics").body());
    }

    private static void work(int port, Mode mode, AtomicBoolean stop, AtomicBoolean measuring, AtomicLong ok,
            AtomicLong failed, ConcurrentHistogram latency, ConcurrentHistogram readLatency) throws IOException {
        UUID client = UUID.randomUUID();
        long sequence = 0;
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
            socket.setTcpNoDelay(true);
            OutputStream out = socket.getOutputStream();
            InputStream in = new BufferedInputStream(socket.getInputStream());
            boolean readNext = true;
            while (!stop.get()) {
                boolean reads = mode == Mode.READS || mode == Mode.MIX && readNext;
                readNext = !readNext;
                ThreadLocalRandom random = ThreadLocalRandom.current();
                boolean buy = random.nextBoolean();
                int isbn = 1 + random.nextInt(BOOKS);
                String body = reads ? "<req><set><int>" + isbn + "</int></set></req>" : Http.copies(isbn, 1);
                String path = reads ? "/GETBOOKS" : buy ? "/BUYBOOKS" : "/stock/ADDCOPIES";
                String head = "POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1:"
                        + port + "\r\nContent-Type: application/xml\r\n" + RequestId.HEADER + ": "
                        + new RequestId(client, sequence++).headerValue() + "\r\nContent-Length: " + body.length()
                        + "\r\n\r\n";
                long t0 = System.nanoTime();
                out.write((head + body).getBytes(StandardCharsets.US_ASCII));
                out.flush();
                int status = readAnswer(in);
                long took = System.nanoTime() - t0;
                if (measuring.get()) {
                    if (status == 200) {
                        ok.incrementAndGet();
                        latency.recordValue(took);
                        if (reads) {
                            readLatency.recordValue(took);
                        }
                    } else {
                        failed.incrementAndGet();
                    }
                }
            }
        }
    }

    /** Reads one answer; returns its status. */
    private static int readAnswer(InputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        int status = -1;
        int length = 0;
        while (true) {
            int c = in.read();
            if (c < 0) {
                throw new IOException("connection closed");
            }
            if (c == '\n') {
                String text = line.toString().trim();
                line.setLength(0);
                if (text.isEmpty()) {
                    break;
                }
                if (status < 0) {
                    status = Integer.parseInt(text.split(" ")[1]);
                } else if (text.regionMatches(true, 0, "Content-Length:", 0, 15)) {
                    length = Integer.parseInt(text.substring(15).trim());
                }
            } else {
                line.append((char) c);
            }
        }
        in.readNBytes(length);
        return status;
    }
}
