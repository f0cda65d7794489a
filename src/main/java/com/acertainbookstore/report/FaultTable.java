package com.acertainbookstore.report;

import com.acertainbookstore.workload.results.FaultRow;
import java.awt.Color;
import java.awt.Font;
import java.awt.font.FontRenderContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.IntFunction;
import org.jfree.chart.block.BlockContainer;
import org.jfree.chart.block.ColumnArrangement;
import org.jfree.chart.block.FlowArrangement;
import org.jfree.chart.block.LabelBlock;
import org.jfree.chart.title.CompositeTitle;
import org.jfree.chart.title.Title;
import org.jfree.chart.ui.HorizontalAlignment;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.chart.ui.VerticalAlignment;

/**
 * The table of a fault chart's faults, under the chart: one row per fault with its number (in
 * its band's colour), the fault as planned, the replica it hit, when it began and how long it
 * lasted, its t50 and t90, the interactions that failed around it and the elections it caused.
 * Stateless, safe to share; the titles it builds are not.
 */
final class FaultTable {

    static final Font CELL = new Font(Font.SANS_SERIF, Font.PLAIN, 13);
    static final Font HEADER = new Font(Font.SANS_SERIF, Font.BOLD, 13);
    private static final RectangleInsets CELL_PADDING = new RectangleInsets(1, 6, 1, 6);

    /** One column: its header and how a fault's cell reads. */
    private record Column(String header, Function<FaultRow, String> cell) {
    }

    private static final List<Column> COLUMNS = List.of(
            new Column("fault as planned", FaultRow::fault),
            new Column("replica", FaultRow::replica),
            new Column("start", f -> String.format(Locale.ROOT, "%.1f s", f.startSeconds())),
            new Column("lasted", f -> String.format(Locale.ROOT, "%.1f s", f.endSeconds() - f.startSeconds())),
            new Column(FaultChart.T50, f -> seconds(f.t50Seconds())),
            new Column(FaultChart.T90, f -> seconds(f.t90Seconds())),
            new Column("failed (unknown)", f -> String.format(Locale.ROOT, "%,d (%,d)", f.failed(), f.unknown())),
            new Column("elections", f -> f.elections() < 0 ? "unknown" : String.valueOf(f.elections())));

    private FaultTable() {
    }

    /** The table of {@code faults}, numbered from 1, each number in {@code colours.apply(index)}. */
    static Title of(List<FaultRow> faults, IntFunction<Color> colours) {
        BlockContainer table = new BlockContainer(new FlowArrangement(HorizontalAlignment.CENTER,
                VerticalAlignment.TOP, 4, 0));
        BlockContainer numbers = column();
        numbers.add(cell("#", HEADER, Color.BLACK));
        for (int k = 0; k < faults.size(); k++) {
            numbers.add(cell(String.valueOf(k + 1), HEADER, colours.apply(k)));
        }
        table.add(numbers);
        for (Column column : COLUMNS) {
            BlockContainer cells = column();
            cells.add(cell(column.header(), HEADER, Color.BLACK));
            for (FaultRow fault : faults) {
                cells.add(cell(column.cell().apply(fault), CELL, Color.BLACK));
            }
            table.add(cells);
        }
        CompositeTitle title = new CompositeTitle(table);
        title.setPosition(RectangleEdge.BOTTOM);
        title.setPadding(new RectangleInsets(12, 0, 0, 0));
        return title;
    }

    /** The height the table of {@code count} faults takes, in pixels. */
    static double height(int count) {
        FontRenderContext frc = new FontRenderContext(null, true, true);
        double row = Math.max(CELL.getLineMetrics("0", frc).getHeight(), HEADER.getLineMetrics("0", frc).getHeight())
                + CELL_PADDING.getTop() + CELL_PADDING.getBottom();
        return 12 + row * (count + 1);
    }

    private static BlockContainer column() {
        return new BlockContainer(new ColumnArrangement(HorizontalAlignment.LEFT, VerticalAlignment.TOP, 0, 0));
    }

    private static LabelBlock cell(String text, Font font, Color paint) {
        LabelBlock cell = new LabelBlock(text, font, paint);
        cell.setPadding(CELL_PADDING);
        return cell;
    }

    /** The headers of the table, the fault's number first ({@code #}). */
    static List<String> headers() {
        List<String> headers = new ArrayList<>(List.of("#"));
        COLUMNS.forEach(c -> headers.add(c.header()));
        return headers;
    }

    /** The cells of fault number {@code number}'s row, as {@link #headers()} orders them. */
    static List<String> cells(int number, FaultRow fault) {
        List<String> cells = new ArrayList<>(List.of(String.valueOf(number)));
        COLUMNS.forEach(c -> cells.add(c.cell().apply(fault)));
        return cells;
    }

    /** Seconds with two decimals, or "not reached". */
    static String seconds(double value) {
        return Double.isNaN(value) ? "not reached" : String.format(Locale.ROOT, "%.2f s", value);
    }
}
