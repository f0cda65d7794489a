package com.acertainbookstore.client;

import static com.acertainbookstore.client.ScriptedServer.PICKS;
import static com.acertainbookstore.client.ScriptedServer.closedUrl;
import static com.acertainbookstore.client.ScriptedServer.error;
import static com.acertainbookstore.client.ScriptedServer.header;
import static com.acertainbookstore.client.ScriptedServer.ok;
import static com.acertainbookstore.client.ScriptedServer.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.business.BookCopy;
import com.acertainbookstore.business.ImmutableBook;
import com.acertainbookstore.business.OutcomeUnknownException;
import com.acertainbookstore.protocol.RequestId;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The list constructors' failover ({@code Failover}'s class comment) against scripted replicas
 * on loopback: which replica each call reaches, with which request id, and what the caller gets.
 */
class ReplicaFailoverTest {

    private static final Set<BookCopy> BUY = Set.of(new BookCopy(7, 1));
    private static final String LEADER = Connection.LEADER_HEADER;

    /** What a scripted replica does with one request it has recorded. */
    @FunctionalInterface
    private interface Behaviour {
        boolean answer(int request, String head, java.io.OutputStream out) throws IOException, InterruptedException;
    }

    /** A scripted server that records the head of every request it reads, in order. */
    private static final class Replica implements AutoCloseable {
        final List<String> heads = Collections.synchronizedList(new ArrayList<>());
        final ScriptedServer server;

        Replica(Behaviour behaviour) throws IOException {
            server = new ScriptedServer((connection, request, head, out) -> {
                heads.add(head);
                return behaviour.answer(heads.size(), head, out);
            });
        }

        String url() {
            return server.url();
        }

        /** The request ids of the requests read, in order ({@code null} for a request without). */
        List<String> ids() {
            synchronized (heads) {
                List<String> ids = new ArrayList<>();
                for (String head : heads) {
                    ids.add(header(head, RequestId.HEADER));
                }
                return ids;
            }
        }

        @Override
        public void close() throws IOException, InterruptedException {
            server.close();
        }
    }

    private static Replica answering(String answer) throws IOException {
        return new Replica((request, head, out) -> {
            write(out, answer);
            return true;
        });
    }

    /** A replica that reads each request and answers nothing until {@code silence} opens. */
    private static Replica silent(CountDownLatch silence) throws IOException {
        return new Replica((request, head, out) -> {
            silence.await(10, TimeUnit.SECONDS);
            return false;
        });
    }

    private static void assertOneBook(List<?> books) {
        assertEquals(List.of(new ImmutableBook(7, "T", "A", 1f)), books);
    }

    @Test
    void buyBooks_503ThenAnotherReplicaAnswers_succeedsWithTheSameRequestIdOnBoth() throws Exception {
        try (Replica first = answering(error(503, "outcome unknown: no commit within 3000 ms", ""));
                Replica second = answering(ok("<res/>"));
                BookStoreHTTPProxy proxy = new BookStoreHTTPProxy(List.of(first.url(), second.url()),
                        Duration.ofSeconds(10), null)) {
            proxy.buyBooks(BUY);
            assertEquals(1, first.ids().size());
            assertEquals(1, second.ids().size());
            String id = first.ids().get(0);
            assertNotNull(id, "a mutating call carries " + RequestId.HEADER);
            RequestId.parse(id);
            assertEquals(id, second.ids().get(0), "the re-sent call carries the same request id");
            proxy.buyBooks(BUY);
            assertEquals(2, second.ids().size(), "the next call goes to the replica that answered");
            assertEquals(1, first.ids().size());
            RequestId before = RequestId.parse(second.ids().get(0));
            RequestId after = RequestId.parse(second.ids().get(1));
            assertEquals(before.client(), after.client(), "one caller, one thread: the same client id is reused");
            assertEquals(before.sequence() + 1, after.sequence());
        }
    }

    @Test
    void leaderHeader_namingAReplicaOfTheList_isFollowedByTheNextCall() throws Exception {
        try (Replica leader = answering(ok("<res><list/></res>"))) {
            // The header names the base URL in another spelling; the stock proxy's URLs end in /stock.
            String named = leader.url().replace("http://", "HTTP://") + "/";
            try (Replica follower = answering(ok("<res><list/></res>").replace("\r\n\r\n", "\r\n" + LEADER + ": " + named + "\r\n\r\n"));
                    StockManagerHTTPProxy proxy = new StockManagerHTTPProxy(
                            List.of(follower.url() + "/stock", leader.url() + "/stock"), Duration.ofSeconds(10), null)) {
                assertEquals(List.of(), proxy.getBooks());
                assertEquals(1, follower.heads.size(), "the first call goes to the first replica");
                assertEquals(0, leader.heads.size());
                proxy.getBooks();
                proxy.getBooks();
                assertEquals(1, follower.heads.size());
                assertEquals(2, leader.heads.size(), "later calls go to the leader it named");
                assertTrue(leader.heads.get(0).startsWith("POST /stock/LISTBOOKS "), leader.heads.get(0));
            }
        }
    }

