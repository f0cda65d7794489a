package com.acertainbookstore.replication;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.ratis.client.RaftClient;
import org.apache.ratis.client.api.AsyncApi;
import org.apache.ratis.protocol.ClientId;
import org.apache.ratis.protocol.Message;
import org.apache.ratis.protocol.RaftClientReply;
import org.apache.ratis.protocol.RaftGroupId;
import org.apache.ratis.protocol.RaftGroupMemberId;
import org.apache.ratis.protocol.RaftPeerId;
import org.junit.jupiter.api.Test;

/**
 * {@link GroupClient}'s rules, with stand-in clients whose answers the test gives by hand (a real
 * group cannot hold a request in flight on demand; the leader kill that needs this class is
 * {@code ReplicaFleetTest}'s and the fault runs'): a new leader replaces the client and sends
 * every request in flight again through the new one; the first answer of any copy wins; a request
 * fails only when every copy failed; an unknown leader replaces nothing; close closes every client
 * made, and no client is made after it.
 */
class GroupClientTest {

    /** A stand-in client: each request it is given waits in {@code requests} for the test to answer it. */
    private static final class Stub {
        final RaftPeerId leader;
        /** Each request's message, as text, and its reply to complete; in the order sent. */
        final List<Map.Entry<String, CompletableFuture<RaftClientReply>>> requests = new CopyOnWriteArrayList<>();
        final CompletableFuture<Void> closed = new CompletableFuture<>();
        final RaftClient client;

        Stub(RaftPeerId leader) {
            this.leader = leader;
            AsyncApi async = (AsyncApi) Proxy.newProxyInstance(getClass().getClassLoader(),
                    new Class<?>[] {AsyncApi.class}, (proxy, method, args) -> switch (method.getName()) {
                        case "send", "sendReadOnlyUnordered" -> {
                            CompletableFuture<RaftClientReply> request = new CompletableFuture<>();
                            requests.add(Map.entry(((Message) args[0]).getContent().toStringUtf8(), request));
                            yield request;
                        }
                        default -> throw new UnsupportedOperationException(method.getName());
                    });
            this.client = (RaftClient) Proxy.newProxyInstance(getClass().getClassLoader(),
                    new Class<?>[] {RaftClient.class}, (proxy, method, args) -> switch (method.getName()) {
                        case "async" -> async;
                        case "close" -> {
                            closed.complete(null);
                            yield null;
                        }
                        default -> throw new UnsupportedOperationException(method.getName());
                    });
        }

        /** The reply of the request that carried {@code message}. */
        CompletableFuture<RaftClientReply> request(String message) {
            return requests.stream().filter(r -> r.getKey().equals(message)).map(Map.Entry::getValue).findFirst()
                    .orElseThrow(() -> new AssertionError("no request carried " + message + ": " + requests));
        }
    }

    private final List<Stub> made = new CopyOnWriteArrayList<>();

    private GroupClient newGroupClient() {
        return new GroupClient("test-client", leader -> {
            Stub stub = new Stub(leader);
            made.add(stub);
            return stub.client;
        });
    }

    private static RaftClientReply reply() {
        return RaftClientReply.newBuilder().setClientId(ClientId.randomId())
                .setServerId(RaftGroupMemberId.valueOf(RaftPeerId.valueOf("r0"), RaftGroupId.randomId()))
                .setCallId(1).setSuccess().build();
    }

    @Test
    void leaderChanged_requestsInFlight_areSentAgainThroughAFreshClientAimedAtTheLeader() throws Exception {
        try (GroupClient client = newGroupClient()) {
            CompletableFuture<RaftClientReply> write = client.send(Message.valueOf("entry"));
            CompletableFuture<RaftClientReply> read = client.readOnly(Message.valueOf("query"), RaftPeerId.valueOf("r1"));
            Stub first = made.get(0);
            assertEquals(2, first.requests.size());

            client.leaderChanged(RaftPeerId.valueOf("r2"));

            assertEquals(2, made.size(), "a fresh client");
            Stub second = made.get(1);
            assertEquals(RaftPeerId.valueOf("r2"), second.leader, "aimed at the new leader");
            assertEquals(2, second.requests.size(), "both requests sent again through it");
            first.closed.get(5, TimeUnit.SECONDS);
            assertEquals(1, client.replacements());
            assertEquals(2, client.resent());

            RaftClientReply answer = reply();
            second.request("entry").complete(answer);
            assertSame(answer, write.get(5, TimeUnit.SECONDS), "the copy that answered first");
            first.request("entry").completeExceptionally(new IOException("closed"));
            assertSame(answer, write.get(), "a copy failing later changes nothing");

            first.request("query").complete(answer);
            assertSame(answer, read.get(5, TimeUnit.SECONDS), "the old client's answer counts as well");

            client.send(Message.valueOf("next"));
            assertEquals(3, second.requests.size(), "new requests go through the fresh client");
            assertEquals(2, first.requests.size());
        }
    }

    @Test
    void send_everyCopyFails_failsWithTheLastFailure() throws Exception {
        try (GroupClient client = newGroupClient()) {
            CompletableFuture<RaftClientReply> write = client.send(Message.valueOf("entry"));
            client.leaderChanged(RaftPeerId.valueOf("r1"));

            made.get(1).request("entry").completeExceptionally(new IOException("no quorum"));
            assertFalse(write.isDone(), "one copy is still out");
            made.get(0).request("entry").completeExceptionally(new IOException("retries used up"));

            ExecutionException failure = assertThrows(ExecutionException.class, () -> write.get(5, TimeUnit.SECONDS));
            assertEquals("retries used up", failure.getCause().getMessage());
        }
    }

    @Test
    void leaderChanged_toNoLeader_replacesNothing() throws Exception {
        try (GroupClient client = newGroupClient()) {
            client.send(Message.valueOf("entry"));
            client.leaderChanged(null);
            assertEquals(1, made.size());
            assertEquals(0, client.resent());
        }
    }

    @Test
    void close_closesEveryClientMade_andAfterwardsNoneIsMade() throws Exception {
        GroupClient client = newGroupClient();
        client.leaderChanged(RaftPeerId.valueOf("r1"));
        client.leaderChanged(RaftPeerId.valueOf("r2"));
        client.close();

        assertEquals(3, made.size());
        for (Stub stub : made) {
            assertTrue(stub.closed.isDone(), "client aimed at " + stub.leader + " closed");
        }
        client.leaderChanged(RaftPeerId.valueOf("r0"));
        assertEquals(3, made.size(), "no client after close");
    }
}
