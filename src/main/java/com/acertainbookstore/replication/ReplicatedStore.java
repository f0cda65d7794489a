package com.acertainbookstore.replication;

import com.acertainbookstore.business.Book;
import com.acertainbookstore.business.BookStoreException;
import com.acertainbookstore.protocol.Operation;
import com.acertainbookstore.protocol.ReplicaHeaders;
import com.acertainbookstore.protocol.ReplicaHealth;
import com.acertainbookstore.protocol.ReplicaMetric;
import com.acertainbookstore.protocol.RequestId;
import com.acertainbookstore.protocol.WireRequest;
import com.acertainbookstore.protocol.WireResponse;
import com.acertainbookstore.server.StoreAnswer;
import com.acertainbookstore.server.StoreService;
import com.acertainbookstore.statemachine.BookStoreStateMachine;
import com.acertainbookstore.statemachine.Command;
import com.acertainbookstore.statemachine.CommandFormat;
import com.acertainbookstore.statemachine.Outcome;
import com.acertainbookstore.statemachine.QueryFormat;
import java.io.IOException;
import java.net.URI;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;
import java.util.function.Supplier;
import javax.net.ssl.SSLContext;
import org.apache.ratis.client.RaftClient;
import org.apache.ratis.protocol.Message;
import org.apache.ratis.protocol.RaftClientReply;
import org.apache.ratis.protocol.RaftPeerId;
import org.apache.ratis.server.DivisionInfo;
import org.apache.ratis.server.RaftServer;

/**
 * One replica's side of the replicated store, as the HTTP server sees it ({@link StoreService}):
 * every mutating call becomes a {@link Command} with its request id, batched with the others
 * arriving here into one log entry ({@link WriteBatcher}) and submitted to this replica's own
 * Ratis server in-process while it leads ({@link OwnServer}), else through its Ratis client
 * ({@link GroupClient}); a linearizable read waits for a read-index round shared with the reads
 * arriving with it ({@link ReadBarrier}, each round through its own server), then reads the local
 * state machine; a stale read reads it at once. Safe for any number of threads; nothing here
 * blocks a caller.
 *
 * <p><b>Forwarding.</b> The client sends every entry to the leader (it learns who that is from
 * the group's answers), so a follower needs no forwarding of its own; when the state machine hears
 * of a new leader, the client is replaced by one aimed at it and what was in flight is sent again
 * ({@link GroupClient} says why and why that is safe). The leader's HTTP address, from this
 * replica's Raft state, goes back on every answer. A leader whose JVM is cold hands leadership
 * to a warm follower ({@link LeaderHandOff}).
 *
 * <p><b>Answers.</b> A committed write answers its {@link Outcome}: done (200), the store's refusal
 * (422, decided in log order), or superseded (410: its id was overtaken by a later call of the
 * same client, so whether it was applied is unknown for good). A call that cannot be encoded (a
 * string UTF-8 cannot carry) is answered 400 before it joins a batch. Anything else (no leader, no
 * quorum, the client's retries used up, or the {@link ServiceSettings#deadline} passing first)
 * answers 503: {@code outcome unknown: ...} for a write, {@code not served: ...} for a read.
 *
 * <p><b>Concurrency.</b> Each call owns its answer future; the first of its reply and its
 * deadline timer completes it ({@link CompletableFuture#complete} decides the race) and the other
 * is then ignored, or cancelled. The division, client, batcher and read barrier are thread-safe; the counters
 * are {@link LongAdder}s.
 */
public final class ReplicatedStore implements StoreService, AutoCloseable {

    /**
     * Threads that answer HTTP calls once Ratis replied ({@link OwnServer}); two beat one and four
     * at 1,000 client threads (docs/decisions/own-server.md).
     */
    private static final int ANSWER_THREADS = 2;
    /** How often {@link QuorumWatch} looks at this replica's contact with its group. */
    static final long QUORUM_CHECK_MS = 25;

