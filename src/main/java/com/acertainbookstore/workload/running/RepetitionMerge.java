package com.acertainbookstore.workload.running;

import com.acertainbookstore.workload.checking.HistoryRun;
import com.acertainbookstore.workload.faults.FaultInjector;
import com.acertainbookstore.workload.load.IntervalRecorder;
import com.acertainbookstore.workload.load.WorkerLog;
import com.acertainbookstore.workload.results.Arrivals;
import com.acertainbookstore.workload.results.Call;
import com.acertainbookstore.workload.results.CallFigures;
import com.acertainbookstore.workload.results.CheckOutcome;
import com.acertainbookstore.workload.results.FailureCause;
import com.acertainbookstore.workload.results.Failures;
import com.acertainbookstore.workload.results.InteractionType;
import com.acertainbookstore.workload.results.Interval;
import com.acertainbookstore.workload.results.IntervalLogFile;
import com.acertainbookstore.workload.results.Latency;
import com.acertainbookstore.workload.results.Measure;
import com.acertainbookstore.workload.results.OpenFigures;
import com.acertainbookstore.workload.results.Point;
import com.acertainbookstore.workload.results.Repetition;
import com.acertainbookstore.workload.results.TypeFigures;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.Histogram;

/**
 * Merges the workers' logs of one repetition into its results: the {@link Repetition}, its
 * intervals and its interval log. Runs on the coordinator after every worker was joined.
 * Stateless; safe to share.
 */
final class RepetitionMerge {

    /**
     * Everything one repetition produced.
     *
     * @param repetition what it measured
     * @param intervals  its figures per interval, for the intervals file
     * @param log        the same intervals as histograms, for the interval log
     * @param history    its recorded history and check; null when nothing was recorded
     */
    record Recording(Repetition repetition, List<Interval> intervals, IntervalLogFile.RepetitionLog log,
            HistoryRun history, FaultInjector.Result faults) {

        /** The same with its recorded history, and the check's outcome in its repetition. */
        Recording withHistory(HistoryRun run) {
            return new Recording(repetition.withCheck(run.outcome()), intervals, log, run, faults);
        }

        /** The same with what its faults did. */
        Recording withFaults(FaultInjector.Result result) {
            return new Recording(repetition, intervals, log, history, result);
        }
    }

    /**
     * The open loop's inputs to the merge.
     *
     * @param arrivals      how intended starts were spaced
     * @param peakPerSecond the probed closed-loop peak, NaN when unknown
     */
    record OpenInputs(Arrivals arrivals, double peakPerSecond) {
    }

    private RepetitionMerge() {
    }