    @Test
    void openConnections_aReplicaNamesTheLeader_theConnectionsGoToTheLeader() throws Exception {
        try (Replica leader = answering(ok(PICKS))) {
            try (Replica follower = answering(ok("ok\n").replace("\r\n\r\n", "\r\n" + LEADER + ": " + leader.url() + "\r\n\r\n"));
                    StockManagerHTTPProxy proxy = new StockManagerHTTPProxy(
                            List.of(follower.url() + "/stock", leader.url() + "/stock"), Duration.ofSeconds(10), null)) {
                proxy.openConnections(3);
                assertEquals(List.of("GET /health HTTP/1.1"), follower.heads.stream().map(h -> h.split("\r\n")[0]).toList(),
                        "the probe asks the server's own /health");
                Thread.sleep(50);
                assertEquals(3, leader.server.connections());
                assertEquals(1, follower.server.connections());
            }
        }
    }

    @Test
    void buyBooks_firstReplicaRefusesConnections_movesOnAndStaysThere() throws Exception {
        try (Replica second = answering(ok("<res/>"));
                BookStoreHTTPProxy proxy = new BookStoreHTTPProxy(List.of(closedUrl(), second.url()),
                        Duration.ofSeconds(10), null)) {
            proxy.buyBooks(BUY);
            proxy.buyBooks(BUY);
            assertEquals(2, second.ids().size());
        }
    }

    @Test
    void buyBooks_410_isUnknownAtOnceAndNotSentAgain() throws Exception {
        try (Replica first = answering(error(410, "outcome unknown: superseded by sequence 9 of its client", ""));
                Replica second = answering(ok("<res/>"));
                BookStoreHTTPProxy proxy = new BookStoreHTTPProxy(List.of(first.url(), second.url()),
                        Duration.ofSeconds(10), null)) {
            OutcomeUnknownException e = assertThrows(OutcomeUnknownException.class, () -> proxy.buyBooks(BUY));
            assertTrue(e.getMessage().contains("superseded by sequence 9"), e.getMessage());
            assertEquals(1, first.heads.size());
            assertEquals(0, second.heads.size(), "not sent to another replica");
        }
    }

    @Test
    void finalAnswers_422And401_areNotSentElsewhere() throws Exception {
        try (Replica first = answering(error(422, "ISBN 7: 1 copies requested, 0 available", ""));
                Replica second = answering(ok("<res/>"));
                BookStoreHTTPProxy proxy = new BookStoreHTTPProxy(List.of(first.url(), second.url()),
                        Duration.ofSeconds(10), null)) {
            BookStoreHTTPException e = assertThrows(BookStoreHTTPException.class, () -> proxy.buyBooks(BUY));
            assertEquals(422, e.status());
            assertEquals("ISBN 7: 1 copies requested, 0 available", e.getMessage());
            assertEquals(0, second.heads.size());
        }
    }

    @Test
    void buyBooks_everyReplicaSilent_isUnknownByTheDeadlineAndEachAttemptCarriedOneId() throws Exception {
        CountDownLatch silence = new CountDownLatch(1);
        try (Replica a = silent(silence); Replica b = silent(silence); Replica c = silent(silence);
                BookStoreHTTPProxy proxy = new BookStoreHTTPProxy(List.of(a.url(), b.url(), c.url()),
                        Duration.ofMillis(900), null)) {
            try {
                long start = System.nanoTime();
                OutcomeUnknownException e = assertThrows(OutcomeUnknownException.class, () -> proxy.buyBooks(BUY));
                long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
                assertTrue(ms >= 850 && ms < 2_000, ms + " ms for a call with a 900 ms timeout");
                assertTrue(e.getMessage().contains("outcome unknown"), e.getMessage());
                assertTrue(e.getMessage().contains("no answer within 300 ms"), e.getMessage());
                // Each attempt waits a third of the timeout: all three replicas were tried.
                assertEquals(List.of(a.ids().get(0)), b.ids());
                assertEquals(List.of(a.ids().get(0)), c.ids());
                assertNotNull(a.ids().get(0));
            } finally {
                silence.countDown();
            }
        }
    }

    @Test
    void getEditorPicks_everyReplicaSilent_failsAsARead() throws Exception {
        CountDownLatch silence = new CountDownLatch(1);
        try (Replica a = silent(silence); Replica b = silent(silence);
                BookStoreHTTPProxy proxy = new BookStoreHTTPProxy(List.of(a.url(), b.url()), Duration.ofMillis(600),
                        null)) {
            try {
                long start = System.nanoTime();
                BookStoreHTTPException e = assertThrows(BookStoreHTTPException.class, () -> proxy.getEditorPicks(1));
                long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
                assertTrue(ms < 1_500, ms + " ms for a call with a 600 ms timeout");
                assertEquals(0, e.status());
                assertTrue(e.getMessage().contains("no answer after"), e.getMessage());
                assertNull(a.ids().get(0), "a read carries no request id");
            } finally {
                silence.countDown();
            }
        }
    }