    private final RaftServer.Division division;
    private final GroupClient client;
    private final OwnServer own;
    private final ExecutorService answers;
    private final BookStoreStateMachine machine;
    private final Map<RaftPeerId, String> httpUrls;
    private final ServiceSettings settings;
    private final long deadlineMs;
    private final WriteBatcher batcher;
    private final ReadBarrier reads;
    private final ScheduledThreadPoolExecutor timers;
    private final QuorumWatch quorum;
    private final Warmth warmth;
    private final LeaderHandOff handOff;
    /** Calls waiting for the group, with their 503 message's prefix; answered by {@link #close}. */
    private final Map<CompletableFuture<StoreAnswer>, String> pending = new ConcurrentHashMap<>();
    private volatile boolean closed;
    private final LongAdder writesUnknown = new LongAdder();
    private final LongAdder readsLinearizable = new LongAdder();
    private final LongAdder readsStale = new LongAdder();
    private final LongAdder readsNotServed = new LongAdder();
    private final LongAdder callsCutOff = new LongAdder();
    private final LongAdder abandoned = new LongAdder();

    /**
     * @param division this replica's Ratis division (started)
     * @param clients makes clients of the group (bounded retries) aimed first at a given leader
     *     (null: none known); those it makes are used by this object only and closed with it
     * @param httpUrls each replica's HTTP base URL as clients reach it, by peer id (named in answers)
     * @param peerUrls the other replicas' HTTP base URLs as this replica reaches them (asked by
     *     {@link LeaderHandOff})
     * @param peerTls the TLS context of those calls when the peers serve HTTPS (this replica's
     *     certificate, the group's authorities: {@link RaftTls#peerClient}), else null
     * @param warmth whether this JVM is warm (a cold leader hands leadership to a warm follower)
     */
    public ReplicatedStore(RaftServer.Division division, Function<RaftPeerId, RaftClient> clients,
            Map<RaftPeerId, String> httpUrls, List<URI> peerUrls, SSLContext peerTls, Warmth warmth,
            ServiceSettings settings) {
        this.division = division;
        this.machine = (BookStoreStateMachine) division.getStateMachine();
        this.client = new GroupClient("replica-client-" + division.getId(), clients);
        this.httpUrls = Map.copyOf(httpUrls);
        this.settings = settings;
        this.deadlineMs = settings.deadline().toMillis();
        this.answers = Executors.newFixedThreadPool(ANSWER_THREADS,
                DaemonThreads.named("replica-answers-" + division.getId()));
        this.own = new OwnServer(division, answers);
        this.batcher = new WriteBatcher("replica-batcher-" + division.getId(), this::submit,
                settings.batchMax(), settings.batchWait().toNanos(), settings.batchesInFlight());
        this.timers = new ScheduledThreadPoolExecutor(1, DaemonThreads.named("replica-timers-" + division.getId()));
        timers.setRemoveOnCancelPolicy(true);
        Message barrier = Message.valueOf(QueryFormat.encodeQuery(Operation.GETBOOKS, WireRequest.of(new HashSet<>())));
        this.reads = new ReadBarrier("replica-reads-" + division.getId(),
                () -> own.orElse(own.read(barrier), () -> client.readOnly(barrier, division.getId())),
                settings.batchesInFlight(),
                timers, settings.readNudge().toNanos(), batcher::entriesSent, batcher::nudge);
        // Told on a Ratis thread, acted on the timer thread: replacing the client must not hold Ratis up.
        machine.onLeaderChange(leader -> {
            try {
                timers.execute(() -> {
                    client.leaderChanged(leader);
                    if (leader != null) {
                        reads.leaderChanged();
                    }
                });
            } catch (RejectedExecutionException closing) {
                // this replica is stopping: its client is closed or about to be
            }
        });
        this.quorum = new QuorumWatch(() -> division.getInfo().getRoleInfoProto(),
                division.getGroup().getPeers().size(), settings.quorumTimeout().toMillis(), this::cutOff);
        quorum.start(timers, QUORUM_CHECK_MS);
        this.warmth = warmth;
        this.handOff = new LeaderHandOff(division, warmth, peerUrls, peerTls, () -> quorum.lost() == null);
        handOff.start();
    }

