package com.acertainbookstore.protocol;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What {@code GET /health} answers on a replica, immutable: the first line {@code ok}, then one
 * {@code key=value} line per field, in this order. The replica writes it ({@link #text}) and the
 * harness and tests read it ({@link #parse}): the keys live here once.
 *
 * @param replica this replica's peer id ({@code r0}, ...)
 * @param role its Raft role ({@code LEADER}, {@code FOLLOWER}, {@code CANDIDATE}, ...)
 * @param leader the leader's peer id, or {@code ""} when none is known
 * @param leaderUrl the leader's HTTP base URL, or {@code ""} when none is known
 * @param term the current term
 * @param commit the index of the last committed log entry this replica knows
 * @param applied the index of the last entry its state machine applied
 * @param warm whether its JVM counts as warm: it ran the warm-up, or has run longer than
 *     {@code replica.warmAfterMs} (a cold leader hands leadership to a warm follower)
 * @param uptimeMs how long its JVM has run, in milliseconds
 */
public record ReplicaHealth(String replica, String role, String leader, String leaderUrl, long term, long commit,
        long applied, boolean warm, long uptimeMs) {

    private static final String OK = "ok";

    public ReplicaHealth {
        if (replica == null || role == null || leader == null || leaderUrl == null) {
            throw new IllegalArgumentException("replica, role, leader and leaderUrl must not be null (use \"\")");
        }
    }

    /** The {@code /health} body: {@code ok} and the fields, one line each. */
    public String text() {
        return OK + "\nreplica=" + replica + "\nrole=" + role + "\nleader=" + leader + "\nleader_url=" + leaderUrl
                + "\nterm=" + term + "\ncommit=" + commit + "\napplied=" + applied + "\nwarm=" + warm + "\nuptime_ms="
                + uptimeMs + "\n";
    }

    /**
     * Reads a {@code /health} body written by {@link #text}; unknown keys are skipped.
     *
     * @throws IllegalArgumentException when the first line is not {@code ok}, a field is missing,
     *     or a number is not one (the message names the key)
     */
    public static ReplicaHealth parse(String text) {
        String[] lines = text.split("\n");
        if (lines.length == 0 || !lines[0].trim().equals(OK)) {
            throw new IllegalArgumentException("health text does not begin with 'ok': '"
                    + Texts.printable(text, 80) + "'");
        }
        Map<String, String> fields = new LinkedHashMap<>();
        for (int i = 1; i < lines.length; i++) {
            int equals = lines[i].indexOf('=');
            if (equals > 0) {
                fields.put(lines[i].substring(0, equals).trim(), lines[i].substring(equals + 1).trim());
            }
        }
        return new ReplicaHealth(field(fields, "replica"), field(fields, "role"), field(fields, "leader"),
                field(fields, "leader_url"), number(fields, "term"), number(fields, "commit"),
                number(fields, "applied"), bool(fields, "warm"), number(fields, "uptime_ms"));
    }

    private static String field(Map<String, String> fields, String key) {
        String value = fields.get(key);
        if (value == null) {
            throw new IllegalArgumentException("health text has no '" + key + "=' line");
        }
        return value;
    }

    private static boolean bool(Map<String, String> fields, String key) {
        String value = field(fields, key);
        if (!value.equals("true") && !value.equals("false")) {
            throw new IllegalArgumentException("health " + key + " '" + Texts.printable(value, 30)
                    + "' is not true or false");
        }
        return value.equals("true");
    }

    private static long number(Map<String, String> fields, String key) {
        String value = field(fields, key);
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("health " + key + " '" + Texts.printable(value, 30)
                    + "' is not an integer", e);
        }
    }
}
