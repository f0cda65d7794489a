package com.acertainbookstore.workload.faults;

import java.util.Locale;

/**
 * One fault of the plan: what, when (seconds after the measured window opens) and, for a fault
 * that lasts, for how long. Immutable.
 *
 * @param kind      what happens
 * @param atSeconds when, from the start of the measured window
 * @param seconds   how long it lasts (0 for a fault that happens once)
 */
public record Fault(FaultKind kind, double atSeconds, double seconds) {

    /** When it ends, from the start of the window ({@code atSeconds} for a fault that happens once). */
    public double endSeconds() {
        return atSeconds + seconds;
    }

    /** As written in {@code workload.fault}: {@code kill-leader@4} or {@code pause-leader@2:1.5}. */
    @Override
    public String toString() {
        return kind.label() + "@" + number(atSeconds) + (kind.lasts() ? ":" + number(seconds) : "");
    }

    /** Seconds as a plan writes them: {@code 4}, {@code 2.5}. */
    public static String number(double value) {
        return value == Math.rint(value) ? String.valueOf((long) value) : String.format(Locale.ROOT, "%s", value);
    }
}