    /**
     * The results of one repetition.
     *
     * @param open                the open loop's inputs; null for a closed loop
     * @param referenceThroughput count mode: the reference's throughput definition; else NaN
     * @param intervalNs          the length of an interval
     */
    static Recording of(Point point, int repetition, Measure measure, List<WorkerLog> logs, Observed seen,
            OpenInputs open, double referenceThroughput, List<String> auditProblems, long intervalNs) {
        AbstractHistogram all = new Histogram(2);
        AbstractHistogram service = new Histogram(2);
        AbstractHistogram startDelay = new Histogram(2);
        AbstractHistogram[] byType = histograms(InteractionType.values().length);
        AbstractHistogram[] byCall = histograms(Call.values().length);
        long[] typeAttempts = new long[byType.length];
        long[] typeSuccesses = new long[byType.length];
        long attempts = 0;
        long successes = 0;
        long idle = 0;
        long lateStarts = 0;
        long claimed = 0;
        long windowSuccesses = 0;
        Map<FailureCause, Long> failures = new HashMap<>();
        for (WorkerLog log : logs) {
            for (IntervalRecorder.Bucket bucket : log.intervals.buckets()) {
                if (bucket.measured) {
                    all.add(bucket.latency);
                    if (bucket.service != null) {
                        service.add(bucket.service);
                    }
                }
            }
            for (int i = 0; i < byType.length; i++) {
                byType[i].add(log.byType[i]);
                typeAttempts[i] += log.attemptsByType[i];
                typeSuccesses[i] += log.successesByType[i];
            }
            for (int i = 0; i < byCall.length; i++) {
                byCall[i].add(log.byCall[i]);
            }
            attempts += log.attempts;
            successes += log.successes;
            idle += log.attempts == 0 ? 1 : 0;
            log.failures.forEach((cause, count) -> failures.merge(cause, count[0], Long::sum));
            if (open != null) {
                startDelay.add(log.startDelay);
                lateStarts += log.lateStarts;
                claimed += log.measuredClaimed();
                windowSuccesses += log.windowSuccesses;
            }
        }
        Map<InteractionType, TypeFigures> types = new EnumMap<>(InteractionType.class);
        if (!point.series().isCeiling()) {
            for (InteractionType type : InteractionType.values()) {
                int i = type.ordinal();
                types.put(type, new TypeFigures(typeAttempts[i], typeSuccesses[i], Latency.of(byType[i])));
            }
        }
        Map<Call, CallFigures> calls = new EnumMap<>(Call.class);
        for (Call call : Call.values()) {
            AbstractHistogram h = byCall[call.ordinal()];
            calls.put(call, new CallFigures(h.getTotalCount(), Latency.of(h)));
        }
        double window = seen.windowSeconds();
        OpenFigures openFigures = open == null ? null : new OpenFigures(open.arrivals(), open.peakPerSecond(),
                claimed + seen.unstarted(), lateStarts, seen.backlogAtEnd(), seen.unstarted(), Latency.of(service),
                Latency.of(startDelay));
        double throughput = (open == null ? successes : windowSuccesses) / window;
        Repetition result = new Repetition(point, repetition, measure, window, throughput, referenceThroughput,
                Latency.of(all), attempts, successes, idle, types, calls, openFigures,
                seen.after().since(seen.before()), new Failures(failures), auditProblems,
                CheckOutcome.NOT_CHECKED);
        return intervals(result, logs, seen, intervalNs, open != null);
    }

    /** The repetition's intervals from the workers' buckets, every interval up to the end, empty ones too. */
    private static Recording intervals(Repetition result, List<WorkerLog> logs, Observed seen, long intervalNs,
            boolean open) {
        int count = (int) Math.max(1, (seen.endNs() - seen.originNs() + intervalNs - 1) / intervalNs);
        AbstractHistogram[] latency = histograms(count);
        AbstractHistogram[] service = open ? histograms(count) : null;
        long[] successes = new long[count];
        long[] failures = new long[count];
        long[] unknown = new long[count];
        long[] refused = new long[count];
        for (WorkerLog log : logs) {
            for (IntervalRecorder.Bucket bucket : log.intervals.buckets()) {
                int i = Math.min(bucket.index, count - 1);
                latency[i].add(bucket.latency);
                if (service != null) {
                    service[i].add(bucket.service);
                }
                successes[i] += bucket.successes;
                failures[i] += bucket.failures;
                unknown[i] += bucket.unknown;
                refused[i] += bucket.refused;
            }
        }
        double windowStart = seen.secondsSinceOrigin(seen.windowStartNs());
        double windowEnd = seen.secondsSinceOrigin(seen.windowEndNs());
        double end = seen.secondsSinceOrigin(seen.endNs());
        List<Interval> intervals = new ArrayList<>();
        List<IntervalLogFile.Recorded> recorded = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            double from = i * intervalNs / 1e9;
            double to = Math.max(Math.min((i + 1) * intervalNs / 1e9, end), from + 1e-6);
            long backlog = i < seen.backlogByInterval().length ? seen.backlogByInterval()[i] : 0;
            intervals.add(new Interval(result.point(), result.repetition(), from, to, windowStart, windowEnd,
                    successes[i], failures[i], unknown[i], refused[i], Latency.of(latency[i]),
                    service == null ? Latency.NONE : Latency.of(service[i]), backlog));
            recorded.add(new IntervalLogFile.Recorded(from, to, latency[i], service == null ? null : service[i]));
        }
        return new Recording(result, intervals, new IntervalLogFile.RepetitionLog(result.repetition(),
                seen.originEpochMs(), windowStart, windowEnd, recorded), null, null);
    }

    private static AbstractHistogram[] histograms(int count) {
        AbstractHistogram[] histograms = new AbstractHistogram[count];
        for (int i = 0; i < count; i++) {
            histograms[i] = new Histogram(2);
        }
        return histograms;
    }
}
