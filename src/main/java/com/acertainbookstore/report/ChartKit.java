package com.acertainbookstore.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.geom.Line2D;
import java.text.NumberFormat;
import java.util.Arrays;
import java.util.List;
import java.util.stream.DoubleStream;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.LegendItem;
import org.jfree.chart.LegendItemCollection;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.block.BlockBorder;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.Plot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.DeviationRenderer;
import org.jfree.chart.title.LegendTitle;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.data.Range;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;

/**
 * The building blocks every chart shares: axes, a plot of curves with deviation bands, the chart
 * frame with title, legend and notes. Stateless, safe to share; what it builds is not.
 */
final class ChartKit {

    static final Font TITLE = new Font(Font.SANS_SERIF, Font.BOLD, 22);
    static final Font LABEL = new Font(Font.SANS_SERIF, Font.PLAIN, 16);
    static final Font TICK = new Font(Font.SANS_SERIF, Font.PLAIN, 14);
    static final Font NOTE = new Font(Font.SANS_SERIF, Font.ITALIC, 14);
    static final String THREADS = "Client threads (log scale)";
    static final String OFFERED = "Offered load (interactions/s, log scale)";
    static final String TIME = "Seconds since the workers started";
    private static final Range FRACTION = new Range(0, 1);
    private static final float BAND_ALPHA = 0.18f;
    private static final Color GRID = new Color(0xC8C8C8);
    private static final Color MINOR_GRID = new Color(0xEEEEEE);

    private ChartKit() {
    }

    /** A base-10 log axis over {@code range}, labelled as {@link LogScale#ticks} says. */
    static LogAxis logAxis(String label, Range range, NumberFormat format) {
        LogAxis axis = new FittedLogAxis(label, range, format);
        style(axis);
        return axis;
    }

    /** The threads axis: log scale over the threads of the curves ({@link LogScale#axisRange}). */
    static LogAxis threadsAxis(List<Curve> curves) {
        return logAxis(THREADS, LogScale.axisRange(0.08, Curve.xs(curves)), TickFormats.count());
    }

    /** The offered-load axis of open-loop charts: log scale over the curves' x values. */
    static LogAxis offeredAxis(List<Curve> curves) {
        return logAxis(OFFERED, LogScale.axisRange(0.08, Curve.xs(curves)), TickFormats.rate());
    }

    /** A log value axis over the curves' y values and their bands ({@link LogScale#axisRange}). */
    static LogAxis logValueAxis(String label, List<Curve> curves, NumberFormat format) {
        return logAxis(label, LogScale.axisRange(0.08, Curve.ysWithBands(curves)), format);
    }

    /**
     * A linear axis over {@code values} ({@link LinearScale#axisRange}), its least length recorded
     * as the axis's minimum size; {@code format} null for JFreeChart's own tick labels.
     */
    static NumberAxis linearAxis(String label, NumberFormat format, double... values) {
        NumberAxis axis = new NumberAxis(label);
        if (format != null) {
            axis.setNumberFormatOverride(format);
        }
        axis.setRange(LinearScale.axisRange(values));
        axis.setAutoRangeMinimumSize(LinearScale.leastLength(values));
        style(axis);
        return axis;
    }

    /** A linear axis of fractions, within 0 to 1 ({@link LinearScale#axisRange(Range, double...)}). */
    static NumberAxis fractionAxis(String label, double... values) {
        NumberAxis axis = linearAxis(label, TickFormats.fraction(), values);
        axis.setRange(LinearScale.axisRange(FRACTION, values));
        return axis;
    }

    /** {@code data} followed by {@code references}: what an axis must show. */
    static double[] values(double[] data, double... references) {
        return DoubleStream.concat(Arrays.stream(data), Arrays.stream(references)).toArray();
    }

    /** The time axis of charts over one repetition, over {@code seconds}. */
    static NumberAxis timeAxis(double... seconds) {
        return linearAxis(TIME, null, seconds);
    }

