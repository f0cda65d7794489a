package com.acertainbookstore.history;

import java.util.Locale;

/**
 * What a check of one history found, and what it cost. Immutable and safe to share.
 *
 * @param verdict     linearizable, a violation, or unknown (budget spent)
 * @param description the history's description
 * @param calls       calls searched (failed calls and reads of unknown outcome are left out: they changed nothing)
 * @param unknown     of those, writes whose outcome is unknown
 * @param parts       parts searched one by one (per ISBN, or 1 for the whole store)
 * @param perIsbn     whether the history was split per ISBN
 * @param model       the model it was checked against: {@code register} or {@code store}
 * @param elapsedNs   wall time of the check, report included
 * @param steps       calls the model was asked about, over every search
 * @param reason      why the verdict is unknown (which budget, which part); else empty
 * @param violation   the window that cannot be ordered; null unless the verdict is a violation
 */
public record CheckResult(Verdict verdict, String description, int calls, int unknown, int parts, boolean perIsbn,
        String model, long elapsedNs, long steps, String reason, Violation violation) {

    /** Calls checked per second of wall time. */
    public double callsPerSecond() {
        return calls / Math.max(1e-9, elapsedNs / 1e9);
    }

    /** One line: verdict, calls, parts, model, time. */
    public String summary() {
        return String.format(Locale.ROOT, "%s: %,d calls (%,d unknown) in %d %s of the %s model, %.3f s, %,d steps%s",
                verdict.label(), calls, unknown, parts, perIsbn ? "per-ISBN parts" : "whole-store part", model,
                elapsedNs / 1e9, steps, reason.isEmpty() ? "" : " (" + reason + ")");
    }
}