    /**
     * This replica has lost contact with a majority ({@link QuorumWatch}, on the timer thread, at
     * every check while it lasts): every call waiting here is answered {@code 503} now (a write's
     * outcome is unknown: its entry may still commit), and the entries and read rounds it had sent
     * are given up, which frees their slots; the first time, the client's requests are given up
     * too and its retries ended. The proxies then go to another replica at once instead of
     * waiting for the deadline.
     */
    private void cutOff(String reason, boolean first) {
        for (Map.Entry<CompletableFuture<StoreAnswer>, String> call : pending.entrySet()) {
            if (call.getKey().complete(StoreAnswer.error(StoreAnswer.Kind.UNAVAILABLE, call.getValue()
                    + cutOffMessage(reason)))) {
                callsCutOff.increment();
                (call.getValue().equals(ReplicaHeaders.OUTCOME_UNKNOWN) ? writesUnknown : readsNotServed).increment();
            }
        }
        IllegalStateException failure = new IllegalStateException(reason);
        if (first) {
            abandoned.add(client.abandon(failure));
        }
        abandoned.add(batcher.abandon(failure) + reads.abandon(failure));
    }

    private String cutOffMessage(String reason) {
        return "replica " + division.getId() + " has lost contact with a majority of its group (" + reason
                + "); send the call to another replica";
    }

    /** The 503 of a call that arrives while this replica is out of contact with a majority, or null. */
    private CompletableFuture<StoreAnswer> refusedWhileCutOff() {
        String lost = quorum.lost();
        if (lost == null) {
            return null;
        }
        callsCutOff.increment();
        return CompletableFuture.completedFuture(StoreAnswer.error(StoreAnswer.Kind.UNAVAILABLE,
                ReplicaHeaders.NOT_SERVED + cutOffMessage(lost) + " (this call was not submitted)"));
    }

    /**
     * Submits one entry: to this replica's own server while it leads, through the client
     * otherwise, or when that did not commit it ({@link OwnServer} says why that is safe).
     */
    private CompletableFuture<RaftClientReply> submit(Message entry) {
        return own.leads() ? own.orElse(own.write(entry), () -> client.send(entry)) : client.send(entry);
    }

    @Override
    public CompletableFuture<StoreAnswer> call(Operation operation, WireRequest request, RequestId id) {
        return operation.mutates() ? write(operation, request, id) : read(operation, request);
    }

    private CompletableFuture<StoreAnswer> write(Operation operation, WireRequest request, RequestId id) {
        CompletableFuture<StoreAnswer> refused = refusedWhileCutOff();
        if (refused != null) {
            return refused;
        }
        byte[] command;
        try {
            command = CommandFormat.encodeCommand(new Command(id, operation, request));
        } catch (IllegalArgumentException e) {
            return CompletableFuture.completedFuture(StoreAnswer.error(StoreAnswer.Kind.BAD_REQUEST,
                    "cannot be carried: " + e.getMessage()));
        }
        CompletableFuture<StoreAnswer> answer = withDeadline(writesUnknown, ReplicaHeaders.OUTCOME_UNKNOWN,
                () -> "not committed within " + deadlineMs + " ms (request id " + id + "; re-send it with this id)");
        batcher.submit(command).whenComplete((outcome, failure) -> answer.complete(failure != null
                ? unavailable(writesUnknown, ReplicaHeaders.OUTCOME_UNKNOWN, failure) : answer(outcome, id)));
        return answer;
    }

    private static StoreAnswer answer(Outcome outcome, RequestId id) {
        if (outcome instanceof Outcome.Refused refused) {
            return StoreAnswer.error(StoreAnswer.Kind.REFUSED, refused.message());
        }
        if (outcome instanceof Outcome.Superseded superseded) {
            return StoreAnswer.error(StoreAnswer.Kind.OUTCOME_UNKNOWN, ReplicaHeaders.OUTCOME_UNKNOWN + "request id "
                    + id + " was overtaken by sequence " + superseded.lastSequence() + " of the same client; "
                    + "whether it was applied is no longer known");
        }
        return StoreAnswer.ok(WireResponse.empty());
    }

