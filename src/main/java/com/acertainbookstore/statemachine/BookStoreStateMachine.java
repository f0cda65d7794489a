package com.acertainbookstore.statemachine;

import com.acertainbookstore.business.Book;
import com.acertainbookstore.business.BookStoreException;
import com.acertainbookstore.business.Locking;
import com.acertainbookstore.business.StockBook;
import com.acertainbookstore.protocol.Operation;
import com.acertainbookstore.store.CertainBookStore;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;
import org.apache.ratis.proto.RaftProtos.LogEntryProto;
import org.apache.ratis.protocol.Message;
import org.apache.ratis.protocol.RaftClientRequest;
import org.apache.ratis.protocol.RaftGroupId;
import org.apache.ratis.protocol.RaftGroupMemberId;
import org.apache.ratis.protocol.RaftPeerId;
import org.apache.ratis.server.RaftServer;
import org.apache.ratis.server.protocol.TermIndex;
import org.apache.ratis.server.raftlog.RaftLog;
import org.apache.ratis.server.storage.RaftStorage;
import org.apache.ratis.statemachine.TransactionContext;
import org.apache.ratis.statemachine.impl.BaseStateMachine;
import org.apache.ratis.statemachine.impl.SimpleStateMachineStorage;
import org.apache.ratis.statemachine.impl.SingleFileSnapshotInfo;
import org.apache.ratis.thirdparty.com.google.protobuf.ByteString;
import org.apache.ratis.util.JavaUtils;
import org.apache.ratis.util.LifeCycle;

/**
 * The bookstore as a Ratis state machine: a {@link CertainBookStore} (either locking mode) changed
 * only by applying log entries ({@link CommandFormat}: batches of mutating calls), read by queries
 * ({@link QueryFormat}), saved and loaded as snapshots ({@link SnapshotState}, {@link SnapshotFiles}).
 * Safe for Ratis to call from its threads as its contract says (next paragraph); one instance
 * belongs to one server division.
 *
 * <p><b>Thread safety.</b> Ratis calls {@link #applyTransaction}, {@link #takeSnapshot} and
 * {@link #reinitialize} from one thread, never together; {@link #query} from any thread at any
 * time. The store is thread-safe, so a query reads it directly (between two commands, never inside
 * one: each store call is atomic). The exactly-once table and the last applied position change
 * only under {@code stateLock}, which apply, snapshot and load all take, so a snapshot is one
 * consistent cut even if Ratis' threading changes.
 *
 * <p><b>Determinism: why every replica ends in the same state.</b> Apply reads the entry's bytes and
 * the state (store and exactly-once table), nothing else: no clock, no random source, no
 * configuration, no replica id, no role. Its steps are functions of those: decoding is a pure
 * function of the bytes ({@link ArgumentFormat} rebuilds each set in the encoded order, so even its
 * iteration order is the same everywhere); the exactly-once decision is a function of the table;
 * each store call is a function of the store and its argument (the store's only random choice,
 * {@code getEditorPicks}, is a read and never applied; its refusal messages are built from the
 * argument and the state); commands run one after another in entry order on the one apply thread,
 * so the locking mode makes no difference. A refusal is a result, decided on every replica alike
 * (a refused {@code buyBooks} records its sale misses everywhere). An unexpected runtime exception
 * from the store is caught and returned as a refusal, never thrown: Ratis shuts a replica down
 * when apply throws. Malformed entries, which the leader refuses to log in
 * {@link #startTransaction}, would be refused on every replica with the same message. Snapshots
 * hold the whole state, so a replica loading one continues exactly as one that applied the prefix.
 *
 * <p><b>Exactly once</b> is {@link ClientTable}'s rule: a repeated request id is answered from
 * the table without being applied again, through any replica and across failovers, because the
 * table is replicated state and part of every snapshot.
 */
public final class BookStoreStateMachine extends BaseStateMachine {

    private final CertainBookStore store;
    private final SimpleStateMachineStorage storage = new SimpleStateMachineStorage();
    /** Guards {@link #clients} and orders apply, snapshot and load. */
    private final Object stateLock = new Object();
    /** Guarded by {@code stateLock}. */
    private final ClientTable clients = new ClientTable();
    /** The directory of snapshot files; set once by {@link #initialize}. */
    private volatile File snapshotDir;
    /** Log entries applied since this object was made (not counting what a snapshot brought). */
    private final LongAdder entriesApplied = new LongAdder();
    /** This replica in log lines: its peer id once known. */
    private volatile String label = "BookStoreStateMachine";
    /** Told of each new leader this replica learns of; set by the replica's service. */
    private volatile Consumer<RaftPeerId> leaderListener = leader -> { };

    public BookStoreStateMachine(Locking locking) {
        this.store = new CertainBookStore(locking);
    }

    // ---------------------------------------------------------------- life cycle and snapshots

