package com.acertainbookstore.client;

import static com.acertainbookstore.client.ScriptedServer.error;
import static com.acertainbookstore.client.ScriptedServer.header;
import static com.acertainbookstore.client.ScriptedServer.ok;
import static com.acertainbookstore.client.ScriptedServer.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.acertainbookstore.business.BookCopy;
import com.acertainbookstore.business.BookStoreException;
import com.acertainbookstore.protocol.RequestId;
import com.acertainbookstore.protocol.WireFormatException;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

/**
 * The client-id slots ({@code ClientIds}) under many threads, judged where the replicas would
 * judge them: on the server side, from the request-id headers that arrive. Invariant: under one
 * client id at most one call is in progress at a time, and its sequences never go down; the same
 * sequence arrives again only as a re-send of a call that got a {@code 503}, never after it was
 * answered. Schedule: {@value #THREADS} threads start behind a gate and each makes
 * {@value #CALLS} buys; both scripted replicas answer a quarter of the requests {@code 503}, at
 * random, so calls fail over and re-send back and forth.
 */
class ClientIdsTest {

    private static final int THREADS = 16;
    private static final int CALLS = 100;
    private static final long TIMEOUT_SECONDS = 30;
    private static final Set<BookCopy> BUY = Set.of(new BookCopy(7, 1));

    /**
     * What the scripted replicas saw, checked as requests arrive (in the servers' threads) and
     * reported as a list of violations, read by the test's thread at the end.
     */
    private static final class Referee {
        private final Map<UUID, Long> lastSequence = new HashMap<>();
        private final Map<UUID, Boolean> lastAnswered = new HashMap<>();
        private final Map<UUID, Integer> inProgress = new HashMap<>();
        private final List<String> violations = new ArrayList<>();
        private int calls;

        /** A request arrived with this request-id header; its id, or {@code null} when malformed. */
        synchronized RequestId arrived(String header) {
            RequestId id;
            try {
                id = RequestId.parse(header);
            } catch (WireFormatException e) {
                violations.add("malformed id: " + e.getMessage());
                return null;
            }
            calls++;
            int running = inProgress.merge(id.client(), 1, Integer::sum);
            if (running > 1) {
                violations.add(id + " arrived while " + (running - 1) + " other call(s) of its client were in progress");
            }
            Long last = lastSequence.get(id.client());
            if (last != null && (id.sequence() < last || id.sequence() == last && lastAnswered.get(id.client()))) {
                violations.add(id + " arrived after sequence " + last + (lastAnswered.get(id.client()) ? " was answered" : ""));
            }
            lastSequence.put(id.client(), id.sequence());
            return id;
        }

        /** The call under {@code id} is about to be answered ({@code done}: 200, else 503). */
        synchronized void answering(RequestId id, boolean done) {
            inProgress.merge(id.client(), -1, Integer::sum);
            lastAnswered.put(id.client(), done);
        }

        /** The violations seen, the first 20 of them. */
        synchronized List<String> violations() {
            return List.copyOf(violations.subList(0, Math.min(20, violations.size())));
        }

        synchronized int clients() {
            return lastSequence.size();
        }

        synchronized int calls() {
            return calls;
        }
    }

    /** A replica that answers a quarter of the calls {@code 503}, at random. */
    private static ScriptedServer replica(Referee referee) throws IOException {
        return new ScriptedServer((connection, request, head, out) -> {
            RequestId id = referee.arrived(header(head, RequestId.HEADER));
            if (id == null) {
                write(out, error(400, "malformed request id", ""));
                return true;
            }
            // Hold the call a little, so that other threads' calls overlap it.
            Thread.sleep(ThreadLocalRandom.current().nextInt(2));
            boolean refuse = ThreadLocalRandom.current().nextInt(4) == 0;
            referee.answering(id, !refuse);
            write(out, refuse ? error(503, "outcome unknown: scripted", "") : ok("<res/>"));
            return true;
        });
    }

    @Test
    void buyBooks_manyThreadsOneProxy_neverTwoCallsInProgressUnderOneClientIdAndSequencesRise() throws Exception {
        Referee referee = new Referee();
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        try (ScriptedServer first = replica(referee); ScriptedServer second = replica(referee);
                BookStoreHTTPProxy proxy = new BookStoreHTTPProxy(List.of(first.url(), second.url()),
                        Duration.ofSeconds(20), null)) {
            CountDownLatch gate = new CountDownLatch(1);
            List<Future<Integer>> futures = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                futures.add(pool.submit(worker(proxy, gate)));
            }
            gate.countDown();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(TIMEOUT_SECONDS);
            int done = 0;
            for (Future<Integer> future : futures) {
                done += await(future, deadline);
            }
            assertEquals(List.of(), referee.violations());
            assertEquals(THREADS * CALLS, done);
            assertTrue(referee.calls() > THREADS * CALLS * 1.1, referee.calls() + " requests arrived: some were re-sent");
            assertTrue(referee.clients() <= THREADS,
                    referee.clients() + " client ids for " + THREADS + " threads: slots are reused");
        } finally {
            pool.shutdownNow();
            assertTrue(pool.awaitTermination(10, TimeUnit.SECONDS));
        }
    }

    private static Callable<Integer> worker(BookStoreHTTPProxy proxy, CountDownLatch gate) {
        return () -> {
            gate.await();
            for (int i = 0; i < CALLS; i++) {
                proxy.buyBooks(BUY);
            }
            return CALLS;
        };
    }

    private static int await(Future<Integer> future, long deadline) throws Exception {
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
        } catch (java.util.concurrent.ExecutionException e) {
            if (e.getCause() instanceof BookStoreException failure) {
                return fail("a buy failed: " + failure, failure);
            }
            throw e;
        }
    }
}
