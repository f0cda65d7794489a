package com.acertainbookstore.history;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import javax.imageio.ImageIO;

/**
 * Draws a violation's window as Porcupine does: one row per worker, each call a bar from its
 * start to its end on one time line, labelled with its id, and under the time line each call with
 * its worker, times, arguments and outcome; the calls that end last in red, unknown outcomes grey
 * and open-ended, refusals orange. Java2D only, headless.
 * Stateless; safe to share.
 */
public final class WindowPicture {

    private static final int WIDTH = 1600;
    private static final int MARGIN = 130;
    private static final int ROW = 44;
    private static final int TOP = 60;
    private static final int LEGEND_LINE = 18;
    /** A call shorter than this many pixels is drawn this wide, so that its id fits. */
    private static final int MIN_BAR = 52;
    private static final Color OK = new Color(0x4C78A8);
    private static final Color REFUSED = new Color(0xF58518);
    private static final Color FAILING = new Color(0xD62728);
    private static final Color UNKNOWN = new Color(0x9E9E9E);

    private WindowPicture() {
    }

    /** Writes the picture of {@code violation} as a PNG to {@code file}, creating its directory. */
    public static void write(Path file, Violation violation, String title) throws IOException {
        List<HistoryCall> calls = ViolationReport.listed(violation);
        List<Integer> workers = List.copyOf(new TreeSet<>(calls.stream().map(HistoryCall::worker).toList()));
        long from = calls.stream().mapToLong(HistoryCall::startNs).min().orElse(0);
        long to = calls.stream().mapToLong(HistoryCall::endNs).max().orElse(from + 1);
        to = Math.max(to, from + 1);
        int height = TOP + ROW * workers.size() + 50 + LEGEND_LINE * calls.size() + 10;
        BufferedImage image = new BufferedImage(WIDTH, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, WIDTH, height);
            g.setColor(Color.BLACK);
            g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 15));
            g.drawString(title + ": part " + violation.part() + ", " + violation.window().size()
                    + " calls that cannot be ordered", 10, 22);
            g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
            g.drawString("state before: " + (violation.statesBefore().isEmpty() ? "?" : violation.statesBefore().get(0)),
                    10, 42);
            double scale = (WIDTH - MARGIN - 20 - MIN_BAR) / (double) (to - from);
            for (int row = 0; row < workers.size(); row++) {
                int y = TOP + row * ROW;
                g.setColor(row % 2 == 0 ? new Color(0xF4F4F4) : Color.WHITE);
                g.fillRect(0, y, WIDTH, ROW);
                g.setColor(Color.BLACK);
                g.drawString("worker " + workers.get(row), 10, y + ROW / 2 + 5);
            }
            g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
            FontMetrics metrics = g.getFontMetrics();
            for (HistoryCall call : calls) {
                int y = TOP + workers.indexOf(call.worker()) * ROW + 6;
                int x0 = MARGIN + (int) ((call.startNs() - from) * scale);
                int x1 = call.outcome() == Outcome.UNKNOWN ? WIDTH - 20
                        : Math.max(x0 + MIN_BAR, MARGIN + (int) ((call.endNs() - from) * scale));
                g.setColor(color(call, violation));
                g.fillRoundRect(x0, y, x1 - x0, ROW - 12, 6, 6);
                g.setColor(Color.BLACK);
                g.setStroke(new BasicStroke(call.outcome() == Outcome.UNKNOWN ? 1f : 1.2f));
                g.drawRoundRect(x0, y, x1 - x0, ROW - 12, 6, 6);
                g.setColor(Color.WHITE);
                g.drawString(fit("call " + call.id(), metrics, x1 - x0 - 6), x0 + 3, y + ROW / 2);
            }
            g.setColor(Color.BLACK);
            int axis = TOP + ROW * workers.size() + 20;
            g.drawLine(MARGIN, axis, WIDTH - 20, axis);
            g.drawString(String.format(Locale.ROOT, "%.3f ms", from / 1e6), MARGIN, axis + 15);
            String end = String.format(Locale.ROOT, "%.3f ms", to / 1e6);
            g.drawString(end, WIDTH - 20 - metrics.stringWidth(end), axis + 15);
            g.setFont(new Font(Font.MONOSPACED, Font.PLAIN, 12));
            FontMetrics legend = g.getFontMetrics();
            int line = axis + 40;
            for (HistoryCall call : calls) {
                g.setColor(color(call, violation));
                g.fillRect(10, line - 10, 10, 10);
                g.setColor(Color.BLACK);
                g.drawString(fit(call.describe(), legend, WIDTH - 40), 28, line);
                line += LEGEND_LINE;
            }
        } finally {
            g.dispose();
        }
        if (file.getParent() != null) {
            Files.createDirectories(file.getParent());
        }
        if (!ImageIO.write(image, "png", file.toFile())) {
            throw new IOException("no PNG writer for " + file);
        }
    }

    private static Color color(HistoryCall call, Violation violation) {
        if (violation.failing().contains(call.id())) {
            return FAILING;
        }
        return switch (call.outcome()) {
            case OK -> OK;
            case REFUSED, FAILED -> REFUSED;
            case UNKNOWN -> UNKNOWN;
        };
    }

    /** The label cut to fit {@code width} pixels, with an ellipsis when cut. */
    private static String fit(String label, FontMetrics metrics, int width) {
        if (metrics.stringWidth(label) <= width) {
            return label;
        }
        for (int n = label.length() - 1; n > 0; n--) {
            String cut = label.substring(0, n) + "...";
            if (metrics.stringWidth(cut) <= width) {
                return cut;
            }
        }
        return "";
    }
}
