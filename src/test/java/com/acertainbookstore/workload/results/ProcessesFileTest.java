package com.acertainbookstore.workload.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.business.Locking;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The processes file: written and read back unchanged, unknown figures as empty cells, bad files named. */
class ProcessesFileTest {

    private static final Point CLOSED = Point.closed(new Series(Mode.HTTP, Load.CLOSED, Locking.TWO_LEVEL), 100);
    private static final Point OPEN = Point.open(new Series(Mode.HTTP, Load.OPEN, Locking.SINGLE), 64, 2500);

    @Test
    void writeThenRead_rowsWithUnknownFiguresAndAwkwardNames_comeBackEqual(@TempDir Path dir) throws IOException {
        List<ProcessRow> rows = List.of(
                new ProcessRow(CLOSED, "harness", "4242", 4.5, 27, 27, 27, 0, 87.5, 512.25, 530, 12, 3_456, 1_234_567,
                        9_876_543),
                new ProcessRow(CLOSED, "r0", "4300 4377", 4.5, 27, 22, 15, 3, 61.2, 1100.5, 1180, 33, 21_000,
                        800_000, 1_900_000),
                new ProcessRow(OPEN, "r1, \"the slow one\" <b>", "", 1.5, 9, 0, 0, 0, Double.NaN, Double.NaN,
                        Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN));
        Path file = ProcessesFile.of(dir, Mode.HTTP, Load.CLOSED);

        ProcessesFile.write(file, rows);

        List<String> lines = Files.readAllLines(file);
        assertEquals("mode,load,locking,series,threads,offered_per_s,process,pids,sampled_s,samples,proc_samples,"
                + "jvm_samples,stopped_samples,cpu_percent,rss_mean_mb,rss_peak_mb,gc_ms,jit_ms,http_bytes_in,"
                + "http_bytes_out", lines.get(0));
        assertEquals("http,closed,TWO_LEVEL,http TWO_LEVEL,100,,harness,4242,4.5,27,27,27,0,87.5,512.25,530,12,"
                + "3456,1234567,9876543", lines.get(1));
        assertEquals(file.getFileName().toString(), "http-processes.csv");
        assertEquals(rows, ProcessesFile.read(file));
        assertEquals(rows, ProcessesFile.readAll(dir));
    }

    @Test
    void processRow_nameWithALineBreak_isRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new ProcessRow(CLOSED,
                "r0\nr1", "1", 1, 1, 1, 1, 0, 1, 1, 1, 1, 1, 1, 1));

        assertTrue(e.getMessage().contains("line break"), e.getMessage());
    }

    @Test
    void read_fileWrittenBeforeTheJitColumn_readsItsRowsWithNoJitFigure(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("http-processes.csv");
        Files.writeString(file, "mode,load,locking,series,threads,offered_per_s,process,pids,sampled_s,samples,"
                + "proc_samples,jvm_samples,stopped_samples,cpu_percent,rss_mean_mb,rss_peak_mb,gc_ms,http_bytes_in,"
                + "http_bytes_out\nhttp,closed,TWO_LEVEL,http TWO_LEVEL,100,,r0,17,4.5,27,27,27,0,61.5,1100,1180,33,"
                + "800000,1900000\n");

        List<ProcessRow> rows = ProcessesFile.read(file);

        assertEquals(1, rows.size());
        assertEquals(33, rows.get(0).gcMs(), 1e-9);
        assertTrue(Double.isNaN(rows.get(0).jitMs()), rows.toString());
        assertEquals(1_900_000, rows.get(0).httpBytesOut(), 1e-9);
    }

    @Test
    void readAll_directoryWithoutAProcessesFile_isNoRows(@TempDir Path dir) {
        assertEquals(List.of(), ProcessesFile.readAll(dir));
        assertEquals(List.of(), ProcessesFile.readAll(dir.resolve("absent")));
    }

    @Test
    void read_aCountThatIsNotWhole_isRefusedNamingTheFileLineAndColumn(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("local-processes.csv");
        Files.writeString(file, "mode,load,locking,series,threads,offered_per_s,process,pids,sampled_s,samples,"
                + "proc_samples,jvm_samples,stopped_samples,cpu_percent,rss_mean_mb,rss_peak_mb,gc_ms,http_bytes_in,"
                + "http_bytes_out\nlocal,closed,SINGLE,local SINGLE,1,,harness,1,1,3,x,3,0,50,100,100,1,0,0\n");

        ResultsFormatException e = assertThrows(ResultsFormatException.class, () -> ProcessesFile.read(file));

        assertTrue(e.getMessage().startsWith(file + " line 2 column proc_samples: 'x' is not a whole number"),
                e.getMessage());
    }
}
