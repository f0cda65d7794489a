package com.acertainbookstore.workload.checking;

import com.acertainbookstore.history.CheckResult;
import com.acertainbookstore.history.ViolationReport;
import com.acertainbookstore.workload.results.Point;
import java.nio.file.Path;

/**
 * A repetition's recorded history is not linearizable: what its clients saw cannot be explained
 * by any order of their calls. The run failed; the message holds the report (the window of calls
 * that cannot be ordered) and names the history file and the picture. Immutable.
 */
public final class CheckFailedException extends Exception {

    private static final long serialVersionUID = 1L;

    private final transient CheckResult result;

    public CheckFailedException(Point point, int repetition, CheckResult result, Path history, Path report) {
        super("linearizability check FAILED for " + point.describe() + ", repetition " + repetition + ":\n"
                + ViolationReport.text(result) + "(history " + history + "; report " + report + ".txt, picture "
                + report + ".svg, drawn in the run's report.html too)");
        this.result = result;
    }

    /** What the check found. */
    public CheckResult result() {
        return result;
    }
}
