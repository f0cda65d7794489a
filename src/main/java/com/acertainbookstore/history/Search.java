package com.acertainbookstore.history;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * One Wing-Gong-Lowe search over the calls of a {@link PartModel}, whatever its model (Lowe 2017, "Testing for
 * linearizability", the just-in-time tree search with a cache): the calls and returns are one
 * doubly linked list ordered by time; the search walks it from the head, linearizes a minimal call
 * (one whose call comes before every remaining return) when the model accepts its outcome in the
 * current state and the resulting (calls linearized, state) pair is new, lifts it out of the list
 * and starts again from the head; at a return it backtracks. A call whose outcome is unknown has no
 * return: it may be linearized anywhere after its start, or never, and the search succeeds once
 * every known call is linearized. The cache holds (calls linearized, state) pairs in one of two
 * forms: {@link Cache#EXACT}, each pair kept whole (the set in a few words, the state compared by
 * the model's equality), or {@link Cache#FINGERPRINT}, each pair as 128 bits (the XOR of its calls'
 * fingerprints, kept up to date as calls are linearized and taken back, with the state's), 16
 * bytes a pair whatever the state's size. Two pairs share a fingerprint with a probability near
 * 2^-128; if they did, the search would skip an order not yet tried: it could then miss an order
 * and say VIOLATION, never say LINEARIZABLE wrongly (an order it reports was replayed through the
 * model call by call). Not thread-safe: one search, run once, on one thread.
 *
 * @param <S> the model's type of state
 */
final class Search<S> {

    /** How it ended. */
    enum Result { LINEARIZABLE, VIOLATION, BUDGET }

    /** How the cache keeps a (calls linearized, state) pair. */
    enum Cache { EXACT, FINGERPRINT }

    /**
     * A place the search reached with every known call linearized: the state, and which of the
     * tracked calls it had linearized (ascending op numbers). Immutable.
     */
    record Config<S>(S state, int[] applied) {
    }

    /** A cache key: words saying which calls are linearized, and a state; hashed once. */
    private final class Key {

        final long[] words;
        final S state;
        final int hash;

        Key(long[] words, S state) {
            this.words = words;
            this.state = state;
            this.hash = 31 * Arrays.hashCode(words) + model.hash(state);
        }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof Search<?>.Key)) {
                return false;
            }
            @SuppressWarnings("unchecked")
            Key other = (Key) o;
            return hash == other.hash && Arrays.equals(words, other.words) && model.equal(state, other.state);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }

    private static final int HEAD = 0;
    private static final int END = -1;
    /** A cache entry's bytes besides its words: hash-set node, key object, array header. */
    private static final long ENTRY_OVERHEAD = 96;

    private final PartModel<S> model;
    private final Cache kind;
    private final long deadlineNs;
    private final long memoryBytes;
    /** Entry e (1..2n): the op it belongs to, and whether it is the op's call (else its return). */
    private final int[] opOf;
    private final boolean[] isCall;
    private final int[] next;
    private final int[] prev;
    private final int[] callEntry;
    private final int[] returnEntry;
    private final int[] unknownOps;
    /** Whether op i is pure ({@link PartModel#pure}), asked once. */
    private final boolean[] pure;
    private long cacheBytes;
    private long stackBytes;
    private long steps;
    private int cached;

    /**
     * A search over {@code model}'s ops, whose times are those of their calls, caching pairs as
     * {@code kind} says; it gives up at {@code deadlineNs} ({@code System.nanoTime}) or when its
     * cache (with, for fingerprints, the states it holds on its stack) would exceed {@code memoryBytes}.
     */
    Search(PartModel<S> model, Cache kind, long deadlineNs, long memoryBytes) {
        this.model = model;
        this.kind = kind;
        this.deadlineNs = deadlineNs;
        this.memoryBytes = memoryBytes;
        int n = model.size();
        List<long[]> events = new ArrayList<>(2 * n);
        List<Integer> unknown = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            HistoryCall call = model.call(i);
            events.add(new long[] {call.startNs(), 0, i});
            if (model.known(i)) {
                events.add(new long[] {call.endNs(), 1, i});
            } else {
                unknown.add(i);
            }
        }
        // Calls before returns at the same instant: two such calls count as concurrent.
        events.sort((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0])
                : a[1] != b[1] ? Long.compare(a[1], b[1]) : Long.compare(a[2], b[2]));
        int entries = events.size() + 1;
        opOf = new int[entries];
        isCall = new boolean[entries];
        next = new int[entries];
        prev = new int[entries];
        callEntry = new int[n];
        returnEntry = new int[n];
        Arrays.fill(returnEntry, END);
        for (int e = 1; e < entries; e++) {
            long[] event = events.get(e - 1);
            opOf[e] = (int) event[2];
            isCall[e] = event[1] == 0;
            if (isCall[e]) {
                callEntry[opOf[e]] = e;
            } else {
                returnEntry[opOf[e]] = e;
            }
            prev[e] = e - 1;
            next[e - 1] = e;
        }
        next[entries - 1] = END;
        unknownOps = unknown.stream().mapToInt(Integer::intValue).toArray();
        pure = new boolean[n];
        for (int i = 0; i < n; i++) {
            pure[i] = model.pure(i);
        }
    }

    /** Search for one order that explains every known call, from {@code start} with {@code done} already applied. */
    Result find(S start, int[] done) {
        return run(start, done, null, null);
    }

    /**
     * Every config reachable from {@code start} (the state, and which {@code tracked} ops were
     * applied) once every known call is linearized, each once, into {@code configs}; BUDGET if it
     * could not finish, else LINEARIZABLE when there is at least one, VIOLATION when there is none.
     */
    Result enumerate(S start, BitSet tracked, List<Config<S>> configs) {
        return run(start, new int[0], tracked, configs);
    }

    /** Calls the model was asked about. */
    long steps() {
        return steps;
    }

    /** (Calls linearized, state) pairs cached. */
    int cached() {
        return cached;
    }

    private Result run(S start, int[] done, BitSet tracked, List<Config<S>> configs) {
        int n = model.size();
        BitSet linearized = new BitSet(n);
        BitSet knownPending = new BitSet(n);
        int remaining = 0;
        for (int i = 0; i < n; i++) {
            if (model.known(i)) {
                knownPending.set(i);
                remaining++;
            }
        }
        long setA = 0;
        long setB = 0;
        for (int op : done) {
            linearized.set(op);
            lift(op);
            if (model.known(op)) {
                knownPending.clear(op);
                remaining--;
            }
            setA ^= Fingerprints.ofCall(op, Fingerprints.SEED_A);
            setB ^= Fingerprints.ofCall(op, Fingerprints.SEED_B);
        }
        Set<Key> cache = new HashSet<>();
        FingerprintSet prints = new FingerprintSet();
        Set<Key> seen = new HashSet<>();
        int[] stackOp = new int[n];
        boolean[] stackForced = new boolean[n];
        @SuppressWarnings("unchecked")
        S[] stackState = (S[]) new Object[n];
        int depth = 0;
        S state = start;
        int entry = next[HEAD];
        // fresh: a place not yet offered to the completion check; scan: not yet searched for a pure
        // call to place first; fail: a place known to fail (its pure call's place failed), to leave.
        boolean fresh = true;
        boolean scan = true;
        boolean fail = false;
        // The first known op not linearized, kept up to date rather than searched for at every step.
        int p = firstPending(knownPending, 0);
        while (true) {
            if (remaining == 0 && fresh) {
                if (configs == null) {
                    return Result.LINEARIZABLE;
                }
                int[] applied = applied(linearized, tracked);
                if (seen.add(new Key(Arrays.stream(applied).asLongStream().toArray(), state))) {
                    configs.add(new Config<>(state, applied));
                }
                fresh = false;
            }
            if ((++steps & 1023) == 0 && System.nanoTime() - deadlineNs > 0) {
                return Result.BUDGET;
            }
            int op = -1;
            S after = null;
            boolean forced = false;
            if (!fail && scan) {
                scan = false;
                for (int e = next[HEAD]; e != END && isCall[e]; e = next[e]) {
                    if (pure[opOf[e]]) {
                        steps++;
                        S explained = model.step(state, opOf[e]);
                        if (explained != null) {
                            op = opOf[e];
                            after = explained;
                            forced = true;
                            break;
                        }
                    }
                }
            }
            if (!fail && op < 0 && entry != END && isCall[entry]) {
                op = opOf[entry];
                // Every place the walk reaches was scanned when first reached, so its pure calls are
                // ones the state does not explain: no need to ask again.
                after = pure[op] ? null : model.step(state, op);
                entry = next[entry];
            }
            if (after != null) {
                linearized.set(op);
                boolean known = model.known(op);
                int pAfter = p;
                if (known) {
                    knownPending.clear(op);
                    pAfter = op == p ? firstPending(knownPending, op + 1) : p;
                }
                boolean added;
                if (kind == Cache.EXACT) {
                    Key key = key(linearized, pAfter, after);
                    added = cache.add(key);
                    if (added) {
                        cacheBytes += ENTRY_OVERHEAD + 8L * key.words.length + model.bytes(after);
                    }
                } else {
                    long callA = Fingerprints.ofCall(op, Fingerprints.SEED_A);
                    long callB = Fingerprints.ofCall(op, Fingerprints.SEED_B);
                    cacheBytes = prints.bytesAfterNextAdd();
                    added = prints.add(setA ^ callA ^ model.fingerprint(after, Fingerprints.SEED_A),
                            setB ^ callB ^ model.fingerprint(after, Fingerprints.SEED_B));
                    if (added) {
                        setA ^= callA;
                        setB ^= callB;
                        stackBytes += after == state ? 0 : model.bytes(after);
                    }
                }
                if (added) {
                    p = pAfter;
                    cached++;
                    if (cacheBytes + stackBytes > memoryBytes) {
                        return Result.BUDGET;
                    }
                    stackOp[depth] = op;
                    stackForced[depth] = forced;
                    stackState[depth++] = state;
                    state = after;
                    lift(op);
                    remaining -= known ? 1 : 0;
                    entry = next[HEAD];
                    fresh = true;
                    scan = true;
                    continue;
                }
                linearized.clear(op);
                if (known) {
                    knownPending.set(op);
                }
                // The place after a pure call was searched before and failed: so does this one.
                fail = forced;
                continue;
            }
            if (op >= 0) {
                continue;
            }
            // At a return, at the end, or at a place known to fail: take the last call back.
            fail = false;
            if (depth == 0) {
                return configs == null || configs.isEmpty() ? Result.VIOLATION : Result.LINEARIZABLE;
            }
            op = stackOp[--depth];
            S discarded = state;
            state = stackState[depth];
            stackState[depth] = null;
            if (kind == Cache.FINGERPRINT) {
                setA ^= Fingerprints.ofCall(op, Fingerprints.SEED_A);
                setB ^= Fingerprints.ofCall(op, Fingerprints.SEED_B);
                stackBytes -= discarded == state ? 0 : model.bytes(discarded);
            }
            linearized.clear(op);
            if (model.known(op)) {
                knownPending.set(op);
                remaining++;
                p = Math.min(p, op);
            }
            unlift(op);
            if (stackForced[depth]) {
                fail = true;
            } else {
                entry = next[callEntry[op]];
            }
            fresh = false;
            scan = false;
        }
    }

    private void lift(int op) {
        int call = callEntry[op];
        next[prev[call]] = next[call];
        if (next[call] != END) {
            prev[next[call]] = prev[call];
        }
        int ret = returnEntry[op];
        if (ret != END) {
            next[prev[ret]] = next[ret];
            if (next[ret] != END) {
                prev[next[ret]] = prev[ret];
            }
        }
    }

    private void unlift(int op) {
        int ret = returnEntry[op];
        if (ret != END) {
            next[prev[ret]] = ret;
            if (next[ret] != END) {
                prev[next[ret]] = ret;
            }
        }
        int call = callEntry[op];
        next[prev[call]] = call;
        if (next[call] != END) {
            prev[next[call]] = call;
        }
    }

    /**
     * The cache key of a set of linearized ops and a state, compact however long the history:
     * {@code p}, the first known op not linearized (every known op before it is), {@code q}, one
     * past the last linearized op (none from it on is), the ops between them that are not
     * linearized (calls still pending: a few, even when one slow call holds {@code p} back while
     * thousands after it are linearized), then the linearized unknown ops before {@code p}; and the
     * state.
     */
    private Key key(BitSet linearized, int p, S state) {
        int q = Math.max(p, linearized.length());
        int gaps = 0;
        for (int i = linearized.nextClearBit(p); i < q; i = linearized.nextClearBit(i + 1)) {
            gaps++;
        }
        int before = 0;
        for (int u : unknownOps) {
            if (u < p && linearized.get(u)) {
                before++;
            }
        }
        long[] words = new long[3 + gaps + before];
        int w = 0;
        words[w++] = p;
        words[w++] = q;
        for (int i = linearized.nextClearBit(p); i < q; i = linearized.nextClearBit(i + 1)) {
            words[w++] = i;
        }
        words[w++] = -1;
        for (int u : unknownOps) {
            if (u < p && linearized.get(u)) {
                words[w++] = u;
            }
        }
        return new Key(words, state);
    }

    /** The first known op not linearized from {@code from} on, or the number of ops when there is none. */
    private int firstPending(BitSet knownPending, int from) {
        int p = knownPending.nextSetBit(from);
        return p < 0 ? model.size() : p;
    }

    private static int[] applied(BitSet linearized, BitSet tracked) {
        BitSet applied = (BitSet) linearized.clone();
        applied.and(tracked);
        return applied.stream().toArray();
    }
}
