package com.acertainbookstore.workload.checking;

import com.acertainbookstore.history.Budget;
import com.acertainbookstore.history.CheckResult;
import com.acertainbookstore.history.Checker;
import com.acertainbookstore.history.History;
import com.acertainbookstore.history.HistoryFile;
import com.acertainbookstore.history.Verdict;
import com.acertainbookstore.history.ViolationFile;
import com.acertainbookstore.history.ViolationReport;
import com.acertainbookstore.history.WindowPicture;
import com.acertainbookstore.workload.load.BookSetup;
import com.acertainbookstore.workload.results.CheckMode;
import com.acertainbookstore.workload.results.CheckOutcome;
import com.acertainbookstore.workload.results.Point;
import com.acertainbookstore.workload.results.ResultFiles;
import com.acertainbookstore.workload.settings.WorkloadConfig;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * One repetition's recorded history, written under {@code <resultsDir>/history/}, and its check
 * when one was asked for: the verdict, and on a violation beside the history the report
 * ({@code .violation.txt}), the window saved for the run's report page ({@code .violation.jsonl},
 * {@link ViolationFile}) and its picture ({@code .violation.svg}). Immutable.
 *
 * @param file    the history file ({@code history/<point>-r<repetition>.jsonl})
 * @param calls   calls recorded
 * @param check   the check's result; null when none was asked for
 * @param report  the violation's report, window and picture (stem, without extension); null without a violation
 */
public record HistoryRun(Path file, int calls, CheckResult check, Path report) {

    /** The directory of the histories under a results directory. */
    public static final String DIRECTORY = ResultFiles.HISTORY_DIR;

    /** Writes the history of one repetition and checks it when the settings ask. */
    public static HistoryRun finish(WorkloadConfig config, Point point, int repetition, BookSetup books, List<CallLog> logs,
            long originNs) throws IOException {
        String description = point.describe() + ", repetition " + repetition;
        Path file = config.resultsDir.resolve(DIRECTORY).resolve(point.fileStem() + "-r" + repetition + ".jsonl");
        if (config.check == CheckMode.NONE) {
            return new HistoryRun(file, HistoryCapture.write(file, description, books, logs, originNs), null, null);
        }
        History history = HistoryCapture.of(description, books, logs, originNs);
        HistoryFile.write(file, history);
        CheckResult result = Checker.check(history, Budget.of(config.checkSeconds, config.checkMemoryMb));
        Path report = null;
        if (result.verdict() == Verdict.VIOLATION) {
            String stem = point.fileStem() + "-r" + repetition;
            report = file.resolveSibling(stem + ".violation");
            Files.writeString(report.resolveSibling(report.getFileName() + ".txt"), ViolationReport.text(result),
                    StandardCharsets.UTF_8);
            ViolationFile.write(file.resolveSibling(stem + ViolationFile.SUFFIX), description, result.violation());
            WindowPicture.write(file.resolveSibling(stem + WindowPicture.SUFFIX), result.violation(), description);
        }
        return new HistoryRun(file, history.calls().size(), result, report);
    }

    /**
     * What the check said, for the results files: the verdict, and why when it is not a pass (a
     * violation's window and report, or the budget an unknown verdict spent).
     */
    public CheckOutcome outcome() {
        if (check == null) {
            return CheckOutcome.NOT_CHECKED;
        }
        String reason = switch (check.verdict()) {
            case LINEARIZABLE -> "";
            case VIOLATION -> "no order of " + check.violation().window().size() + " calls in part "
                    + check.violation().part() + " explains what the clients saw (" + DIRECTORY + "/"
                    + report.getFileName() + ".txt)";
            case UNKNOWN -> check.reason();
        };
        return new CheckOutcome(check.verdict(), reason);
    }

    /** For the console: where the history went and, when checked, the verdict. */
    public String describe() {
        if (check == null) {
            return "history: " + calls + " calls recorded in " + file;
        }
        return "check " + check.summary() + "; history " + file
                + (report == null ? "" : "; report " + report + ".txt, picture " + report + ".svg");
    }
}
