package com.acertainbookstore.report;

import java.util.Optional;
import org.jfree.chart.JFreeChart;

/** One chart: its file name, its size, and how it is drawn from the results. Implementations are immutable. */
interface ChartSpec {

    /** The PNG file name under the plots directory, e.g. {@code throughput.png}. */
    String fileName();

    /** Image width in pixels. */
    default int width() {
        return 1200;
    }

    /** Image height in pixels. */
    default int height() {
        return 800;
    }

    /** Image height in pixels for these results: {@link #height()} unless the chart grows with its data. */
    default int height(Results results) {
        return height();
    }

    /** The chart, or empty when the results hold no data it can show. */
    Optional<JFreeChart> build(Results results);
}