    @Test
    void buyBooks_everyReplicaRefusesConnections_failsAsNotApplied() throws Exception {
        try (BookStoreHTTPProxy proxy = new BookStoreHTTPProxy(List.of(closedUrl(), closedUrl()),
                Duration.ofMillis(500), null)) {
            long start = System.nanoTime();
            BookStoreHTTPException e = assertThrows(BookStoreHTTPException.class, () -> proxy.buyBooks(BUY));
            assertTrue(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start) < 1_500);
            assertTrue(e.getMessage().contains("ConnectException"), e.getMessage());
        }
    }

    @Test
    void leaderHeader_hostileValues_areNeverFollowedOutsideTheList() throws Exception {
        try (Replica outsider = answering(ok(PICKS))) {
            List<String> hostile = List.of(outsider.url(), "http://127.0.0.1:1",
                    "not a url at all :: %%", "http://" + "x".repeat(10_000) + ":80", "ftp://127.0.0.1:21",
                    "http://user@" + outsider.url().substring(7));
            Replica first = new Replica((request, head, out) -> {
                if (request <= hostile.size()) {
                    write(out, ok(PICKS).replace("\r\n\r\n", "\r\n" + LEADER + ": " + hostile.get(request - 1) + "\r\n\r\n"));
                    return true;
                }
                // A megabyte of header: more than the client reads of an answer's head.
                write(out, ok(PICKS).replace("\r\n\r\n", "\r\n" + LEADER + ": http://" + "y".repeat(1 << 20) + "\r\n\r\n"));
                return false;
            });
            try (first; Replica second = answering(ok(PICKS));
                    BookStoreHTTPProxy proxy = new BookStoreHTTPProxy(List.of(first.url(), second.url()),
                            Duration.ofSeconds(10), null)) {
                for (int i = 0; i < hostile.size(); i++) {
                    assertOneBook(proxy.getEditorPicks(1));
                }
                assertEquals(hostile.size(), first.heads.size(), "every call stayed with the replica that answered");
                assertOneBook(proxy.getEditorPicks(1));
                assertEquals(1, second.heads.size(), "the answer with a 1 MB header was refused; the read moved on");
                assertEquals(0, outsider.server.connections(), "never sent outside the list");
            }
        }
    }

    @Test
    void singleUrl_writeAnswered503_isUnknownAndNeverSentAgain() throws Exception {
        try (Replica only = answering(error(503, "outcome unknown: no commit within 3000 ms", ""));
                BookStoreHTTPProxy proxy = new BookStoreHTTPProxy(only.url(), Duration.ofSeconds(10))) {
            OutcomeUnknownException e = assertThrows(OutcomeUnknownException.class, () -> proxy.buyBooks(BUY));
            assertTrue(e.getMessage().contains("no commit within"), e.getMessage());
            assertEquals(1, only.heads.size());
            RequestId.parse(only.ids().get(0));
            BookStoreHTTPException read = assertThrows(BookStoreHTTPException.class, () -> proxy.getEditorPicks(1));
            assertEquals(503, read.status());
        }
    }

    @Test
    void listConstructors_badLists_areRefusedNamingTheEntry() {
        Duration t = Duration.ofSeconds(1);
        assertMessage("replicaUrls ([]) must name at least one replica",
                () -> new BookStoreHTTPProxy(List.of(), t, null));
        assertMessage("replicaUrls (null) must name at least one replica",
                () -> new BookStoreHTTPProxy((List<String>) null, t, null));
        assertMessage("replicaUrls[1]: baseUrl 'ftp://b:2' must be http://host:port[/path] or https://host:port[/path]",
                () -> new BookStoreHTTPProxy(List.of("http://a:1", "ftp://b:2"), t, null));
        assertMessage("replicaUrls[1]: baseUrl 'https://b:2' is https: it needs TLS settings (the authority that signed"
                + " the server's certificate: client.tls.ca)",
                () -> new BookStoreHTTPProxy(List.of("http://a:1", "https://b:2"), t, null));
        assertMessage("replicaUrls[2] 'http://A:1/' names the same server as replicaUrls[0] 'http://a:1'",
                () -> new BookStoreHTTPProxy(List.of("http://a:1", "http://b:1", "http://A:1/"), t, null));
        assertMessage("replicaStockUrls[1] 'http://b:1' has the path '', replicaStockUrls[0] '/stock': "
                + "the replicas of one group are called on the same path",
                () -> new StockManagerHTTPProxy(List.of("http://a:1/stock", "http://b:1"), t, null));
        assertMessage("timeout (PT0S) must be > 0", () -> new BookStoreHTTPProxy(List.of("http://a:1"), Duration.ZERO, null));
        List<String> withNull = new ArrayList<>(List.of("http://a:1"));
        withNull.add(null);
        assertMessage("replicaUrls[1]: baseUrl must not be null", () -> new BookStoreHTTPProxy(withNull, t, null));
    }

    private static void assertMessage(String expected, org.junit.jupiter.api.function.Executable executable) {
        assertEquals(expected, assertThrows(IllegalArgumentException.class, executable).getMessage());
    }
}