    @Override
    public void initialize(RaftServer server, RaftGroupId groupId, RaftStorage raftStorage) throws IOException {
        super.initialize(server, groupId, raftStorage);
        label = server.getId() + "@" + groupId;
        LifeCycle life = getLifeCycle();
        life.transition(LifeCycle.State.STARTING);
        openStorage(raftStorage);
        life.transition(LifeCycle.State.RUNNING);
    }

    /**
     * The storage half of {@link #initialize}: cleans up and checks the snapshot directory, then
     * loads the newest complete snapshot. Tests call it alone, without a server.
     */
    void openStorage(RaftStorage raftStorage) throws IOException {
        snapshotDir = raftStorage.getStorageDir().getStateMachineDir();
        SingleFileSnapshotInfo newest = SnapshotFiles.newestComplete(snapshotDir);
        storage.init(raftStorage);
        load(newest);
    }

    /**
     * Before the leader's snapshot replaces this replica's snapshot directory: Ratis has stopped
     * applying entries and requires the state machine to say it is paused.
     */
    @Override
    public void pause() {
        LifeCycle life = getLifeCycle();
        life.transition(LifeCycle.State.PAUSING);
        life.transition(LifeCycle.State.PAUSED);
    }

    /**
     * Loads the newest snapshot again, after the leader has installed one here (Ratis renamed the
     * received files into the snapshot directory, with their MD5 files, and paused us first).
     */
    @Override
    public void reinitialize() throws IOException {
        LifeCycle life = getLifeCycle();
        life.transition(LifeCycle.State.STARTING);
        load(SnapshotFiles.newestComplete(snapshotDir));
        life.transition(LifeCycle.State.RUNNING);
    }

    @Override
    public SimpleStateMachineStorage getStateMachineStorage() {
        return storage;
    }

    /**
     * Writes the whole state as {@code snapshot.<term>_<index>} (temporary file, forced, renamed,
     * then its MD5 file) and returns its index; nothing is written before the first applied entry.
     */
    @Override
    public long takeSnapshot() throws IOException {
        SnapshotState state = currentState();
        if (state == null) {
            return RaftLog.INVALID_LOG_INDEX;
        }
        File file = storage.getSnapshotFile(state.term(), state.index());
        SingleFileSnapshotInfo info = SnapshotFiles.write(file, state.term(), state.index(), state.encode());
        storage.updateLatestSnapshot(info);
        return state.index();
    }

    /** The whole state as a snapshot would hold it, or {@code null} before anything was applied. */
    SnapshotState currentState() throws IOException {
        synchronized (stateLock) {
            TermIndex last = getLastAppliedTermIndex();
            if (last == null || last.getIndex() < 0) {
                return null;
            }
            return new SnapshotState(last.getTerm(), last.getIndex(), books(), clients.entries());
        }
    }

    private void load(SingleFileSnapshotInfo snapshot) throws IOException {
        if (snapshot == null) {
            return;
        }
        File file = snapshot.getFile().getPath().toFile();
        SnapshotState state;
        try {
            state = SnapshotState.decode(Files.readAllBytes(file.toPath()));
        } catch (MalformedDataException e) {
            throw new IOException("snapshot " + file + " matches its MD5 but cannot be read: " + e.getMessage(), e);
        }
        if (state.term() != snapshot.getTerm() || state.index() != snapshot.getIndex()) {
            throw new IOException("snapshot " + file + " holds position " + state.term() + "_" + state.index()
                    + ", not the one its name says");
        }
        synchronized (stateLock) {
            try {
                store.replaceAllBooks(state.books());
            } catch (BookStoreException e) {
                throw new IOException("snapshot " + file + " holds a book the store refuses: " + e.getMessage(), e);
            }
            clients.replaceAll(state.clients());
            setLastAppliedTermIndex(TermIndex.valueOf(state.term(), state.index()));
        }
        storage.updateLatestSnapshot(snapshot);
        LOG.info("{}: loaded snapshot {} ({} books, {} clients)", label, file, state.books().size(),
                state.clients().size());
    }

    // ---------------------------------------------------------------- events

    /**
     * {@code listener} is told each new leader this replica learns of (null: none known), on a
     * Ratis thread: it must not block. Replaces the previous listener.
     */
    public void onLeaderChange(Consumer<RaftPeerId> listener) {
        this.leaderListener = listener;
    }

    @Override
    public void notifyLeaderChanged(RaftGroupMemberId member, RaftPeerId newLeader) {
        leaderListener.accept(newLeader);
    }

    // ---------------------------------------------------------------- writes

    /**
     * On the leader, before an entry is logged: checks only its form, as Ratis' examples do, so a
     * malformed entry never enters the log (its sender gets the reason as an exception).
     */
    @Override
    public TransactionContext startTransaction(RaftClientRequest request) throws IOException {
        TransactionContext transaction = super.startTransaction(request);
        try {
            // The logged bytes are exactly the request's content: apply on this leader reuses the
            // commands decoded here (the same pure function of the same bytes) instead of decoding again.
            transaction.setStateMachineContext(new Decoded(CommandFormat.decodeEntry(request.getMessage().getContent())));
        } catch (MalformedDataException e) {
            transaction.setException(new IllegalArgumentException("not a bookstore log entry: " + e.getMessage(), e));
        }
        return transaction;
    }

