package com.acertainbookstore.replica;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.protocol.ReplicaMetric;
import com.acertainbookstore.protocol.RequestId;
import com.acertainbookstore.replication.ReadMode;
import com.acertainbookstore.replication.ReplicaSettings;
import com.acertainbookstore.replication.ServiceSettings;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A group that loses its quorum answers within the replica's deadline, never hangs, and the
 * stale-read setting serves from the local state even then.
 *
 * <p><b>Schedule:</b> three replicas, deadline 1 s; a book is added through the leader; a
 * follower {@code s} restarts with stale reads and catches up; the two others are closed; then,
 * on {@code s} alone: a write (expect 503 within the deadline plus a margin: "outcome unknown:", or
 * "not served: ... not submitted" once {@code s} knows it has lost its majority) and a stale read
 * (expect 200 with the book, from local state); finally {@code s} restarts alone with
 * linearizable reads: a read gets 503 "not served:", a write 503 as above.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ReplicaOutageTest {

    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final ServiceSettings FAST = ServiceSettings.DEFAULT.withDeadline(Duration.ofSeconds(1));
    /** Deadline plus what closing connections and scheduling may add on a busy machine. */
    private static final long BOUND_MS = 1_000 + 2_000;
    private static final String READ = "<req><set><int>7</int></set></req>";

    @Test
    void twoOfThreeDown_writeOutcomeUnknown_readNotServed_staleReadServedLocally() throws Exception {
        try (LocalReplicas group = LocalReplicas.start(3, ReplicaSettings.DEFAULT, FAST, FAST, FAST)) {
            int leader = group.awaitLeader(WAIT);
            Http.Answer added = Http.post(group.url(leader), "/stock/ADDBOOKS", Http.addBook(7, 3),
                    new RequestId(UUID.randomUUID(), 0).headerValue());
            assertEquals(200, added.status(), added.body());
            int s = (leader + 1) % 3;
            group.kill(s);
            group.restart(s, FAST.withReads(ReadMode.STALE));
            group.awaitConverged(WAIT);
            Http.Answer staleWhileUp = Http.post(group.url(s), "/GETBOOKS", READ, null);
            assertEquals(200, staleWhileUp.status(), staleWhileUp.body());
            assertTrue(staleWhileUp.body().contains("Title 7"), staleWhileUp.body());
            for (int i = 0; i < 3; i++) {
                if (i != s) {
                    group.kill(i);
                }
            }

            Http.Answer write = Http.post(group.url(s), "/BUYBOOKS", Http.copies(7, 1),
                    new RequestId(UUID.randomUUID(), 0).headerValue());
            assertEquals(503, write.status(), write.body());
            assertTrue(unknownOrNotSubmitted(write.body()), write.body());
            assertTrue(write.millis() < BOUND_MS, "the write took " + write.millis() + " ms");
            Http.Answer stale = Http.post(group.url(s), "/stock/GETSTOCKBOOKSBYISBN", READ, null);
            assertEquals(200, stale.status(), "a stale read is served alone: " + stale.body());
            assertTrue(stale.body().contains("n=\"3\""), "the local copies: " + stale.body());
            long staleReads = ReplicaMetric.parse(Http.get(group.url(s), "/metrics").body())
                    .get(ReplicaMetric.READS_STALE);
            assertEquals(2L, staleReads, "both reads were served from local state");

            group.kill(s);
            group.restart(s, FAST);
            Http.Answer read = Http.post(group.url(s), "/GETBOOKS", READ, null);
            assertEquals(503, read.status(), read.body());
            assertTrue(read.body().startsWith("<err>not served:"), read.body());
            assertTrue(read.millis() < BOUND_MS, "the read took " + read.millis() + " ms");
            Http.Answer alone = Http.post(group.url(s), "/stock/ADDCOPIES", Http.copies(7, 1), null);
            assertEquals(503, alone.status(), alone.body());
            assertTrue(unknownOrNotSubmitted(alone.body()), alone.body());
        }
    }

    /**
     * A write on a replica without its majority: "outcome unknown" if it was submitted and then
     * given up, or refused at once without being submitted once the replica has been out of
     * contact for its quorum timeout (which closing the others usually takes longer than).
     */
    private static boolean unknownOrNotSubmitted(String body) {
        return body.startsWith("<err>outcome unknown:")
                || body.startsWith("<err>not served:") && body.contains("lost contact with a majority")
                && body.contains("was not submitted");
    }
}
