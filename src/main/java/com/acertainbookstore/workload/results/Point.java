package com.acertainbookstore.workload.results;

import java.util.Locale;
import java.util.Objects;

/**
 * One point of a sweep: a series at a number of client threads (closed loop), or at an offered
 * rate served by a pool of worker threads (open loop). Immutable and safe to share.
 *
 * @param series           the series
 * @param threads          closed loop: the client threads; open loop: the size of the worker pool
 * @param offeredPerSecond open loop: the offered rate, interactions per second; closed loop: NaN
 */
public record Point(Series series, int threads, double offeredPerSecond) {

    public Point {
        Objects.requireNonNull(series, "series");
        if (threads < 1) {
            throw new IllegalArgumentException("threads (" + threads + ") must be >= 1");
        }
        if (series.isOpen() && !(offeredPerSecond > 0 && Double.isFinite(offeredPerSecond))) {
            throw new IllegalArgumentException("offered rate (" + offeredPerSecond + ") of an open-loop point"
                    + " must be a positive number");
        }
        if (!series.isOpen()) {
            offeredPerSecond = Double.NaN;
        }
    }

    /** A closed-loop point. */
    public static Point closed(Series series, int threads) {
        return new Point(series, threads, Double.NaN);
    }

    /** An open-loop point: {@code rate} interactions per second offered to a pool of {@code workers}. */
    public static Point open(Series series, int workers, double rate) {
        return new Point(series, workers, rate);
    }

    /** Where the point sits on its sweep's axis: the offered rate (open loop) or the threads (closed loop). */
    public double level() {
        return series.isOpen() ? offeredPerSecond : threads;
    }

    /** For the console: {@code local SINGLE at 10 threads}, {@code local open SINGLE at 5,000/s (pool 8)}. */
    public String describe() {
        if (series.isOpen()) {
            return String.format(Locale.ROOT, "%s at %s/s (pool %d)", series.name(), rate(offeredPerSecond), threads);
        }
        return series.name() + " at " + threads + " threads";
    }

    /** A rate for people: whole with thousands separators from 100 up ({@code 5,000}), else 3 digits ({@code 2.5}). */
    public static String rate(double perSecond) {
        return perSecond >= 100 ? String.format(Locale.ROOT, "%,.0f", perSecond)
                : String.format(Locale.ROOT, "%.3g", perSecond);
    }

    /** For file names: {@code local-SINGLE-threads10}, {@code local-open-SINGLE-rate5000}. */
    public String fileStem() {
        return series.fileStem() + (series.isOpen()
                ? "-rate" + Csv.number(offeredPerSecond, false).replace('.', '_')
                : "-threads" + threads);
    }
}
