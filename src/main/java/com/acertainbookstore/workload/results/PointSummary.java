package com.acertainbookstore.workload.results;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What the repetitions of one point measured together: the mean and standard deviation of every
 * {@linkplain RunColumns#MEASURED measured number}, failures summed, the audit and the history
 * check combined. A row of
 * the summary file ({@link SummaryFile}). Immutable and safe to share.
 *
 * @param point       the point
 * @param repetitions how many repetitions it sums up
 * @param measure     how they were measured
 * @param arrivals    open loop: how intended starts were spaced; closed loop: null
 * @param stats       mean and sd of each measured number ({@link Stat#NONE} where it does not apply)
 * @param failures    the failures of every repetition, by cause
 * @param audit       failed if any repetition's audit failed
 * @param check       the worst of the repetitions' history checks, with the reasons of each (named by repetition)
 */
public record PointSummary(Point point, int repetitions, Measure measure, Arrivals arrivals,
        Map<NumberColumn<Repetition>, Stat> stats, Failures failures, AuditOutcome audit, CheckOutcome check) {

    public PointSummary {
        Objects.requireNonNull(point, "point");
        Objects.requireNonNull(measure, "measure");
        Objects.requireNonNull(failures, "failures");
        Objects.requireNonNull(audit, "audit");
        Objects.requireNonNull(check, "check");
        if (repetitions < 1) {
            throw new IllegalArgumentException("repetitions (" + repetitions + ") must be >= 1");
        }
        if ((arrivals != null) != point.series().isOpen()) {
            throw new IllegalArgumentException("arrivals must be given exactly for an open-loop point ("
                    + point.describe() + ")");
        }
        Map<NumberColumn<Repetition>, Stat> all = new LinkedHashMap<>();
        for (NumberColumn<Repetition> column : RunColumns.MEASURED) {
            all.put(column, stats.getOrDefault(column, Stat.NONE));
        }
        stats = Collections.unmodifiableMap(all);
    }

    /** The mean of a measured number over the repetitions; NaN where it does not apply. */
    public double mean(NumberColumn<Repetition> column) {
        return stat(column).mean();
    }

    /** Its sample standard deviation; NaN with one repetition or where it does not apply. */
    public double sd(NumberColumn<Repetition> column) {
        return stat(column).sd();
    }

    /** Its mean and deviation. */
    public Stat stat(NumberColumn<Repetition> column) {
        Stat stat = stats.get(column);
        if (stat == null) {
            throw new IllegalArgumentException("column " + column.name() + " is not a measured number of a repetition");
        }
        return stat;
    }

    /** The summary of the repetitions of one point (all must be of that point). */
    public static PointSummary of(List<Repetition> repetitions) {
        Point point = repetitions.get(0).point();
        Map<NumberColumn<Repetition>, Stat> stats = new LinkedHashMap<>();
        for (NumberColumn<Repetition> column : RunColumns.MEASURED) {
            stats.put(column, Stat.of(repetitions.stream().mapToDouble(column::of).toArray()));
        }
        Failures failures = Failures.NONE;
        AuditOutcome audit = repetitions.get(0).audit();
        CheckOutcome check = CheckOutcome.NOT_CHECKED;
        for (Repetition repetition : repetitions) {
            if (!repetition.point().equals(point)) {
                throw new IllegalArgumentException("repetitions of " + repetition.point().describe()
                        + " and " + point.describe() + " cannot be summed up together");
            }
            failures = failures.plus(repetition.failures());
            audit = audit.and(repetition.audit());
            check = check.and(repetition.check().about("repetition " + repetition.repetition() + ": "));
        }
        Repetition first = repetitions.get(0);
        return new PointSummary(point, repetitions.size(), first.measure(),
                first.open() == null ? null : first.open().arrivals(), stats, failures, audit,
                check);
    }

    /** One summary per point, in the order the points first appear. */
    public static List<PointSummary> ofAll(List<Repetition> repetitions) {
        Map<Point, List<Repetition>> byPoint = new LinkedHashMap<>();
        for (Repetition repetition : repetitions) {
            byPoint.computeIfAbsent(repetition.point(), p -> new ArrayList<>()).add(repetition);
        }
        return byPoint.values().stream().map(PointSummary::of).toList();
    }
}
