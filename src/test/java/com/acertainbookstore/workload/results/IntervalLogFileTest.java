package com.acertainbookstore.workload.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.business.Locking;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogProcessor;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IntervalLogFileTest {

    private static final Point OPEN = Point.open(new Series(Mode.LOCAL, Load.OPEN, Locking.SINGLE), 4, 5000);

    /** Interval {@code i}: {@code 100 * (i + 1)} latencies of 1 ms to 3 ms and as many service times of 10 us. */
    private static IntervalLogFile.Recorded interval(int i) {
        Histogram latency = new Histogram(2);
        Histogram service = new Histogram(2);
        for (int k = 0; k < 100 * (i + 1); k++) {
            latency.recordValue(1_000_000 + k % 3 * 1_000_000);
            service.recordValue(10_000);
        }
        return new IntervalLogFile.Recorded(i * 0.5, (i + 1) * 0.5, latency, service);
    }

    private static List<EncodableHistogram> readAll(Path file) throws Exception {
        List<EncodableHistogram> histograms = new ArrayList<>();
        try (HistogramLogReader reader = new HistogramLogReader(file.toFile())) {
            while (reader.hasNext()) {
                histograms.add(reader.nextIntervalHistogram());
            }
        }
        return histograms;
    }

    @Test
    void write_twoRepetitions_readBackByHdrHistogramsReaderWithTagsTimesAndCounts(@TempDir Path dir) throws Exception {
        long start = 1_700_000_000_000L;
        IntervalLogFile.RepetitionLog first = new IntervalLogFile.RepetitionLog(1, start, 0.5, 1.5,
                List.of(interval(0), interval(1), interval(2)));
        IntervalLogFile.RepetitionLog second = new IntervalLogFile.RepetitionLog(2, start + 10_000, 0.5, 1.5,
                List.of(interval(0), interval(1)));
        Path file = ResultFiles.intervalLog(dir, OPEN);

        IntervalLogFile.write(file, OPEN, List.of(first, second));
        List<EncodableHistogram> read = readAll(file);

        assertEquals(dir.resolve("intervals").resolve("local-open-SINGLE-rate5000.hlog"), file);
        assertEquals(2 * 5, read.size());
        for (int i = 0; i < read.size(); i += 2) {
            assertNull(read.get(i).getTag(), "latency histograms are untagged");
            assertEquals(IntervalLogFile.SERVICE_TAG, read.get(i + 1).getTag());
        }
        AbstractHistogram latency = (AbstractHistogram) read.get(4);
        assertEquals(300, latency.getTotalCount());
        assertEquals(3_000_000, latency.getMaxValue(), 3_000_000 * 0.01);
        assertEquals(start + 1000, latency.getStartTimeStamp());
        assertEquals(start + 1500, latency.getEndTimeStamp());
        assertEquals(start + 10_000 + 500, read.get(8).getStartTimeStamp());
        assertEquals(200, ((AbstractHistogram) read.get(9)).getTotalCount());
        String text = Files.readString(file, StandardCharsets.UTF_8);
        assertTrue(text.contains("#[StartTime: 1700000000"), text);
        assertTrue(text.contains("local open SINGLE at 5,000/s (pool 4)"), text);
        assertTrue(text.contains("repetition 2 starts 10.000 s after the first; its measured window is 0.500 s to"
                + " 1.500 s after its start"), text);
    }

    @Test
    void write_closedLoop_hasNoServiceTimes(@TempDir Path dir) throws Exception {
        Point closed = Point.closed(new Series(Mode.HTTP, Load.CLOSED, Locking.TWO_LEVEL), 10);
        IntervalLogFile.Recorded only = interval(0);
        Path file = ResultFiles.intervalLog(dir, closed);

        IntervalLogFile.write(file, closed, List.of(new IntervalLogFile.RepetitionLog(1, 1000, 0.2, 0.7,
                List.of(new IntervalLogFile.Recorded(0, 0.5, only.latency(), null)))));

        List<EncodableHistogram> read = readAll(file);
        assertEquals(1, read.size());
        assertNull(read.get(0).getTag());
        assertEquals(100, ((AbstractHistogram) read.get(0)).getTotalCount());
    }

    @Test
    void write_thenHistogramLogProcessor_writesPercentilesOverTimeAndTheirDistribution(@TempDir Path dir)
            throws Exception {
        Path file = ResultFiles.intervalLog(dir, OPEN);
        IntervalLogFile.write(file, OPEN, List.of(new IntervalLogFile.RepetitionLog(1, 1_000_000L, 0, 1,
                List.of(interval(0), interval(1), interval(2), interval(3)))));
        Path out = dir.resolve("processed");

        HistogramLogProcessor processor = new HistogramLogProcessor(new String[] {"-i", file.toString(), "-o",
                out.toString(), "-csv"});
        processor.run();

        List<String> overTime = rows(out);
        assertEquals(1 + 4, overTime.size(), "a header and a line per untagged interval: " + overTime);
        String[] last = overTime.get(4).split(",");
        assertEquals("2.000", last[0].trim(), "the last interval's end, seconds after the start");
        assertEquals("400", last[1], "the last interval's count");
        assertEquals("1000", last[5], "the count over the log");
        List<String> distribution = rows(Path.of(out + ".hgrm"));
        String[] top = distribution.get(distribution.size() - 1).split(",");
        assertEquals("3.01", top[0], "the largest latency over the log, ms");
        assertEquals("1000", top[2], "the count over the log");
        Path service = dir.resolve("service");
        new HistogramLogProcessor(new String[] {"-i", file.toString(), "-o", service.toString(), "-csv", "-tag",
                IntervalLogFile.SERVICE_TAG}).run();
        assertEquals(1 + 4, rows(service).size());
    }

    /** The lines of a processor's output that are not comments. */
    private static List<String> rows(Path file) throws Exception {
        return Files.readAllLines(file, StandardCharsets.UTF_8).stream().filter(l -> !l.startsWith("#")).toList();
    }
}
