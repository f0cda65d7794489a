package com.acertainbookstore.workload.faults;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.stream.Collectors;

/**
 * A random fault schedule ({@code workload.fault=random}), as Jepsen's nemesis draws one: faults
 * of the given kinds at random times of the measured window, each lasting a random time, drawn
 * from a seed into an ordinary {@link FaultPlan}. Immutable, safe to share.
 *
 * <p>The rules, which hold for every seed:
 * <ul>
 * <li>one fault at a time, healed before the next begins: a pause or a cut lasts D seconds; a
 * kill is followed by the {@code restart} of its replica D seconds later, the pair taking the
 * fault's slot. So at most one replica is down at a time, a minority of 3 or more;
 * <li>D is drawn uniformly between the shortest and the longest duration; the gap from one
 * fault's start to the next one's uniformly between half of {@code every} and one and a half
 * times it (on average {@code every}), and the first fault starts one such gap into the window.
 * Since half of {@code every} must exceed the longest duration, each fault is healed before the
 * next one starts;
 * <li>the last fault is healed at least half of {@code every} before the window ends, so that its
 * recovery can be measured;
 * <li>times and durations are whole tenths of a second, so that the plan prints exactly
 * ({@code kill-leader@4.3,restart@6.1,...}) and that text, given as {@code workload.fault}, is the
 * same plan.
 * </ul>
 *
 * <p>The draws come from a {@link Random} of the seed, whose algorithm the Java SE specification
 * fixes: the same seed, window, replicas, kinds and bounds give the same plan on any JDK.
 *
 * @param seed         the seed of the draws
 * @param everySeconds the mean time from one fault's start to the next one's
 * @param minSeconds   the shortest duration of a fault (a pause, a cut, a kill until its restart)
 * @param maxSeconds   the longest
 * @param kinds        the kinds drawn from, each equally likely; never {@code restart}, which comes
 *                     with each kill
 */
public record RandomSchedule(long seed, double everySeconds, double minSeconds, double maxSeconds,
        List<FaultKind> kinds) {

    /** The kinds a schedule may draw: every kind but {@code restart}. */
    public static final List<FaultKind> DRAWABLE = Arrays.stream(FaultKind.values())
            .filter(kind -> kind != FaultKind.RESTART).toList();

    /** The fewest replicas a schedule runs on: one down, the others still a majority. */
    public static final int MIN_REPLICAS = 3;

    /** The longest mean gap and the longest duration, seconds. */
    public static final double MAX_SECONDS = 3600;

    /**
     * @throws IllegalArgumentException a time over {@link #MAX_SECONDS} or not a number, a bound
     *     under a tenth of a second, the longest under the
     *     shortest, half of {@code every} not above the longest (a fault would still last when the
     *     next begins), or no kind or {@code restart} among the kinds
     */
    public RandomSchedule {
        kinds = List.copyOf(kinds);
        for (double seconds : new double[] {everySeconds, minSeconds, maxSeconds}) {
            if (!(seconds <= MAX_SECONDS)) {
                throw new IllegalArgumentException(String.format(Locale.ROOT, "%s s must be at most %s s", seconds,
                        Fault.number(MAX_SECONDS)));
            }
        }
        if (tenths(minSeconds) < 1 || tenths(maxSeconds) < tenths(minSeconds)) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "fault durations %s..%s s: the shortest"
                    + " must be at least 0.1 s and the longest at least the shortest", minSeconds, maxSeconds));
        }
        if (half(tenths(everySeconds)) <= tenths(maxSeconds)) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "a fault every %s s on average must be"
                    + " more than twice the longest fault (%s s): the next fault starts at least half of it after"
                    + " one began, and that one must be healed by then", everySeconds, maxSeconds));
        }
        if (kinds.isEmpty() || kinds.contains(FaultKind.RESTART)) {
            throw new IllegalArgumentException("the kinds drawn from must be some of " + labels(DRAWABLE)
                    + " (a restart comes with each kill), not " + labels(kinds));
        }
    }

    /**
     * Parses a comma list of kinds to draw from, e.g. {@code kill-leader,pause-follower}; empty
     * text is every drawable kind.
     *
     * @throws IllegalArgumentException an unknown kind, {@code restart}, or a kind named twice
     */
    public static List<FaultKind> parseKinds(String text) {
        if (text == null || text.isBlank()) {
            return DRAWABLE;
        }
        List<FaultKind> kinds = new ArrayList<>();
        for (String label : text.split(",", -1)) {
            FaultKind kind = FaultKind.byLabel(label.strip());
            if (kind == null || kind == FaultKind.RESTART) {
                throw new IllegalArgumentException("'" + label.strip() + "' is not a kind to draw; kinds: "
                        + labels(DRAWABLE) + (kind == null ? "" : " (a restart comes with each kill)"));
            }
            if (kinds.contains(kind)) {
                throw new IllegalArgumentException(kind.label() + " is named more than once");
            }
            kinds.add(kind);
        }
        return List.copyOf(kinds);
    }

    /** The kinds as written: {@code kill-leader, pause-leader}. */
    public static String labels(List<FaultKind> kinds) {
        return kinds.stream().map(FaultKind::label).collect(Collectors.joining(", "));
    }

    /**
     * Draws the plan of a window of {@code windowSeconds} on {@code replicas} replicas; empty when
     * the window is too short for one fault (one gap, the fault, half of {@code every}).
     *
     * @throws IllegalArgumentException fewer than {@link #MIN_REPLICAS} replicas
     */
    public FaultPlan draw(int replicas, double windowSeconds) {
        if (replicas < MIN_REPLICAS) {
            throw new IllegalArgumentException("a random schedule takes one replica down at a time: it needs "
                    + MIN_REPLICAS + " or more replicas, so that the others are a majority, not " + replicas);
        }
        Random random = new Random(seed);
        long every = tenths(everySeconds);
        long shortest = tenths(minSeconds);
        long longest = tenths(maxSeconds);
        long window = (long) Math.floor(windowSeconds * 10 + 1e-6);
        List<Fault> faults = new ArrayList<>();
        long at = half(every) + random.nextInt((int) every + 1);
        while (true) {
            FaultKind kind = kinds.get(random.nextInt(kinds.size()));
            long lasts = shortest + random.nextInt((int) (longest - shortest) + 1);
            if (at + lasts + half(every) > window) {
                return FaultPlan.of(faults);
            }
            if (kind.kills()) {
                faults.add(new Fault(kind, at / 10.0, 0));
                faults.add(new Fault(FaultKind.RESTART, (at + lasts) / 10.0, 0));
            } else {
                faults.add(new Fault(kind, at / 10.0, lasts / 10.0));
            }
            at += half(every) + random.nextInt((int) every + 1);
        }
    }

    /** Seconds as whole tenths, rounded. */
    private static long tenths(double seconds) {
        return Math.round(seconds * 10);
    }

    /** Half of a number of tenths, rounded up. */
    private static long half(long tenths) {
        return (tenths + 1) / 2;
    }

    /**
     * {@code random schedule of seed 7 (kill-leader, pause-leader; a fault every 10 s on average,
     * each 1-3 s)}.
     */
    public String describe() {
        return String.format(Locale.ROOT, "random schedule of seed %d (%s; a fault every %s s on average, each"
                + " lasting %s-%s s)", seed, labels(kinds), Fault.number(everySeconds), Fault.number(minSeconds),
                Fault.number(maxSeconds));
    }
}
