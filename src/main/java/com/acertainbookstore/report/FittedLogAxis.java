package com.acertainbookstore.report;

import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.text.NumberFormat;
import java.util.ArrayList;
import java.util.List;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.LogTick;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.axis.TickType;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.Range;

/**
 * A base-10 log axis whose ticks follow {@link LogScale#ticks}: powers of ten on an axis long
 * enough to hold two of them, finer labelled values on a shorter one (JFreeChart's own
 * {@link LogAxis} labels powers of ten only, and an axis within a decade would have no label).
 * Like every JFreeChart axis, not thread-safe.
 */
final class FittedLogAxis extends LogAxis {

    private static final long serialVersionUID = 1L;

    /** An axis labelled {@code label} over {@code range}, its tick labels written with {@code format}. */
    FittedLogAxis(String label, Range range, NumberFormat format) {
        super(label);
        setTickUnit(new NumberTickUnit(1.0, format, 9));
        setNumberFormatOverride(format);
        setMinorTickMarksVisible(true);
        setRange(range);
    }

    @Override
    protected List refreshTicksHorizontal(Graphics2D g2, Rectangle2D dataArea, RectangleEdge edge) {
        return ticks(edge == RectangleEdge.TOP ? TextAnchor.BOTTOM_CENTER : TextAnchor.TOP_CENTER);
    }

    @Override
    protected List refreshTicksVertical(Graphics2D g2, Rectangle2D dataArea, RectangleEdge edge) {
        return ticks(edge == RectangleEdge.RIGHT ? TextAnchor.CENTER_LEFT : TextAnchor.CENTER_RIGHT);
    }

    private List<LogTick> ticks(TextAnchor anchor) {
        LogScale.Ticks values = LogScale.ticks(getRange());
        List<LogTick> ticks = new ArrayList<>();
        for (double value : values.labelled()) {
            ticks.add(new LogTick(TickType.MAJOR, value, createTickLabel(value), anchor));
        }
        for (double value : values.minor()) {
            ticks.add(new LogTick(TickType.MINOR, value, null, anchor));
        }
        return ticks;
    }
}
