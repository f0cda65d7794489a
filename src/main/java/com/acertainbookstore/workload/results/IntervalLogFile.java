package com.acertainbookstore.workload.results;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.HdrHistogram.AbstractHistogram;
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
                log.outputComment(String.format(Locale.ROOT, "repetition %d starts %.3f s after the first;"
                        + " its measured window is %.3f s to %.3f s after its start", repetition.repetition(),
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

    private static AbstractHistogram stamped(AbstractHistogram histogram, long startMs, long endMs, String tag) {
        AbstractHistogram copy = histogram.copy();
        copy.setStartTimeStamp(startMs);
        copy.setEndTimeStamp(Math.max(endMs, startMs + 1));
        copy.setTag(tag);
        return copy;
    }
}
