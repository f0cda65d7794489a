package com.acertainbookstore.workload.running;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/**
 * The harness's console: whole lines, and the live progress line, shown one of two ways. In a log
 * (not a terminal) the live line is a line like any other, one per interval. On a terminal it is
 * rewritten in place: a carriage return, the line cut to the terminal's width (so that it never
 * wraps, which a carriage return could not undo), and an erase to the end of the line; the next
 * whole line, or anything written through a {@linkplain #routed routed stream} (another class's
 * {@code System.out} or {@code System.err}), first ends it with a newline, so the two never mix on
 * one line.
 *
 * <p>Thread-safe: every write holds this console's lock ({@code open} is guarded by it), so a
 * line written from another thread (a server's log) finishes the live line before it starts.
 */
final class Console {

    /** A terminal's width when {@code $COLUMNS} does not say: the narrowest common one. */
    static final int DEFAULT_WIDTH = 80;
    /** ANSI "erase in line", from the cursor to the end. */
    static final String ERASE_TO_END = "\u001b[K";

    private final PrintStream out;
    private final boolean inPlace;
    private final int width;
    /** Whether a live line is showing, not yet ended by a newline (guarded by this). */
    private boolean open;

    /**
     * @param out     where everything goes
     * @param inPlace whether the live line is rewritten in place (a terminal) or printed as a line (a log)
     * @param width   the terminal's width, in characters: a live line is cut to one less
     */
    Console(PrintStream out, boolean inPlace, int width) {
        if (width < 10) {
            throw new IllegalArgumentException("a terminal's width (" + width + ") must be >= 10");
        }
        this.out = out;
        this.inPlace = inPlace;
        this.width = width;
    }

    /**
     * The terminal's width: {@code $COLUMNS} when the shell exports it, else what {@code stty size}
     * says of {@code /dev/tty} (Unix; the JVM itself cannot ask), else {@value #DEFAULT_WIDTH}.
     */
    static int terminalWidth() {
        String columns = System.getenv("COLUMNS");
        if (columns != null) {
            return width(columns);
        }
        File tty = new File("/dev/tty");
        if (!tty.exists()) {
            return DEFAULT_WIDTH;
        }
        Process stty = null;
        try {
            stty = new ProcessBuilder("stty", "size").redirectInput(tty).redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start();
            String size = new String(stty.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim();
            // "rows columns"
            return stty.waitFor(2, TimeUnit.SECONDS) && stty.exitValue() == 0
                    ? width(size.substring(size.indexOf(' ') + 1)) : DEFAULT_WIDTH;
        } catch (IOException e) {
            return DEFAULT_WIDTH;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return DEFAULT_WIDTH;
        } finally {
            if (stty != null) {
                stty.destroy();
            }
        }
    }

    /** {@code columns} when it is a number of 10 or more, else {@value #DEFAULT_WIDTH}. */
    static int width(String columns) {
        try {
            int width = columns == null ? DEFAULT_WIDTH : Integer.parseInt(columns.trim());
            return width >= 10 ? width : DEFAULT_WIDTH;
        } catch (NumberFormatException e) {
            return DEFAULT_WIDTH;
        }
    }

    boolean inPlace() {
        return inPlace;
    }

    /** A whole line, after ending the live line if it shows. */
    synchronized void println(String line) {
        finishLine();
        out.println(line);
        out.flush();
    }

    /** The live line: in place on a terminal, else a whole line. */
    synchronized void live(String line) {
        if (!inPlace) {
            println(line);
            return;
        }
        String shown = line.length() < width ? line : line.substring(0, width - 4) + "...";
        out.print("\r" + shown + ERASE_TO_END);
        out.flush();
        open = true;
    }

    /** Ends the live line with a newline if it shows (before other output, and when the run ends). */
    synchronized void finishLine() {
        if (open) {
            out.println();
            out.flush();
            open = false;
        }
    }

    /**
     * A stream to {@code target} that ends the live line before each write: what the run installs
     * as {@code System.out} and {@code System.err} while the live line may show, so that nothing
     * another class prints lands on it.
     */
    PrintStream routed(PrintStream target) {
        return new PrintStream(new OutputStream() {
            @Override
            public void write(int b) {
                synchronized (Console.this) {
                    finishLine();
                    target.write(b);
                }
            }

            @Override
            public void write(byte[] bytes, int offset, int length) {
                synchronized (Console.this) {
                    finishLine();
                    target.write(bytes, offset, length);
                }
            }

            @Override
            public void flush() {
                target.flush();
            }
        }, true);
    }
}
