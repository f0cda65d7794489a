package com.acertainbookstore.replica;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What a replica's {@code GET /health} says about it: its id, its Raft role, the leader it knows
 * (empty when none) and that leader's HTTP base URL, the term, and its commit and applied
 * indexes. Read by the fleet and the harness; the keys are those of the replica protocol
 * ({@code docs/protocol.md}). Immutable and safe to share.
 *
 * @param replica   the replica's id, {@code r<index>}
 * @param role      its Raft role ({@code LEADER}, {@code FOLLOWER}, {@code CANDIDATE}, ...)
 * @param leader    the leader's id, empty when it knows none
 * @param leaderUrl the leader's HTTP base URL, empty when it knows none
 */
public record ReplicaStatus(String replica, String role, String leader, String leaderUrl, long term, long commit,
        long applied) {

    /** The first line of every healthy answer. */
    public static final String OK = "ok";
    public static final String REPLICA = "replica";
    public static final String ROLE = "role";
    public static final String LEADER = "leader";
    public static final String LEADER_URL = "leader_url";
    public static final String TERM = "term";
    public static final String COMMIT = "commit";
    public static final String APPLIED = "applied";
    /** The role of the replica that leads. */
    public static final String LEADER_ROLE = "LEADER";

    /**
     * Reads a {@code /health} text: first line {@code ok}, then {@code key=value} lines holding
     * at least the keys above (others are skipped).
     *
     * @throws IllegalArgumentException the text is not of that form; the message quotes it and
     *     names what is wrong
     */
    public static ReplicaStatus parse(String text) {
        List<String> lines = text.strip().lines().map(String::strip).toList();
        if (lines.isEmpty() || !lines.get(0).equals(OK)) {
            throw malformed(text, "its first line is not '" + OK + "'");
        }
        Map<String, String> values = new HashMap<>();
        for (String line : lines.subList(1, lines.size())) {
            int equals = line.indexOf('=');
            if (equals < 1) {
                throw malformed(text, "line '" + line + "' is not key=value");
            }
            values.put(line.substring(0, equals), line.substring(equals + 1));
        }
        return new ReplicaStatus(text(values, REPLICA, text), text(values, ROLE, text), text(values, LEADER, text),
                text(values, LEADER_URL, text), number(values, TERM, text), number(values, COMMIT, text),
                number(values, APPLIED, text));
    }

    /** Whether this replica is the leader. */
    public boolean leads() {
        return LEADER_ROLE.equals(role);
    }

    /** The replica's index ({@code r2}: 2). */
    public int index() {
        return indexOf(replica);
    }

    /** The index of a replica id {@code r<index>}. */
    public static int indexOf(String id) {
        if (id.length() < 2 || id.charAt(0) != 'r') {
            throw new IllegalArgumentException("replica id '" + id + "' is not r<index>");
        }
        try {
            return Integer.parseInt(id.substring(1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("replica id '" + id + "' is not r<index>", e);
        }
    }

    /** The id of the replica with this index. */
    public static String idOf(int index) {
        return "r" + index;
    }

    private static String text(Map<String, String> values, String key, String whole) {
        String value = values.get(key);
        if (value == null) {
            throw malformed(whole, "it has no '" + key + "=' line");
        }
        return value;
    }

    private static long number(Map<String, String> values, String key, String whole) {
        String value = text(values, key, whole);
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw malformed(whole, key + " '" + value + "' is not a whole number");
        }
    }

    private static IllegalArgumentException malformed(String text, String what) {
        String shown = text.strip().replace('\n', ' ');
        return new IllegalArgumentException("replica /health answer '"
                + (shown.length() > 200 ? shown.substring(0, 200) + "..." : shown) + "' is malformed: " + what);
    }
}