    /**
     * Applies every command of the entry in order and answers one {@link Outcome} per command
     * ({@link CommandFormat#decodeOutcomes}); never throws and never completes exceptionally.
     */
    @Override
    public CompletableFuture<Message> applyTransaction(TransactionContext transaction) {
        LogEntryProto entry = transaction.getLogEntry();
        List<Outcome> outcomes;
        synchronized (stateLock) {
            outcomes = apply(entry.getStateMachineLogEntry().getLogData(), transaction.getStateMachineContext());
            updateLastAppliedTermIndex(TermIndex.valueOf(entry));
        }
        entriesApplied.increment();
        return CompletableFuture.completedFuture(Message.valueOf(CommandFormat.encodeOutcomes(outcomes)));
    }

    /** The commands of an entry as the leader decoded them before logging it. */
    private record Decoded(List<Command> commands) {
    }

    /**
     * Guarded by {@code stateLock}. {@code context}: the leader's {@link Decoded} commands of this
     * very entry, or {@code null} (a follower, a restarted leader, a replay) to decode them here.
     */
    private List<Outcome> apply(ByteString data, Object context) {
        List<Command> commands;
        try {
            commands = context instanceof Decoded decoded ? decoded.commands() : CommandFormat.decodeEntry(data);
        } catch (MalformedDataException e) {
            Outcome refused = new Outcome.Refused("log entry is malformed: " + e.getMessage());
            return Collections.nCopies(CommandFormat.declaredCount(data), refused);
        }
        List<Outcome> outcomes = new ArrayList<>(commands.size());
        for (Command command : commands) {
            Outcome seen = clients.seen(command.id());
            if (seen != null) {
                outcomes.add(seen);
                continue;
            }
            Outcome outcome = execute(command);
            clients.record(command.id(), outcome);
            outcomes.add(outcome);
        }
        return outcomes;
    }

    private Outcome execute(Command command) {
        try {
            call(command.operation(), command.request().argument());
            return Outcome.DONE;
        } catch (BookStoreException e) {
            return new Outcome.Refused(e.getMessage() == null ? "refused" : e.getMessage());
        } catch (RuntimeException e) {
            LOG.error("{}: {} failed unexpectedly; refused on every replica alike", label, command, e);
            return new Outcome.Refused("internal error: " + e);
        }
    }

    /** One store call; the argument has the operation's shape ({@link Command} checked it). */
    private void call(Operation operation, Object argument) throws BookStoreException {
        if (!operation.mutates()) {
            throw new BookStoreException(operation + " does not change the store and is never applied");
        }
        operation.applyTo(store, store, argument);
    }

    // ---------------------------------------------------------------- reads

    /**
     * Answers a read ({@link QueryFormat}) from this replica's state as it is now. Whether that is
     * linearizable is the caller's choice: through Ratis' read index ({@code sendReadOnly} with
     * {@code raft.server.read.option=LINEARIZABLE}) it is; called directly or as a stale read it
     * may lag behind the leader.
     */
    @Override
    public CompletableFuture<Message> query(Message request) {
        ArgumentFormat.Call call;
        try {
            call = QueryFormat.decodeQuery(request.getContent());
        } catch (MalformedDataException e) {
            return JavaUtils.completeExceptionally(new IllegalArgumentException("not a bookstore query: "
                    + e.getMessage(), e));
        }
        QueryFormat.Answer answer;
        try {
            answer = new QueryFormat.Answer(read(call.operation(), call.request().argument()), null);
        } catch (BookStoreException e) {
            answer = new QueryFormat.Answer(null, e.getMessage() == null ? "refused" : e.getMessage());
        }
        return CompletableFuture.completedFuture(Message.valueOf(QueryFormat.encodeAnswer(answer)));
    }

    /**
     * One read of this replica's state as it is now (the stale-read path calls it directly); the
     * argument has the operation's shape.
     */
    public List<Book> read(Operation operation, Object argument) throws BookStoreException {
        if (operation.mutates()) {
            throw new BookStoreException(operation + " changes the store and is never a query");
        }
        return Collections.unmodifiableList(operation.applyTo(store, store, argument));
    }

    /** Every book of this replica with every field, in ascending ISBN order (its local state). */
    public List<StockBook> books() {
        try {
            return store.getBooks();
        } catch (BookStoreException e) {
            throw new IllegalStateException("the store refused to list its books: " + e.getMessage(), e);
        }
    }

    /**
     * Log entries this state machine applied since it was made: after a restart, those after its
     * snapshot (a snapshot loaded is not counted).
     */
    public long entriesApplied() {
        return entriesApplied.sum();
    }

    /** The exactly-once table, by ascending client id. */
    List<ClientTable.Entry> clientEntries() {
        synchronized (stateLock) {
            return clients.entries();
        }
    }
}
