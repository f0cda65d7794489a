package com.acertainbookstore.workload.results;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.DataFormatException;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * Writes one point's interval log in HdrHistogram's interval log format
 * ({@link HistogramLogWriter}), so {@code HistogramLogProcessor}, {@code HistogramLogReader} and
 * other HdrHistogram tools read it. Values are nanoseconds. Untagged histograms hold the latency
 * (open loop: from the intended start); histograms tagged {@value #SERVICE_TAG} hold the open
 * loop's service time. Repetitions follow one another in time, each introduced by a comment
 * saying where its window lies. Stateless, safe to share.
 */
public final class IntervalLogFile {

    /** The tag of service-time histograms. */
    public static final String SERVICE_TAG = "service";
    private static final String BASE_TIME = "#[BaseTime: ";
    private static final String REPETITION_FORMAT = "repetition %d starts %.3f s after the first;"
            + " its measured window is %.3f s to %.3f s after its start";
    private static final Pattern REPETITION_LINE = Pattern.compile("#repetition (\\d+) starts (\\S+) s after the"
            + " first; its measured window is (\\S+) s to (\\S+) s after its start");

    /**
     * One interval's histograms; the writer copies them and never changes them.
     *
     * @param startSeconds seconds since the repetition's start
     * @param endSeconds   seconds since the repetition's start
     * @param latency      latencies recorded in the interval, nanoseconds
     * @param service      open loop: service times recorded in it; closed loop: null
     */
    public record Recorded(double startSeconds, double endSeconds, AbstractHistogram latency,
            AbstractHistogram service) {

        public Recorded {
            Objects.requireNonNull(latency, "latency");
        }
    }

    /**
     * One repetition's intervals.
     *
     * @param repetition    the repetition
     * @param startEpochMs  when its workers were let go, milliseconds since the epoch
     * @param windowStart   where its measured window starts, seconds since its start
     * @param windowEnd     where that window ends
     * @param intervals     its intervals in time order
     */
    public record RepetitionLog(int repetition, long startEpochMs, double windowStart, double windowEnd,
            List<Recorded> intervals) {

        public RepetitionLog {
            intervals = List.copyOf(intervals);
        }
    }

    private IntervalLogFile() {
    }

    /** (Re)writes the log of {@code point} with every repetition so far. */
    public static void write(Path file, Point point, List<RepetitionLog> repetitions) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        try (PrintStream out = new PrintStream(Files.newOutputStream(file), false, StandardCharsets.UTF_8)) {
            HistogramLogWriter log = new HistogramLogWriter(out);
            log.outputComment("CertainBookStore workload interval log: " + point.describe());
            log.outputComment("values in nanoseconds; untagged: latency" + (point.series().isOpen()
                    ? " from the intended start; tag " + SERVICE_TAG + ": service time from the actual start" : ""));
            log.outputLogFormatVersion();
            long base = repetitions.isEmpty() ? 0 : repetitions.get(0).startEpochMs();
            log.outputStartTime(base);
            log.setBaseTime(base);
            log.outputBaseTime(base);
            log.outputLegend();
            for (RepetitionLog repetition : repetitions) {
                log.outputComment(String.format(Locale.ROOT, REPETITION_FORMAT, repetition.repetition(),
                        (repetition.startEpochMs() - base) / 1000.0, repetition.windowStart(), repetition.windowEnd()));
                for (Recorded interval : repetition.intervals()) {
                    long start = repetition.startEpochMs() + Math.round(interval.startSeconds() * 1000);
                    long end = repetition.startEpochMs() + Math.round(interval.endSeconds() * 1000);
                    log.outputIntervalHistogram(stamped(interval.latency(), start, end, null));
                    if (interval.service() != null) {
                        log.outputIntervalHistogram(stamped(interval.service(), start, end, SERVICE_TAG));
                    }
                }
            }
            if (out.checkError()) {
                throw new IOException("cannot write interval log " + file);
            }
        }
    }

    /**
     * Reads a log written by {@link #write}: each repetition with its start, its window and its
     * intervals (times back in seconds since the repetition's start).
     *
     * @throws ResultsFormatException naming the file and line of a line this writer does not write
     * @throws UncheckedIOException   when the file cannot be read
     */
    public static List<RepetitionLog> read(Path file) {
        List<String> lines = Csv.lines(file);
        List<RepetitionLog> repetitions = new ArrayList<>();
        double base = Double.NaN;
        int repetition = -1;
        double offset = 0;
        double windowStart = 0;
        double windowEnd = 0;
        List<Recorded> intervals = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            String where = file + ":" + (i + 1);
            Matcher repetitionLine = REPETITION_LINE.matcher(line);
            if (line.startsWith(BASE_TIME)) {
                base = number(line.substring(BASE_TIME.length(), line.indexOf(' ', BASE_TIME.length())), where);
            } else if (repetitionLine.matches()) {
                if (repetition >= 0) {
                    repetitions.add(new RepetitionLog(repetition, Math.round((base + offset) * 1000), windowStart,
                            windowEnd, intervals));
                }
                if (Double.isNaN(base)) {
                    throw new ResultsFormatException(where + ": a repetition before the line #[BaseTime: ...]");
                }
                repetition = Integer.parseInt(repetitionLine.group(1));
                offset = number(repetitionLine.group(2), where);
                windowStart = number(repetitionLine.group(3), where);
                windowEnd = number(repetitionLine.group(4), where);
                intervals = new ArrayList<>();
            } else if (!line.isBlank() && !line.startsWith("#") && !line.startsWith("\"")) {
                if (repetition < 0) {
                    throw new ResultsFormatException(where + ": a histogram before the first #repetition line");
                }
                histogram(line, where, offset, intervals);
            }
        }
        if (repetition >= 0) {
            repetitions.add(new RepetitionLog(repetition, Math.round((base + offset) * 1000), windowStart, windowEnd,
                    intervals));
        }
        return repetitions;
    }

    /** Adds the histogram of one line to its interval: a new one, or the service time of the last one. */
    private static void histogram(String line, String where, double offset, List<Recorded> intervals) {
        String rest = line;
        String tag = null;
        if (rest.startsWith("Tag=")) {
            tag = rest.substring(4, rest.indexOf(','));
            rest = rest.substring(rest.indexOf(',') + 1);
        }
        String[] cells = rest.split(",");
        if (cells.length != 4) {
            throw new ResultsFormatException(where + ": '" + abbreviated(line) + "' is not"
                    + " [Tag=t,]start,length,max,histogram");
        }
        double start = number(cells[0], where) - offset;
        double end = start + number(cells[1], where);
        AbstractHistogram histogram;
        try {
            histogram = Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder()
                    .decode(cells[3])), 0);
        } catch (DataFormatException | RuntimeException e) {
            throw new ResultsFormatException(where + ": the histogram cannot be decoded (" + e.getMessage() + ")", e);
        }
        if (tag == null) {
            intervals.add(new Recorded(start, end, histogram, null));
        } else if (tag.equals(SERVICE_TAG) && !intervals.isEmpty()
                && Math.abs(intervals.get(intervals.size() - 1).startSeconds() - start) < 1e-6) {
            Recorded last = intervals.remove(intervals.size() - 1);
            intervals.add(new Recorded(last.startSeconds(), last.endSeconds(), last.latency(), histogram));
        } else {
            throw new ResultsFormatException(where + ": tag '" + tag + "' does not follow its interval's latency");
        }
    }

    private static double number(String text, String where) {
        try {
            return Double.parseDouble(text.trim());
        } catch (NumberFormatException e) {
            throw new ResultsFormatException(where + ": '" + text + "' is not a number", e);
        }
    }

    private static String abbreviated(String line) {
        return line.length() > 60 ? line.substring(0, 60) + "..." : line;
    }

    private static AbstractHistogram stamped(AbstractHistogram histogram, long startMs, long endMs, String tag) {
        AbstractHistogram copy = histogram.copy();
        copy.setStartTimeStamp(startMs);
        copy.setEndTimeStamp(Math.max(endMs, startMs + 1));
        copy.setTag(tag);
        return copy;
    }
}
