package com.acertainbookstore.report;

import com.acertainbookstore.workload.results.FaultRow;
import com.acertainbookstore.workload.results.FaultsFile;
import com.acertainbookstore.workload.results.ResultFiles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes the fault charts ({@link FaultChart}): one per faulted point of every {@code *-faults.csv}
 * in a results directory. Stateless, safe to call from any thread.
 */
public final class FaultCharts {

    private FaultCharts() {
    }

    /**
     * Writes a chart per faulted point into {@code plotsDir}; nothing when the directory holds no
     * faults file.
     *
     * @return the files written
     */
    public static List<Path> writeAll(Path resultsDir, Results results, Path plotsDir) {
        List<FaultRow> rows = new ArrayList<>();
        for (Path file : ResultFiles.faultFiles(resultsDir)) {
            rows.addAll(FaultsFile.read(file));
        }
        if (rows.isEmpty()) {
            return List.of();
        }
        return Charts.write(FaultChart.of(rows), results, plotsDir, Charts::png);
    }
}
