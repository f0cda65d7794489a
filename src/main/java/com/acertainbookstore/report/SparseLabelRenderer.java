package com.acertainbookstore.report;

import java.awt.Graphics2D;
import java.awt.geom.Point2D;
import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.List;
import org.jfree.chart.labels.ItemLabelPosition;
import org.jfree.chart.labels.XYItemLabelGenerator;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.PlotRenderingInfo;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.DeviationRenderer;
import org.jfree.chart.renderer.xy.XYItemRendererState;
import org.jfree.chart.text.TextUtils;
import org.jfree.data.xy.XYDataset;

/**
 * The curves' renderer (lines, shapes and deviation bands) whose item labels never overlap: a
 * label that would overlap one already drawn in the same drawing of the plot is left out, so where
 * points crowd together (thread counts 1 to 2000 within a factor of two of throughput) the first
 * label drawn, in series then item order, stands for them. Not thread-safe: one chart is drawn
 * at a time.
 */
final class SparseLabelRenderer extends DeviationRenderer {

    private static final long serialVersionUID = 1L;

    /** The bounds of the labels drawn since this drawing of the plot began. */
    private final transient List<Rectangle2D> drawn = new ArrayList<>();

    SparseLabelRenderer() {
        super(true, true);
    }

    @Override
    public XYItemRendererState initialise(Graphics2D g2, Rectangle2D dataArea, XYPlot plot, XYDataset dataset,
            PlotRenderingInfo info) {
        drawn.clear();
        return super.initialise(g2, dataArea, plot, dataset, info);
    }

    @Override
    protected void drawItemLabel(Graphics2D g2, PlotOrientation orientation, XYDataset dataset, int series,
            int item, double x, double y, boolean negative) {
        XYItemLabelGenerator generator = getItemLabelGenerator(series, item);
        String label = generator == null ? null : generator.generateLabel(dataset, series, item);
        if (label == null) {
            return;
        }
        ItemLabelPosition position = negative ? getNegativeItemLabelPosition(series, item)
                : getPositiveItemLabelPosition(series, item);
        Point2D anchor = calculateLabelAnchorPoint(position.getItemLabelAnchor(), x, y, orientation);
        g2.setFont(getItemLabelFont(series, item));
        Rectangle2D bounds = TextUtils.calculateRotatedStringBounds(label, g2, (float) anchor.getX(),
                (float) anchor.getY(), position.getTextAnchor(), position.getAngle(), position.getRotationAnchor())
                .getBounds2D();
        for (Rectangle2D other : drawn) {
            if (other.intersects(bounds)) {
                return;
            }
        }
        drawn.add(bounds);
        super.drawItemLabel(g2, orientation, dataset, series, item, x, y, negative);
    }
}