    private CompletableFuture<StoreAnswer> read(Operation operation, WireRequest request) {
        if (settings.reads() == ReadMode.STALE) {
            readsStale.increment();
            return CompletableFuture.completedFuture(localRead(operation, request));
        }
        CompletableFuture<StoreAnswer> refused = refusedWhileCutOff();
        if (refused != null) {
            return refused;
        }
        CompletableFuture<StoreAnswer> answer = withDeadline(readsNotServed, ReplicaHeaders.NOT_SERVED,
                () -> "no linearizable answer within " + deadlineMs + " ms");
        reads.await().whenComplete((ready, failure) -> {
            if (failure != null) {
                answer.complete(unavailable(readsNotServed, ReplicaHeaders.NOT_SERVED, failure));
            } else if (!answer.isDone()) {
                readsLinearizable.increment();
                answer.complete(localRead(operation, request));
            }
        });
        return answer;
    }

    /** One read of this replica's state as it is now. */
    private StoreAnswer localRead(Operation operation, WireRequest request) {
        try {
            return books(operation, machine.read(operation, request.argument()));
        } catch (BookStoreException e) {
            return refused(e.getMessage());
        }
    }

    private static StoreAnswer books(Operation operation, List<Book> books) {
        return StoreAnswer.ok(StoreAnswer.of(operation, books));
    }

    private static StoreAnswer refused(String message) {
        return StoreAnswer.error(StoreAnswer.Kind.REFUSED, message == null ? "refused" : message);
    }

