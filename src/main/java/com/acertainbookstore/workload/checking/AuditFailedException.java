package com.acertainbookstore.workload.checking;

import com.acertainbookstore.workload.results.Point;
import java.nio.file.Path;
import java.util.List;

/**
 * The audit found that the store's copies differ from what the successful interactions imply: the
 * run failed. The message names each mismatching ISBN with its numbers. Immutable.
 */
public final class AuditFailedException extends Exception {

    private static final long serialVersionUID = 1L;

    private final List<String> mismatches;

    public AuditFailedException(Point point, int repetition, List<String> mismatches, List<Path> files) {
        super("audit FAILED for " + point.describe() + ", repetition " + repetition + ":\n  "
                + String.join("\n  ", mismatches) + "\n(results so far in " + files
                + ")");
        this.mismatches = List.copyOf(mismatches);
    }

    /** The mismatches, one per ISBN. */
    public List<String> mismatches() {
        return mismatches;
    }
}
