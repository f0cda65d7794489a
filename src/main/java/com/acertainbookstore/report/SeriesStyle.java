package com.acertainbookstore.report;

import com.acertainbookstore.workload.results.Series;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Shape;
import java.awt.Stroke;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;
import java.util.List;

/**
 * How a curve is drawn: colour, line, marker. Immutable, safe to share.
 *
 * <p>Each series keeps its look on every chart: in-process in blue (SINGLE) and green
 * (TWO_LEVEL), HTTP in orange and red, the HTTP transport ceiling as a dashed grey line; an open
 * loop has the colour of its mode and locking with a hollow marker. Solid lines are recorded
 * figures; dashed ones a second recorded figure of the same series; dotted ones derived figures.
 *
 * @param color  the line and marker colour; the deviation band is the same colour, translucent
 * @param stroke the line
 * @param shape  the marker at each point
 */
record SeriesStyle(Color color, Stroke stroke, Shape shape) {

    private static final float WIDTH = 2.2f;
    private static final Stroke SOLID = new BasicStroke(WIDTH, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND);
    private static final Stroke DASHED = new BasicStroke(WIDTH, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND,
            10f, new float[] {9f, 6f}, 0f);
    private static final Shape CIRCLE = new Ellipse2D.Double(-4.5, -4.5, 9, 9);
    private static final Shape SQUARE = new Rectangle2D.Double(-4, -4, 8, 8);
    private static final Shape TRIANGLE = triangle();
    private static final Shape DIAMOND = diamond();
    private static final Stroke DOTTED = new BasicStroke(WIDTH, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND,
            10f, new float[] {1.5f, 5f}, 0f);
    private static final Stroke HOLLOW = new BasicStroke(1.6f);

    /** The style of a series. */
    static SeriesStyle of(Series series) {
        if (series.isCeiling()) {
            return new SeriesStyle(new Color(0x555555), DASHED, SQUARE);
        }
        SeriesStyle style = switch (series.mode()) {
            case LOCAL -> switch (series.locking()) {
                case SINGLE -> new SeriesStyle(new Color(0x1F77B4), SOLID, CIRCLE);
                case TWO_LEVEL -> new SeriesStyle(new Color(0x2CA02C), SOLID, SQUARE);
            };
            case HTTP -> switch (series.locking()) {
                case SINGLE -> new SeriesStyle(new Color(0xFF7F0E), SOLID, TRIANGLE);
                case TWO_LEVEL -> new SeriesStyle(new Color(0xD62728), SOLID, DIAMOND);
            };
        };
        return series.isOpen() ? new SeriesStyle(style.color, style.stroke, HOLLOW.createStrokedShape(style.shape))
                : style;
    }

    /** A solid line of {@code color}, for legend keys that explain line styles rather than series. */
    static SeriesStyle line(Color color) {
        return new SeriesStyle(color, SOLID, CIRCLE);
    }

    /** The same colour and marker with a dashed line (a second recorded figure of the same series). */
    SeriesStyle dashed() {
        return new SeriesStyle(color, DASHED, shape);
    }

    /** The same colour and marker with a dotted line: a derived figure, never a recorded one. */
    SeriesStyle dotted() {
        return new SeriesStyle(color, DOTTED, shape);
    }

    /** A colour for a metric rather than a series (e.g. one line per percentile). */
    static SeriesStyle ofRank(int rank) {
        List<Color> ramp = List.of(new Color(0x9ECAE1), new Color(0x4292C6), new Color(0x08519C),
                new Color(0xE6550D), new Color(0x7F0000));
        List<Shape> shapes = List.of(CIRCLE, SQUARE, TRIANGLE, DIAMOND, CIRCLE);
        int i = Math.floorMod(rank, ramp.size());
        return new SeriesStyle(ramp.get(i), SOLID, shapes.get(i));
    }

    private static Shape triangle() {
        Path2D.Double path = new Path2D.Double();
        path.moveTo(0, -5.5);
        path.lineTo(5, 4);
        path.lineTo(-5, 4);
        path.closePath();
        return path;
    }

    private static Shape diamond() {
        Path2D.Double path = new Path2D.Double();
        path.moveTo(0, -5.5);
        path.lineTo(5.5, 0);
        path.lineTo(0, 5.5);
        path.lineTo(-5.5, 0);
        path.closePath();
        return path;
    }
}
