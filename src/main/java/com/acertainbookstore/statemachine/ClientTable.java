package com.acertainbookstore.statemachine;

import com.acertainbookstore.protocol.RequestId;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The exactly-once table: per client, the last sequence applied and its outcome. Part of the
 * replicated state (changed only by apply, in log order; saved in snapshots).
 *
 * <p><b>The rule.</b> A client has at most one mutating call outstanding under its id, and numbers
 * its calls upwards (a proxy that serves many threads gives each outstanding call its own client
 * id). So for a command of client {@code c} with sequence {@code s}, and {@code last} the last
 * sequence applied for {@code c}:
 * <ul>
 * <li>{@code s > last} (or {@code c} unknown): a new call; apply it and remember ({@code s}, outcome);
 * <li>{@code s == last}: a re-send of the last call; answer its stored outcome, apply nothing;
 * <li>{@code s < last}: a re-send of a call the client has already moved past (it gave up on it:
 *     its outcome was unknown to it); answer {@link Outcome.Superseded}, apply nothing. Applying it
 *     now could apply it twice, and its old outcome was not kept, so "unknown" is the honest answer.
 * </ul>
 * A client that breaks the rule (two calls outstanding under one id) loses nothing to duplicates:
 * its older call, arriving late, is answered {@code Superseded} and not applied.
 *
 * <p>Entries are never evicted: expiring them deterministically needs a time carried in the log
 * (left for later; each entry costs about a hundred bytes).
 *
 * <p>Not thread-safe: used by the apply thread, and by snapshot and load while apply is not
 * running (the state machine's lock orders them).
 */
final class ClientTable {

    /**
     * One client's last applied call.
     *
     * @param client the client's id
     * @param lastSequence the sequence of its last applied call
     * @param outcome that call's outcome
     */
    record Entry(UUID client, long lastSequence, Outcome outcome) {
    }

    private final Map<UUID, Entry> byClient = new HashMap<>();

    /**
     * The answer for a call already seen ({@code Superseded} for an older one, the stored outcome
     * for the last one), or {@code null} for a new call, which the caller applies and then
     * {@link #record records}.
     */
    Outcome seen(RequestId id) {
        Entry entry = byClient.get(id.client());
        if (entry == null || id.sequence() > entry.lastSequence()) {
            return null;
        }
        return id.sequence() == entry.lastSequence() ? entry.outcome() : new Outcome.Superseded(entry.lastSequence());
    }

    void record(RequestId id, Outcome outcome) {
        byClient.put(id.client(), new Entry(id.client(), id.sequence(), outcome));
    }

    /** Every entry, by ascending client id (so a snapshot's bytes depend on the content only). */
    List<Entry> entries() {
        List<Entry> entries = new ArrayList<>(byClient.values());
        entries.sort(Comparator.comparing(Entry::client));
        return entries;
    }

    /** Replaces the whole table (loading a snapshot). */
    void replaceAll(List<Entry> entries) {
        byClient.clear();
        for (Entry entry : entries) {
            byClient.put(entry.client(), entry);
        }
    }
}
