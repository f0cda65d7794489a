package com.acertainbookstore.workload.faults;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The faults of {@code workload.fault}, in the order they fire, checked against the run before it
 * starts. Written as a comma list: {@code kill-leader@4,restart@8,pause-leader@12:2}; times are
 * seconds from the start of each measured window, durations seconds. Immutable.
 *
 * <p>Refused, each with a message naming the fault and the rule: an unknown kind, a malformed
 * time, a duration on a fault that happens once or none on one that lasts, a fault not wholly
 * inside the window, a restart with no replica killed before it, and a plan under which fewer
 * than a majority of the replicas would be up at some moment (a paused or cut-off replica counts
 * as down while it lasts, a killed one until its restart fires; {@link FaultInjector} holds a fault
 * back while a restart is still under way if it would leave fewer than a majority up): the run
 * expects the group to go on answering.
 */
public final class FaultPlan {

    /** No faults. */
    public static final FaultPlan NONE = new FaultPlan(List.of());

    private final List<Fault> faults;

    private FaultPlan(List<Fault> faults) {
        this.faults = List.copyOf(faults);
    }

    /**
     * Parses a plan; empty text is {@link #NONE}.
     *
     * @throws IllegalArgumentException an entry is not {@code kind@S} or {@code kind@S:D} of a
     *     known kind (the message names the entry)
     */
    public static FaultPlan parse(String text) {
        if (text == null || text.isBlank()) {
            return NONE;
        }
        List<Fault> faults = new ArrayList<>();
        for (String entry : text.split(",", -1)) {
            faults.add(parseOne(entry.strip()));
        }
        return of(faults);
    }

    /** A plan of these faults, put in time order (those at the same time keep their order). */
    static FaultPlan of(List<Fault> faults) {
        List<Fault> sorted = new ArrayList<>(faults);
        sorted.sort(Comparator.comparingDouble(Fault::atSeconds));
        return new FaultPlan(sorted);
    }

    private static Fault parseOne(String entry) {
        int at = entry.indexOf('@');
        if (entry.isEmpty() || at < 0) {
            throw new IllegalArgumentException("fault '" + entry + "' is not kind@S or kind@S:D; known faults: "
                    + FaultKind.known());
        }
        FaultKind kind = FaultKind.byLabel(entry.substring(0, at));
        if (kind == null) {
            throw new IllegalArgumentException("unknown fault '" + entry.substring(0, at) + "' in '" + entry
                    + "'; known faults: " + FaultKind.known());
        }
        String when = entry.substring(at + 1);
        int colon = when.indexOf(':');
        if (kind.lasts() && colon < 0) {
            throw new IllegalArgumentException("fault '" + entry + "' needs a duration: " + kind.syntax()
                    + " (D seconds)");
        }
        if (!kind.lasts() && colon >= 0) {
            throw new IllegalArgumentException("fault '" + entry + "' happens once and takes no duration: "
                    + kind.syntax());
        }
        double start = seconds(entry, colon < 0 ? when : when.substring(0, colon), "time");
        double length = colon < 0 ? 0 : seconds(entry, when.substring(colon + 1), "duration");
        if (kind.lasts() && length <= 0) {
            throw new IllegalArgumentException("fault '" + entry + "': the duration must be more than 0 s");
        }
        return new Fault(kind, start, length);
    }

    private static double seconds(String entry, String text, String what) {
        double value;
        try {
            value = Double.parseDouble(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("fault '" + entry + "': " + what + " '" + text
                    + "' is not a number of seconds");
        }
        if (!Double.isFinite(value) || value < 0) {
            throw new IllegalArgumentException("fault '" + entry + "': " + what + " " + text
                    + " must be a finite number of seconds >= 0");
        }
        return value;
    }

    /** The faults, in the order they fire (by time; as written when at the same time). */
    public List<Fault> faults() {
        return faults;
    }

    public boolean isEmpty() {
        return faults.isEmpty();
    }

    /** Whether a fault cuts the network (needs network namespaces). */
    public boolean partitions() {
        return faults.stream().anyMatch(fault -> fault.kind().partitions());
    }

    /**
     * Checks the plan against a run of {@code replicas} replicas whose measured window lasts
     * {@code windowSeconds}.
     *
     * @throws IllegalArgumentException the first rule broken, naming the fault
     */
    public void check(int replicas, double windowSeconds) {
        for (Fault fault : faults) {
            if (fault.atSeconds() >= windowSeconds || fault.endSeconds() > windowSeconds) {
                throw new IllegalArgumentException(String.format(Locale.ROOT, "fault %s is not inside the measured"
                        + " window of %s s: it must start before the window ends and end by then", fault,
                        Fault.number(windowSeconds)));
            }
        }
        int majority = replicas / 2 + 1;
        int killed = 0;
        for (Fault fault : faults) {
            if (fault.kind() == FaultKind.RESTART) {
                if (killed == 0) {
                    throw new IllegalArgumentException("fault " + fault + " restarts the replica killed last, but"
                            + " no kill-leader or kill-follower comes before it");
                }
                killed--;
            } else if (fault.kind().kills()) {
                killed++;
            }
            int down = killed + lastingAt(fault.atSeconds());
            if (replicas - down < majority) {
                throw new IllegalArgumentException("fault " + fault + " leaves " + (replicas - down) + " of "
                        + replicas + " replicas up, fewer than a majority (" + majority + "): the group could not"
                        + " answer; use more replicas or fewer faults at once");
            }
        }
    }

    /** How many lasting faults (pauses, partitions) are under way at {@code seconds}. */
    private int lastingAt(double seconds) {
        int under = 0;
        for (Fault fault : faults) {
            if (fault.kind().lasts() && fault.atSeconds() <= seconds && seconds < fault.endSeconds()) {
                under++;
            }
        }
        return under;
    }

    /** As written: {@code kill-leader@4,restart@8}; empty for none. */
    @Override
    public String toString() {
        return String.join(",", faults.stream().map(Fault::toString).toList());
    }
}
