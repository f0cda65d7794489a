package com.acertainbookstore.workload.checking;

import com.acertainbookstore.business.Book;
import com.acertainbookstore.history.Method;
import com.acertainbookstore.history.Outcome;
import java.util.ArrayList;
import java.util.List;

/**
 * One worker's recorded calls, in the order it made them: appended by its {@link RecordingStore}
 * with no lock and no shared counter (each worker has its own log), turned into a history by
 * {@link HistoryCapture} after the worker is joined. A call keeps references to its argument set
 * and its result list, both immutable snapshots (the store's rule 4; the harness never reuses an
 * argument set), and is converted only after the run. Not thread-safe: written by its worker
 * thread only, read after that thread was joined.
 */
public final class CallLog {

    /**
     * One call as recorded.
     *
     * @param method   the store method
     * @param argument its argument: a set, or the number asked ({@code getEditorPicks}); null for none
     * @param startNs  nanoTime before the call
     * @param endNs    nanoTime after it returned or threw
     * @param outcome  how it ended
     * @param result   a read's result when it returned; else null
     * @param message  a refusal's or failure's message; else null
     */
    record Recorded(Method method, Object argument, long startNs, long endNs, Outcome outcome,
            List<? extends Book> result, String message) {
    }

    private final int worker;
    private final List<Recorded> calls = new ArrayList<>(1024);

    public CallLog(int worker) {
        this.worker = worker;
    }

    int worker() {
        return worker;
    }

    void add(Recorded call) {
        calls.add(call);
    }

    List<Recorded> calls() {
        return calls;
    }
}
