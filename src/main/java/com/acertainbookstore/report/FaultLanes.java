package com.acertainbookstore.report;

import com.acertainbookstore.workload.results.FaultRow;
import java.awt.Color;
import java.awt.Font;
import java.awt.font.FontRenderContext;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import org.jfree.chart.annotations.XYTextAnnotation;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.Range;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * Where a fault chart writes its faults' numbers: in rows of a strip above its plots, each number
 * from its fault's start (pulled left when it would run past the axis's end), in the first row
 * where it overlaps no number already placed. Placed for the narrowest plot width a chart
 * {@link ChartSpec#width()} wide leaves ({@value #LEAST_PLOT_WIDTH} pixels): on a wider plot the
 * numbers only stand further apart. Immutable, safe to share.
 *
 * @param xs   where each fault's number begins, in seconds
 * @param rows the row of each fault's number, 0 at the top
 * @param count how many rows there are (at least one)
 */
record FaultLanes(List<Double> xs, List<Integer> rows, int count) {

    static final Font FONT = new Font(Font.SANS_SERIF, Font.BOLD, 14);
    /** The plot width the numbers are placed for, in pixels. */
    static final double LEAST_PLOT_WIDTH = 950;
    /** The height of a row, in pixels. */
    static final int ROW_PIXELS = 22;
    /** The space kept after each number, in pixels. */
    private static final double GAP = 6;

    FaultLanes {
        xs = List.copyOf(xs);
        rows = List.copyOf(rows);
    }

    /** The numbers of {@code faults} (1, 2, ... in their order) over a time axis of {@code time}. */
    static FaultLanes of(List<FaultRow> faults, Range time) {
        double secondsPerPixel = time.getLength() / LEAST_PLOT_WIDTH;
        FontRenderContext frc = new FontRenderContext(null, true, true);
        List<Double> xs = new ArrayList<>();
        List<Integer> rows = new ArrayList<>();
        List<Double> rowEnds = new ArrayList<>();
        for (int k = 0; k < faults.size(); k++) {
            double width = (FONT.getStringBounds(String.valueOf(k + 1), frc).getWidth() + GAP) * secondsPerPixel;
            double x = Math.max(time.getLowerBound(), Math.min(faults.get(k).startSeconds(),
                    time.getUpperBound() - width));
            int row = 0;
            while (row < rowEnds.size() && rowEnds.get(row) > x) {
                row++;
            }
            if (row == rowEnds.size()) {
                rowEnds.add(x + width);
            } else {
                rowEnds.set(row, x + width);
            }
            xs.add(x);
            rows.add(row);
        }
        return new FaultLanes(xs, rows, Math.max(1, rowEnds.size()));
    }

    /** The strip's height, in pixels. */
    int pixels() {
        return count * ROW_PIXELS;
    }

    /** The strip: a plot without data or visible value axis, the numbers in {@code colours.apply(index)}. */
    XYPlot plot(ValueAxis time, IntFunction<Color> colours) {
        NumberAxis rowsAxis = new NumberAxis();
        rowsAxis.setRange(0, count);
        rowsAxis.setVisible(false);
        XYPlot plot = new XYPlot(new XYSeriesCollection(), time, rowsAxis, new XYLineAndShapeRenderer());
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinesVisible(false);
        plot.setRangeGridlinesVisible(false);
        for (int k = 0; k < xs.size(); k++) {
            XYTextAnnotation number = new XYTextAnnotation(String.valueOf(k + 1), xs.get(k),
                    count - rows.get(k) - 0.5);
            number.setFont(FONT);
            number.setPaint(colours.apply(k));
            number.setTextAnchor(TextAnchor.CENTER_LEFT);
            plot.addAnnotation(number);
        }
        return plot;
    }
}
