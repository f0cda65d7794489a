package com.acertainbookstore.workload.running;

import com.acertainbookstore.workload.results.Point;
import com.acertainbookstore.workload.results.Series;
import com.acertainbookstore.workload.settings.WorkloadConfig;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * What an open-loop series runs: its offered rates and the size of its worker pool, from the
 * settings and, when they leave either to be measured, a closed-loop probe of the peak. Immutable
 * and safe to share.
 *
 * <p>Rates not given are the settings' fractions of the probed peak, rounded to 3 significant
 * digits. A pool size not given is twice the probe's smallest thread count that reached 95 % of
 * the peak (at least 2 per processor, at most 10,000): by Little's law a closed loop with that
 * many clients in flight already carried nearly the peak, so an open loop below the peak rarely
 * needs more interactions in flight at once, and twice as many leaves room for bursts.
 *
 * @param rates         the offered rates, interactions/s, in sweep order
 * @param workers       the worker pool's size
 * @param peakPerSecond the probed peak; NaN without a probe
 * @param reason        how the rates and the pool were chosen, for the output
 */
record OpenPlan(List<Double> rates, int workers, double peakPerSecond, String reason) {

    OpenPlan {
        rates = List.copyOf(rates);
    }

    /** A closed-loop probe's throughput at one thread count. */
    record Probed(int threads, double throughput) {
    }

    /** The probe's points, in the order run. */
    record Probe(List<Probed> points) {

        Probe {
            points = List.copyOf(points);
            if (points.isEmpty()) {
                throw new IllegalArgumentException("a probe needs at least one point");
            }
        }

        double peak() {
            return points.stream().mapToDouble(Probed::throughput).max().orElse(Double.NaN);
        }

        /** The smallest thread count whose throughput reached {@code fraction} of the peak. */
        int threadsReaching(double fraction) {
            double peak = peak();
            return points.stream().filter(p -> p.throughput() >= fraction * peak).mapToInt(Probed::threads).min()
                    .orElse(points.get(0).threads());
        }
    }

    private static final double KNEE_FRACTION = 0.95;
    private static final MathContext THREE_DIGITS = new MathContext(3);
    private static final double MIN_RATE = 0.1;

    /** Whether the settings leave the rates or the pool to a probe. */
    static boolean needsProbe(WorkloadConfig config) {
        return config.rates.isEmpty() || config.workers == 0;
    }

    /** The plan of the settings, with the probe when {@link #needsProbe} (else null). */
    static OpenPlan of(WorkloadConfig config, Probe probe) {
        if (needsProbe(config) && probe == null) {
            throw new IllegalArgumentException("the settings leave the rates or the pool to a probe, and none ran");
        }
        double peak = probe == null ? Double.NaN : probe.peak();
        if (config.rates.isEmpty() && !(peak > 0)) {
            throw new IllegalStateException("the probe found no throughput (peak " + peak + "/s): no rate to offer");
        }
        List<Double> rates = new ArrayList<>();
        String ratesReason;
        if (config.rates.isEmpty()) {
            for (double fraction : config.rateFractions) {
                rates.add(Math.max(MIN_RATE, new BigDecimal(fraction * peak).round(THREE_DIGITS).doubleValue()));
            }
            ratesReason = String.format(Locale.ROOT, "offered rates at %s of the probed peak %,.0f/s",
                    config.rateFractions.stream().map(f -> String.format(Locale.ROOT, "%.0f %%", 100 * f))
                            .collect(Collectors.joining(", ")), peak);
        } else {
            rates.addAll(config.rates);
            ratesReason = "offered rates as given";
        }
        int workers = config.workers;
        String poolReason = "pool of " + workers + " workers as given";
        if (workers == 0) {
            int knee = probe.threadsReaching(KNEE_FRACTION);
            workers = Math.min(10_000, Math.max(2 * knee, 2 * Runtime.getRuntime().availableProcessors()));
            poolReason = "pool of " + workers + " workers (twice the " + knee + " threads that reached 95 % of the"
                    + " peak, at least 2 per processor)";
        }
        return new OpenPlan(rates, workers, peak, ratesReason + "; " + poolReason);
    }

    /** One line for the output. */
    String describe(Series series) {
        return "open loop " + series.name() + ": " + reason + ": " + rates.stream()
                .map(r -> Point.rate(r) + "/s").collect(Collectors.joining(", "));
    }
}
