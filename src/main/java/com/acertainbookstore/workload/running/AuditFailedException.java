package com.acertainbookstore.workload.running;

import java.nio.file.Path;
import java.util.List;

/**
 * The audit found that the store's copies differ from what the successful interactions imply: the
 * run failed. The message names each mismatching ISBN with its numbers. Immutable.
 */
public final class AuditFailedException extends Exception {

    private static final long serialVersionUID = 1L;

    private final List<String> mismatches;

    AuditFailedException(Point point, Object repetition, List<String> mismatches, List<Path> files) {
        super("audit FAILED for " + point.series() + " at " + point.threads() + " threads, repetition "
                + repetition + ":\n  " + String.join("\n  ", mismatches) + "\n(results so far in " + files
                + ")");
        this.mismatches = List.copyOf(mismatches);
    }

    /** The mismatches, one per ISBN. */
    public List<String> mismatches() {
        return mismatches;
    }
}
