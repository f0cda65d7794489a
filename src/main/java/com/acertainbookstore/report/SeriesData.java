package com.acertainbookstore.report;

import com.acertainbookstore.workload.results.NumberColumn;
import com.acertainbookstore.workload.results.Point;
import com.acertainbookstore.workload.results.PointSummary;
import com.acertainbookstore.workload.results.Repetition;
import com.acertainbookstore.workload.results.Series;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * The points of one series, in increasing order of their level (threads for a closed loop, offered
 * rate for an open one). Immutable, safe to share.
 *
 * @param series the series
 * @param points its points, sorted by level, one per level
 */
public record SeriesData(Series series, List<PointSummary> points) {

    public SeriesData {
        Objects.requireNonNull(series, "series");
        points = points.stream().sorted(Comparator.comparingDouble(p -> p.point().level())).toList();
    }

    /** Which point of which series a row is, for finding the same point twice. */
    record Key(Series series, double level) {

        String describe() {
            return "series '" + series.name() + "' at " + (series.isOpen()
                    ? String.format(Locale.ROOT, "%s/s offered", level) : (int) level + " threads");
        }
    }

    static Key key(Point point) {
        return new Key(point.series(), point.level());
    }

    /** Whether at least one point has a finite mean of {@code column}. */
    public boolean has(NumberColumn<Repetition> column) {
        return points.stream().anyMatch(p -> Double.isFinite(p.mean(column)));
    }

    /** The label in chart legends, e.g. "in-process TWO_LEVEL" or "HTTP SINGLE, open loop". */
    public String label() {
        return series.label();
    }
}