    /**
     * A new answer future that the deadline completes with {@code 503 prefix + detail} unless
     * answered first (the detail is built only then), and that {@link #close} completes with
     * {@code 503} at once; already completed so when this replica is closing.
     */
    private CompletableFuture<StoreAnswer> withDeadline(LongAdder counter, String prefix, Supplier<String> detail) {
        CompletableFuture<StoreAnswer> answer = new CompletableFuture<>();
        pending.put(answer, prefix);
        if (closed) {
            answerStopping(answer, prefix);
            return answer;
        }
        ScheduledFuture<?> timer;
        try {
            timer = timers.schedule(() -> {
                if (answer.complete(StoreAnswer.error(StoreAnswer.Kind.UNAVAILABLE, prefix + detail.get()))) {
                    counter.increment();
                }
            }, deadlineMs, TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException closing) {
            answerStopping(answer, prefix);
            return answer;
        }
        answer.whenComplete((done, failure) -> {
            timer.cancel(false);
            pending.remove(answer);
        });
        return answer;
    }

    private void answerStopping(CompletableFuture<StoreAnswer> answer, String prefix) {
        pending.remove(answer);
        answer.complete(StoreAnswer.error(StoreAnswer.Kind.UNAVAILABLE, prefix + "replica "
                + division.getId() + " is stopping"));
    }

    private static StoreAnswer unavailable(LongAdder counter, String prefix, Throwable failure) {
        counter.increment();
        Throwable cause = failure;
        while (cause.getCause() != null && cause.getCause() != cause
                && (cause instanceof CompletionException || cause.getMessage() == null)) {
            cause = cause.getCause();
        }
        return StoreAnswer.error(StoreAnswer.Kind.UNAVAILABLE, prefix + "the group did not answer ("
                + cause.getClass().getSimpleName() + (cause.getMessage() == null ? "" : ": " + cause.getMessage())
                + ")");
    }

    /** The leader's HTTP URL, or null when none is known, or when this replica leads but has lost its majority. */
    @Override
    public String leaderUrl() {
        RaftPeerId leader = division.getInfo().getLeaderId();
        if (leader == null || leader.equals(division.getId()) && quorum.lost() != null) {
            return null;
        }
        return httpUrls.get(leader);
    }

    /** This replica's Raft state as {@code /health} shows it (a leader without its majority names no leader). */
    public ReplicaHealth healthState() {
        DivisionInfo info = division.getInfo();
        RaftPeerId leader = info.getLeaderId();
        if (leader != null && leader.equals(division.getId()) && quorum.lost() != null) {
            leader = null;
        }
        String leaderUrl = leader == null ? null : httpUrls.get(leader);
        return new ReplicaHealth(division.getId().toString(), info.getCurrentRole().name(),
                leader == null ? "" : leader.toString(), leaderUrl == null ? "" : leaderUrl, info.getCurrentTerm(),
                division.getRaftLog().getLastCommittedIndex(), info.getLastAppliedIndex(), warmth.warm(),
                warmth.uptimeMs());
    }

    @Override
    public String health() {
        return healthState().text();
    }

    @Override
    public String metrics() {
        ReplicaHealth health = healthState();
        return ReplicaMetric.RAFT_TERM.line(health.term())
                + ReplicaMetric.RAFT_COMMIT_INDEX.line(health.commit())
                + ReplicaMetric.RAFT_APPLIED_INDEX.line(health.applied())
                + ReplicaMetric.RAFT_IS_LEADER.line(health.role().equals("LEADER") ? 1 : 0)
                + ReplicaMetric.ENTRIES_APPLIED.line(machine.entriesApplied())
                + ReplicaMetric.BATCHES.line(batcher.batches())
                + ReplicaMetric.BATCHED_WRITES.line(batcher.writes())
                + ReplicaMetric.BATCH_MAX.line(batcher.largest())
                + ReplicaMetric.READ_ROUNDS.line(reads.rounds())
                + ReplicaMetric.READ_NUDGES.line(batcher.nudges())
                + ReplicaMetric.OWN_ENTRIES.line(own.writes())
                + ReplicaMetric.OWN_READ_ROUNDS.line(own.reads())
                + ReplicaMetric.OWN_FALLBACKS.line(own.fallbacks())
                + ReplicaMetric.CLIENT_REPLACEMENTS.line(client.replacements())
                + ReplicaMetric.REQUESTS_RESENT.line(client.resent())
                + ReplicaMetric.WRITES_UNKNOWN.line(writesUnknown.sum())
                + ReplicaMetric.READS_LINEARIZABLE.line(readsLinearizable.sum())
                + ReplicaMetric.READS_STALE.line(readsStale.sum())
                + ReplicaMetric.READS_NOT_SERVED.line(readsNotServed.sum())
                + ReplicaMetric.QUORUM_LOSSES.line(quorum.losses())
                + ReplicaMetric.CALLS_CUT_OFF.line(callsCutOff.sum())
                + ReplicaMetric.REQUESTS_ABANDONED.line(abandoned.sum())
                + ReplicaMetric.READ_ROUNDS_RESENT.line(reads.resent())
                + ReplicaMetric.LEADER_HANDOFFS.line(handOff.asked())
                + ReplicaMetric.LEADER_HANDOFFS_DONE.line(handOff.done());
    }

    /** The state machine this replica applies to (its local state). */
    public BookStoreStateMachine machine() {
        return machine;
    }

    /**
     * Stops batching (writes still queued are answered 503) and closes the client (entries in
     * flight fail: 503); a call still unanswered gets its deadline's answer, after which the timer
     * thread ends. The Ratis server is its owner's to close.
     */
    @Override
    public void close() throws IOException {
        closed = true;
        quorum.close();
        handOff.close();
        // Answered now rather than at their deadline, so the HTTP server's graceful stop finds no
        // call waiting; a write answered so may still commit (its outcome is unknown to the caller).
        for (Map.Entry<CompletableFuture<StoreAnswer>, String> call : pending.entrySet()) {
            answerStopping(call.getKey(), call.getValue());
        }
        batcher.close();
        reads.close();
        try {
            client.close();
        } finally {
            timers.shutdown();
            answers.shutdown();
        }
    }
}
