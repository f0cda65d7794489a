package com.acertainbookstore.workload.results;

import java.util.Objects;

/**
 * What only an open loop measures: how the schedule was kept. An interaction is measured when its
 * intended start falls in the window; its latency (in {@link Repetition#latency()}) runs from the
 * intended start to its end, and its service time from its actual start. Immutable and safe to
 * share.
 *
 * @param arrivals      how intended starts were spaced
 * @param peakPerSecond the closed-loop peak the sweep's rates were derived from; NaN when the rates were given
 * @param scheduled     interactions whose intended start fell in the window
 * @param lateStarts    measured interactions that started later than the tolerance after their intended start
 * @param backlogAtEnd  interactions due by the end of the window that had not started then
 * @param unstarted     measured interactions still not started when the drain after the window gave up
 *                      (their latency is not recorded: when this is not 0 the latency is a lower bound)
 * @param service       service time of the measured interactions: end minus actual start
 * @param startDelay    actual start minus intended start of the measured interactions
 */
public record OpenFigures(Arrivals arrivals, double peakPerSecond, long scheduled, long lateStarts,
        long backlogAtEnd, long unstarted, Latency service, Latency startDelay) {

    public OpenFigures {
        Objects.requireNonNull(arrivals, "arrivals");
        Objects.requireNonNull(service, "service");
        Objects.requireNonNull(startDelay, "startDelay");
    }
}
