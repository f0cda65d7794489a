package com.acertainbookstore.protocol;

import java.util.Map;

/**
 * The figures a replica's {@code GET /metrics} adds to {@link Metric}'s, one {@code key=integer}
 * line each: Raft's position and the replicated service's counters since the replica started.
 * The replica writes these keys and the harness reads them: the names live here once. Immutable.
 */
public enum ReplicaMetric {

    /** The current Raft term: every election raises it, so its growth counts elections. */
    RAFT_TERM("raft_term"),
    /** The index of the last committed log entry this replica knows. */
    RAFT_COMMIT_INDEX("raft_commit_index"),
    /** The index of the last entry applied here. */
    RAFT_APPLIED_INDEX("raft_applied_index"),
    /** 1 when this replica is the leader, else 0. */
    RAFT_IS_LEADER("raft_is_leader"),
    /** Log entries this replica's state machine applied since it started (after loading its snapshot). */
    ENTRIES_APPLIED("entries_applied"),
    /** Log entries (batches) this replica submitted. */
    BATCHES("batches"),
    /** Mutating calls this replica submitted, all batches together. */
    BATCHED_WRITES("batched_writes"),
    /** The largest batch this replica submitted. */
    BATCH_MAX("batch_max"),
    /** Read-index rounds this replica sent (each shared by the linearizable reads queued when it went). */
    READ_ROUNDS("read_rounds"),
    /** Empty entries this replica submitted to hasten a read-index round (none while writes flow). */
    READ_NUDGES("read_nudges"),
    /** Log entries this replica handed to its own Ratis server in-process, as leader. */
    OWN_ENTRIES("own_entries"),
    /** Read-index rounds this replica handed to its own Ratis server in-process. */
    OWN_READ_ROUNDS("own_read_rounds"),
    /** Entries and read rounds its own server did not finish, sent again through its Ratis client. */
    OWN_FALLBACKS("own_fallbacks"),
    /** Times this replica replaced its Ratis client on learning of a new leader. */
    CLIENT_REPLACEMENTS("client_replacements"),
    /** Requests (entries and read rounds) in flight sent again through a replacement client. */
    REQUESTS_RESENT("requests_resent"),
    /** Writes answered 503 (outcome unknown: not committed in time, or the group failed them). */
    WRITES_UNKNOWN("writes_unknown"),
    /** Reads served through Ratis' read index. */
    READS_LINEARIZABLE("reads_linearizable"),
    /** Reads served from this replica's own state (possibly stale). */
    READS_STALE("reads_stale"),
    /** Reads answered 503 (not served in time). */
    READS_NOT_SERVED("reads_not_served"),
    /** Times this replica found it had lost contact with a majority of its group (after having it). */
    QUORUM_LOSSES("quorum_losses"),
    /** Calls answered 503 at once, waiting or new, because this replica had lost contact with a majority. */
    CALLS_CUT_OFF("calls_cut_off"),
    /** Entries and read rounds given up (their slots freed) because contact with a majority was lost. */
    REQUESTS_ABANDONED("requests_abandoned"),
    /** Read-index rounds in flight sent again to a new leader. */
    READ_ROUNDS_RESENT("read_rounds_resent"),
    /** Leadership transfers this replica asked for as a cold leader, towards a warm follower. */
    LEADER_HANDOFFS("leader_handoffs"),
    /** Of those, the ones that ended with that follower leading. */
    LEADER_HANDOFFS_DONE("leader_handoffs_done");

    private final String key;

    ReplicaMetric(String key) {
        this.key = key;
    }

    /** The key as written in {@code /metrics}. */
    public String key() {
        return key;
    }

    /** One line of the {@code /metrics} text. */
    public String line(long value) {
        return key + "=" + value + "\n";
    }

    /**
     * Reads these keys from a {@code /metrics} text; other keys are skipped.
     *
     * @throws IllegalArgumentException a line of one of these keys is not {@code key=integer}
     */
    public static Map<ReplicaMetric, Long> parse(String text) {
        return MetricsText.parse(text, ReplicaMetric.class, ReplicaMetric::key, false);
    }
}
