package com.acertainbookstore.report;

import java.util.Optional;

/**
 * The numeric columns of a summary file that the charts read, each named exactly as in the file
 * header. Immutable, safe to share.
 *
 * <p>A column ending in {@code _mean} is the mean over repetitions; its partner ending in
 * {@code _sd} (when the file has one) is the standard deviation over repetitions.
 */
public enum Metric {
    REPETITIONS("repetitions"),
    THROUGHPUT("throughput_per_s_mean"),
    THROUGHPUT_SD("throughput_per_s_sd"),
    LATENCY_MEAN("latency_mean_us_mean"),
    LATENCY_MEAN_SD("latency_mean_us_sd"),
    LATENCY_P50("latency_p50_us_mean"),
    LATENCY_P50_SD("latency_p50_us_sd"),
    LATENCY_P90("latency_p90_us_mean"),
    LATENCY_P90_SD("latency_p90_us_sd"),
    LATENCY_P99("latency_p99_us_mean"),
    LATENCY_P99_SD("latency_p99_us_sd"),
    LATENCY_P999("latency_p999_us_mean"),
    LATENCY_P999_SD("latency_p999_us_sd"),
    LATENCY_MAX("latency_max_us_mean"),
    LATENCY_MAX_SD("latency_max_us_sd"),
    SUCCESS_RATE("success_rate_mean"),
    SUCCESS_RATE_SD("success_rate_sd"),
    CUSTOMER_SHARE("customer_share_mean"),
    CUSTOMER_SHARE_SD("customer_share_sd"),
    REPLENISHMENT_SHARE("replenishment_share_mean"),
    ACQUISITION_SHARE("acquisition_share_mean"),
    CUSTOMER_MEAN("customer_mean_us_mean"),
    CUSTOMER_P99("customer_p99_us_mean"),
    REPLENISHMENT_MEAN("replenishment_mean_us_mean"),
    REPLENISHMENT_P99("replenishment_p99_us_mean"),
    ACQUISITION_MEAN("acquisition_mean_us_mean"),
    ACQUISITION_P99("acquisition_p99_us_mean");

    private final String column;

    Metric(String column) {
        this.column = column;
    }

    /** The header name of this metric's column. */
    public String column() {
        return column;
    }

    /** The standard-deviation partner of a {@code _mean} column, if the format has one. */
    public Optional<Metric> deviation() {
        if (!column.endsWith("_mean")) {
            return Optional.empty();
        }
        String sd = column.substring(0, column.length() - "_mean".length()) + "_sd";
        for (Metric metric : values()) {
            if (metric.column.equals(sd)) {
                return Optional.of(metric);
            }
        }
        return Optional.empty();
    }
}
