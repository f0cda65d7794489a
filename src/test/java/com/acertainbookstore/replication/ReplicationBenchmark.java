package com.acertainbookstore.replication;

import static com.acertainbookstore.statemachine.Commands.addBooks;
import static com.acertainbookstore.statemachine.Commands.addCopies;
import static com.acertainbookstore.statemachine.Commands.book;
import static com.acertainbookstore.statemachine.Commands.buy;

import com.acertainbookstore.business.ImmutableStockBook;
import com.acertainbookstore.protocol.RequestId;
import com.acertainbookstore.statemachine.Command;
import com.acertainbookstore.statemachine.CommandFormat;
import com.acertainbookstore.statemachine.MalformedDataException;
import com.acertainbookstore.statemachine.Outcome;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;
import org.apache.ratis.client.RaftClient;
import org.apache.ratis.protocol.Message;

/**
 * Not a unit test: write throughput of three replicas in this JVM (gRPC on loopback, durable log,
 * default settings) through one {@code RaftClient} sending asynchronously with
 * {@value #COMMANDS_IN_FLIGHT} commands in flight, as entries of one command and as entries of
 * {@value #BATCH} commands, in interleaved rounds after a warm-up. Each command is a buy or a
 * restock of one copy of one of 100 books, under its own request id (a pool of client ids, one
 * outstanding call each, as the proxies will do). Prints a markdown table: commands/s, entries/s
 * and the median and p99 time from sending an entry to its reply. Run with
 * {@code flock /tmp/cbs-cpu.lock mvn -q test-compile exec:java -Dexec.classpathScope=test
 * -Dexec.mainClass=com.acertainbookstore.replication.ReplicationBenchmark}; stops everything it
 * started. With {@code -Dexec.args=non-durable} the log is not forced before acknowledging
 * ({@link ReplicaSettings#durableLog} off), to see what forcing costs.
 */
public final class ReplicationBenchmark {

    private static final int COMMANDS_IN_FLIGHT = 256;
    private static final int BATCH = 16;
    private static final int BOOKS = 100;
    private static final long WARMUP_MS = 20_000;
    private static final long PHASE_MS = 5_000;
    private static final int ROUNDS = 4;

    private ReplicationBenchmark() {
    }

    /** One measured phase. */
    private record Phase(int batch, long commands, long entries, long failures, long notDone, double seconds,
            Histogram latency) {
    }

    /** A client id and its next sequence: one outstanding call at a time. */
    private static final class Lane {
        final UUID client = UUID.randomUUID();
        long next;
    }

    public static void main(String[] args) throws Exception {
        boolean durable = !(args.length > 0 && args[0].equals("non-durable"));
        System.out.println("durable log: " + durable);
        try (LocalGroup group = LocalGroup.start(3, ReplicaSettings.DEFAULT.withDurableLog(durable))) {
            group.awaitLeader(Duration.ofSeconds(20));
            RaftClient client = group.newClient();
            List<ImmutableStockBook> books = new ArrayList<>();
            for (int isbn = 1; isbn <= BOOKS; isbn++) {
                books.add(book(isbn, 1_000_000));
            }
            LocalGroup.send(client, addBooks(new RequestId(UUID.randomUUID(), 0),
                    books.toArray(new ImmutableStockBook[0])));
            BlockingQueue<Lane> lanes = new ArrayBlockingQueue<>(COMMANDS_IN_FLIGHT);
            for (int i = 0; i < COMMANDS_IN_FLIGHT; i++) {
                lanes.add(new Lane());
            }
            run(client, lanes, 1, WARMUP_MS / 2);
            run(client, lanes, BATCH, WARMUP_MS / 2);
            List<Phase> phases = new ArrayList<>();
            for (int round = 0; round < ROUNDS; round++) {
                phases.add(run(client, lanes, 1, PHASE_MS));
                phases.add(run(client, lanes, BATCH, PHASE_MS));
            }
            System.out.println("| commands per entry | round | commands/s | entries/s | entry p50 ms | entry p99 ms "
                    + "| failed entries | commands not done |");
            System.out.println("|---|---|---|---|---|---|---|---|");
            for (int i = 0; i < phases.size(); i++) {
                Phase p = phases.get(i);
                System.out.println(String.format(Locale.ROOT, "| %d | %d | %.0f | %.0f | %.1f | %.1f | %d | %d |",
                        p.batch(), i / 2 + 1, p.commands() / p.seconds(), p.entries() / p.seconds(),
                        p.latency().getValueAtPercentile(50) / 1e6, p.latency().getValueAtPercentile(99) / 1e6,
                        p.failures(), p.notDone()));
            }
            System.out.println("applied index at the end: " + group.awaitConverged(Duration.ofSeconds(30))
                    + "; roles:" + group.roles());
        }
    }

    /** Sends entries of {@code batch} commands for {@code millis}, keeping the window full; waits for all. */
    private static Phase run(RaftClient client, BlockingQueue<Lane> lanes, int batch, long millis)
            throws InterruptedException {
        int entriesInFlight = COMMANDS_IN_FLIGHT / batch;
        Semaphore window = new Semaphore(entriesInFlight);
        AtomicLong commands = new AtomicLong();
        AtomicLong entries = new AtomicLong();
        AtomicLong failures = new AtomicLong();
        AtomicLong notDone = new AtomicLong();
        Histogram latency = new ConcurrentHistogram(TimeUnit.SECONDS.toNanos(60), 2);
        long start = System.nanoTime();
        long end = start + TimeUnit.MILLISECONDS.toNanos(millis);
        int isbn = 0;
        while (System.nanoTime() < end) {
            window.acquire();
            List<Command> entry = new ArrayList<>(batch);
            List<Lane> taken = new ArrayList<>(batch);
            for (int i = 0; i < batch; i++) {
                Lane lane = lanes.take();
                taken.add(lane);
                RequestId id = new RequestId(lane.client, lane.next++);
                isbn = isbn % BOOKS + 1;
                entry.add(i % 2 == 0 ? buy(id, isbn, 1) : addCopies(id, isbn, 1));
            }
            long sent = System.nanoTime();
            client.async().send(Message.valueOf(CommandFormat.encodeEntry(entry))).whenComplete((reply, error) -> {
                latency.recordValue(Math.min(System.nanoTime() - sent, latency.getHighestTrackableValue()));
                if (error != null || !reply.isSuccess()) {
                    failures.incrementAndGet();
                } else {
                    entries.incrementAndGet();
                    try {
                        for (Outcome outcome : CommandFormat.decodeOutcomes(reply.getMessage().getContent())) {
                            if (outcome instanceof Outcome.Done) {
                                commands.incrementAndGet();
                            } else {
                                notDone.incrementAndGet();
                            }
                        }
                    } catch (MalformedDataException e) {
                        failures.incrementAndGet();
                    }
                }
                lanes.addAll(taken);
                window.release();
            });
        }
        window.acquire(entriesInFlight);
        double seconds = (System.nanoTime() - start) / 1e9;
        return new Phase(batch, commands.get(), entries.get(), failures.get(), notDone.get(), seconds, latency);
    }
}
