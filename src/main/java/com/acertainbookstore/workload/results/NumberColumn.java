package com.acertainbookstore.workload.results;

import java.util.Objects;
import java.util.function.ToDoubleFunction;

/**
 * A numeric column: NaN is an empty cell ("not applicable"). Immutable and safe to share.
 *
 * @param name    the header name, unit included ({@code throughput_per_s})
 * @param whole   whether values are counts, written without decimals
 * @param derived whether the value is computed from other figures rather than measured (charts
 *                draw such a figure dotted and say so)
 * @param value   the value of a row
 * @param <R>     the row type
 */
public record NumberColumn<R>(String name, boolean whole, boolean derived, ToDoubleFunction<R> value)
        implements Column<R> {

    public NumberColumn {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(value, "value");
    }

    /** A measured count. */
    static <R> NumberColumn<R> count(String name, ToDoubleFunction<R> value) {
        return new NumberColumn<>(name, true, false, value);
    }

    /** A measured number. */
    static <R> NumberColumn<R> number(String name, ToDoubleFunction<R> value) {
        return new NumberColumn<>(name, false, false, value);
    }

    /** The value of {@code row}, NaN when not applicable. */
    public double of(R row) {
        return value.applyAsDouble(row);
    }

    @Override
    public String cell(R row) {
        return Csv.number(of(row), whole);
    }

    /** The summary's column of the mean over repetitions: {@code <name>_mean}. */
    public String meanName() {
        return name + "_mean";
    }

    /** The summary's column of the standard deviation over repetitions: {@code <name>_sd}. */
    public String sdName() {
        return name + "_sd";
    }
}
