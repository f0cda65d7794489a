package com.acertainbookstore.history;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Checks saved history files from the command line:
 * {@code mvn -q compile exec:java -Dexec.mainClass=com.acertainbookstore.history.CheckMain
 * -Dexec.args="[--seconds 10] [--memory-mb 512] file.jsonl..."}. Prints each file's verdict and,
 * for a violation, the report, and draws the window next to the file ({@code <file>.violation.svg}).
 * A saved window ({@code *}{@value ViolationFile#SUFFIX}, which a glob of a history directory
 * matches too) is skipped, saying so: it is not a history.
 * Returns normally only when every history is linearizable; otherwise throws, so that the command
 * exits non-zero ({@code System.exit} would end Maven itself under {@code exec:java}). Not meant to be
 * shared: one run per call.
 */
public final class CheckMain {

    /** Default wall time of one file's check, seconds. */
    public static final double DEFAULT_SECONDS = 10;
    /** Default cache memory of one search, MiB. */
    public static final long DEFAULT_MEMORY_MB = 512;

    private CheckMain() {
    }

    public static void main(String[] args) throws IOException {
        double seconds = DEFAULT_SECONDS;
        long megabytes = DEFAULT_MEMORY_MB;
        int failed = 0;
        int files = 0;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--seconds" -> seconds = number(args, ++i, "--seconds");
                case "--memory-mb" -> megabytes = (long) number(args, ++i, "--memory-mb");
                default -> {
                    if (args[i].endsWith(ViolationFile.SUFFIX)) {
                        System.out.println(args[i] + ": skipped, a violation's saved window, not a history");
                        continue;
                    }
                    files++;
                    failed += check(Path.of(args[i]), Budget.of(seconds, megabytes)) ? 0 : 1;
                }
            }
        }
        if (files == 0) {
            throw new IllegalArgumentException("usage: CheckMain [--seconds s] [--memory-mb m] history.jsonl...");
        }
        if (failed > 0) {
            throw new IllegalStateException(failed + " of " + files + " histories are not proven linearizable");
        }
    }

    /** Checks one file and prints what it found; true when it is linearizable. */
    static boolean check(Path file, Budget budget) throws IOException {
        History history = HistoryFile.read(file);
        CheckResult result = Checker.check(history, budget);
        System.out.print(file + ": " + ViolationReport.text(result));
        if (result.violation() != null) {
            Path picture = file.resolveSibling(file.getFileName() + WindowPicture.SUFFIX);
            WindowPicture.write(picture, result.violation(), history.description());
            System.out.println("wrote " + picture);
        }
        return result.verdict() == Verdict.LINEARIZABLE;
    }

    private static double number(String[] args, int at, String option) {
        if (at >= args.length) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        try {
            double value = Double.parseDouble(args[at]);
            if (!(value > 0)) {
                throw new IllegalArgumentException(option + " (" + args[at] + ") must be > 0");
            }
            return value;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " ('" + args[at] + "') is not a number", e);
        }
    }
}
