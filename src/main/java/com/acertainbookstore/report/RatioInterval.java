package com.acertainbookstore.report;

import com.acertainbookstore.workload.results.Stat;

/**
 * A 95 % confidence interval of the ratio of two means, B / A, from each side's mean, sample
 * standard deviation and number of repetitions: Fieller's interval (the set of ratios r for which
 * {@code mean B - r mean A} is not significantly different from 0 by a t test), with
 * Welch-Satterthwaite degrees of freedom for unequal variances, rounded down (which widens the
 * interval: the conservative side). Immutable.
 *
 * <p>Read it so: when the interval excludes 1, the difference is beyond the noise of the
 * repetitions; when it holds 1, it is within it. It assumes each side's repetitions are
 * independent and roughly normal; with 2 or 3 repetitions a side it is wide, as it should be. Why
 * this interval: {@code docs/decisions/report-page.md}.
 *
 * @param ratio the ratio of the means, B / A
 * @param low   the interval's lower end; -infinity when it is unbounded
 * @param high  its upper end; +infinity when it is unbounded
 * @param df    the degrees of freedom used (rounded down); 0 when neither side varied (the interval is the ratio)
 */
record RatioInterval(double ratio, double low, double high, int df) {

    /** Two-sided 97.5 % quantiles of Student's t for 1 to 30 degrees of freedom. */
    private static final double[] T975 = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
        2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060,
        2.056, 2.052, 2.048, 2.045, 2.042};

    /** What the interval says about the difference. */
    enum Reading {
        /** B is above A beyond the noise (the interval is above 1). */
        HIGHER("B higher, beyond the noise"),
        /** B is below A beyond the noise (the interval is below 1). */
        LOWER("B lower, beyond the noise"),
        /** The interval holds 1. */
        WITHIN("within the noise"),
        /** Fewer than two repetitions on a side: no deviation, no interval. */
        UNKNOWN("cannot tell: fewer than 2 repetitions");

        private final String text;

        Reading(String text) {
            this.text = text;
        }

        String text() {
            return text;
        }
    }

    /**
     * The interval of B / A; null when either side has fewer than 2 repetitions or a mean that is
     * not a positive number.
     */
    static RatioInterval of(Stat a, int repetitionsA, Stat b, int repetitionsB) {
        if (repetitionsA < 2 || repetitionsB < 2 || !(a.mean() > 0) || !(b.mean() > 0) || !Double.isFinite(a.sd())
                || !Double.isFinite(b.sd())) {
            return null;
        }
        double ratio = b.mean() / a.mean();
        double va = a.sd() * a.sd() / repetitionsA;
        double vb = b.sd() * b.sd() / repetitionsB;
        double spread = vb + ratio * ratio * va;
        if (spread == 0) {
            return new RatioInterval(ratio, ratio, ratio, 0);
        }
        double df = spread * spread / (vb * vb / (repetitionsB - 1) + Math.pow(ratio, 4) * va * va / (repetitionsA - 1));
        int whole = (int) Math.max(1, Math.floor(df));
        double t = t975(whole);
        double t2 = t * t;
        double qa = a.mean() * a.mean() - t2 * va;
        double qb = a.mean() * b.mean();
        double qc = b.mean() * b.mean() - t2 * vb;
        double discriminant = qb * qb - qa * qc;
        if (qa <= 0 || discriminant < 0) {
            return new RatioInterval(ratio, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, whole);
        }
        double root = Math.sqrt(discriminant);
        return new RatioInterval(ratio, (qb - root) / qa, (qb + root) / qa, whole);
    }

    /** The 97.5 % quantile of Student's t; past 30 degrees of freedom the next smaller tabled one. */
    static double t975(int df) {
        if (df < 1) {
            throw new IllegalArgumentException("degrees of freedom (" + df + ") must be >= 1");
        }
        if (df <= T975.length) {
            return T975[df - 1];
        }
        return df < 40 ? 2.042 : df < 60 ? 2.021 : df < 120 ? 2.000 : df < 1000 ? 1.980 : 1.960;
    }

    Reading reading() {
        return low > 1 ? Reading.HIGHER : high < 1 ? Reading.LOWER : Reading.WITHIN;
    }
}