    /**
     * A plot of curves, each with a translucent band of +/- one standard deviation in its own
     * colour (points without a deviation get no band). On a log y axis the band is cut at the
     * axis's lower bound. Item labels, where a chart turns them on, never overlap
     * ({@link SparseLabelRenderer}).
     */
    static XYPlot plot(List<Curve> curves, ValueAxis x, ValueAxis y) {
        double floor = y instanceof LogAxis ? y.getLowerBound() : Double.NEGATIVE_INFINITY;
        YIntervalSeriesCollection dataset = new YIntervalSeriesCollection();
        DeviationRenderer renderer = new SparseLabelRenderer();
        renderer.setAlpha(BAND_ALPHA);
        for (int i = 0; i < curves.size(); i++) {
            Curve curve = curves.get(i);
            YIntervalSeries series = new YIntervalSeries(curve.label(), false, true);
            for (Curve.Point p : curve.points()) {
                series.add(p.x(), p.y(), LogScale.bandLower(p.y(), p.sd(), floor),
                        LogScale.bandUpper(p.y(), p.sd()));
            }
            dataset.addSeries(series);
            SeriesStyle style = curve.style();
            renderer.setSeriesPaint(i, style.color());
            renderer.setSeriesFillPaint(i, style.color());
            renderer.setSeriesStroke(i, style.stroke());
            renderer.setSeriesShape(i, style.shape());
        }
        XYPlot plot = new XYPlot(dataset, x, y, renderer);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(GRID);
        plot.setRangeGridlinePaint(GRID);
        plot.setDomainMinorGridlinesVisible(x instanceof LogAxis);
        plot.setRangeMinorGridlinesVisible(y instanceof LogAxis);
        plot.setDomainMinorGridlinePaint(MINOR_GRID);
        plot.setRangeMinorGridlinePaint(MINOR_GRID);
        plot.setAxisOffset(RectangleInsets.ZERO_INSETS);
        return plot;
    }

    /** A legend entry for a line style, when the colours of a chart mean series and the lines mean metrics. */
    static LegendItem lineKey(String label, SeriesStyle style) {
        LegendItem item = new LegendItem(label, null, null, null, new Line2D.Double(-14, 0, 14, 0),
                style.stroke(), style.color());
        item.setLabelFont(LABEL);
        return item;
    }

    /** The legend entries of curves, one per curve. */
    static LegendItemCollection legend(List<Curve> curves) {
        LegendItemCollection items = new LegendItemCollection();
        for (Curve curve : curves) {
            LegendItem item = new LegendItem(curve.label(), null, null, null, true, curve.style().shape(),
                    true, curve.style().color(), false, Color.BLACK, new BasicStroke(1f), true,
                    new Line2D.Double(-14, 0, 14, 0), curve.style().stroke(), curve.style().color());
            item.setLabelFont(LABEL);
            items.add(item);
        }
        return items;
    }

    /**
     * The chart frame: title, the plot, the legend below it, and a note under the title for each
     * non-empty entry of {@code notes} (e.g. how many points a log axis left out).
     */
    static JFreeChart chart(String title, Plot plot, List<String> notes) {
        JFreeChart chart = new JFreeChart(title, TITLE, plot, true);
        chart.setBackgroundPaint(Color.WHITE);
        chart.setPadding(new RectangleInsets(8, 8, 8, 16));
        LegendTitle legend = chart.getLegend();
        legend.setPosition(RectangleEdge.BOTTOM);
        legend.setItemFont(LABEL);
        legend.setFrame(BlockBorder.NONE);
        legend.setItemLabelPadding(new RectangleInsets(2, 4, 2, 18));
        for (String note : notes) {
            if (!note.isEmpty()) {
                TextTitle subtitle = new TextTitle(note, NOTE);
                subtitle.setPaint(Color.DARK_GRAY);
                chart.addSubtitle(subtitle);
            }
        }
        return chart;
    }

    /** The note for points left out of log axes, empty when none was. */
    static String skippedNote(int skipped) {
        if (skipped == 0) {
            return "";
        }
        return skipped + (skipped == 1 ? " point" : " points")
                + " with a zero or negative value not shown (log scale)";
    }

    /**
     * Subplots stacked over one shared axis, with a fixed legend (the subplots' own legends would
     * repeat each series once per subplot).
     */
    static CombinedDomainXYPlot stack(ValueAxis shared, List<XYPlot> subplots, LegendItemCollection legend) {
        return stack(shared, subplots, subplots.stream().map(p -> 1).toList(), legend);
    }

    /** As {@link #stack(ValueAxis, List, LegendItemCollection)}, each subplot's height in proportion to its weight. */
    static CombinedDomainXYPlot stack(ValueAxis shared, List<XYPlot> subplots, List<Integer> weights,
            LegendItemCollection legend) {
        CombinedDomainXYPlot combined = new CombinedDomainXYPlot(shared);
        combined.setGap(18);
        for (int i = 0; i < subplots.size(); i++) {
            combined.add(subplots.get(i), weights.get(i));
        }
        combined.setFixedLegendItems(legend);
        return combined;
    }

    private static void style(ValueAxis axis) {
        axis.setLabelFont(LABEL);
        axis.setTickLabelFont(TICK);
    }
}
