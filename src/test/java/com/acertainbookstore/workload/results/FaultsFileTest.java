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

/** The faults file: t50 and t90 in columns of their own, written and read back unchanged. */
class FaultsFileTest {

    private static final Point CLOSED = Point.closed(new Series(Mode.HTTP, Load.CLOSED, Locking.TWO_LEVEL), 100);
    private static final Point OPEN = Point.open(new Series(Mode.HTTP, Load.OPEN, Locking.TWO_LEVEL), 64, 2500);

    @Test
    void writeThenRead_rowsWithAndWithoutT90_comeBackEqual(@TempDir Path dir) throws IOException {
        List<FaultRow> rows = List.of(
                new FaultRow(CLOSED, 1, "kill-leader@4", "r0", 4.719614, 4.843919, 2348.667, 1450, 2.280386, 3.280386,
                        12, 3, 1),
                new FaultRow(CLOSED, 1, "pause-leader@13:2", "r2", 13.63529, 15.67375, 2348.667, Double.NaN,
                        Double.NaN, Double.NaN, 0, 0, -1),
                new FaultRow(OPEN, 2, "isolate-leader@18:3", "r1", 18.5, 21.5, 2400, 2300, 1.5, Double.NaN, 7, 0, 2));
        Path file = FaultsFile.of(dir, Mode.HTTP, Load.CLOSED);

        FaultsFile.write(file, rows);

        List<String> lines = Files.readAllLines(file);
        assertEquals("mode,load,locking,series,threads,offered_per_s,repetition,fault,replica,start_s,end_s,"
                + "before_per_s,after_per_s,t50_s,t90_s,failed,unknown,elections", lines.get(0));
        assertEquals("http,closed,TWO_LEVEL,http TWO_LEVEL,100,,1,kill-leader@4,r0,4.719614,4.843919,2348.667,1450,"
                + "2.280386,3.280386,12,3,1", lines.get(1));
        assertTrue(lines.get(2).endsWith(",2348.667,,,,0,0,-1"), "never back: empty cells: " + lines.get(2));
        assertEquals(rows, FaultsFile.read(file));
    }

    @Test
    void read_aFileWithoutT50AndT90_isRefusedNamingTheColumn(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("http-faults.csv");
        Files.writeString(file, "mode,load,locking,series,threads,offered_per_s,repetition,fault,replica,start_s,end_s,"
                + "before_per_s,after_per_s,unavailable_s,failed,unknown,elections\n");

        ResultsFormatException e = assertThrows(ResultsFormatException.class, () -> FaultsFile.read(file));

        assertEquals(file + " line 1: column 't50_s' is missing from the header", e.getMessage());
    }
}
