package com.acertainbookstore.workload.results;

/**
 * The mean and sample standard deviation of one figure over the repetitions of a point; NaN where
 * it does not apply (no repetition had the figure; fewer than two for the deviation). Immutable
 * and safe to share.
 *
 * @param mean the mean of the values that apply
 * @param sd   their sample standard deviation (n - 1)
 */
public record Stat(double mean, double sd) {

    /** Not applicable. */
    public static final Stat NONE = new Stat(Double.NaN, Double.NaN);

    /** The mean and deviation of the values that apply (NaN values are skipped). */
    public static Stat of(double[] values) {
        double sum = 0;
        int n = 0;
        for (double v : values) {
            if (!Double.isNaN(v)) {
                sum += v;
                n++;
            }
        }
        if (n == 0) {
            return NONE;
        }
        double mean = sum / n;
        double squares = 0;
        for (double v : values) {
            if (!Double.isNaN(v)) {
                squares += (v - mean) * (v - mean);
            }
        }
        return new Stat(mean, n < 2 ? Double.NaN : Math.sqrt(squares / (n - 1)));
    }
}
