package com.acertainbookstore.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.wire.Metric;
import java.util.EnumSet;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class CallTimingsTest {

    private static final long ONE_MINUTE_NS = TimeUnit.MINUTES.toNanos(1);

    @Test
    void written_callRefusedBeforeTheStore_addsOnlyTheTimeItTook() {
        CallTimings timings = new CallTimings();
        long now = System.nanoTime();
        CallTimings.Clock clock = timings.start(now, now);
        clock.bodyRead();
        // A 400 or 422: no decoded, stored or encoded stamp.
        clock.written();
        Map<Metric, Long> sums = Metric.parse(timings.text());
        assertEquals(1L, sums.get(Metric.CALLS));
        for (Metric stage : EnumSet.range(Metric.CALL_ARRIVE_NS, Metric.CALL_WRITE_NS)) {
            assertTrue(sums.get(stage) >= 0 && sums.get(stage) < ONE_MINUTE_NS, stage + " = " + sums.get(stage));
        }
    }

    @Test
    void written_wholeCall_addsEveryStage() {
        CallTimings timings = new CallTimings();
        long now = System.nanoTime();
        CallTimings.Clock clock = timings.start(now, now);
        clock.bodyRead();
        clock.decoded();
        clock.stored();
        clock.encoded();
        clock.written();
        clock = timings.start(System.nanoTime(), System.nanoTime());
        clock.written();
        Map<Metric, Long> sums = Metric.parse(timings.text());
        assertEquals(2L, sums.get(Metric.CALLS));
        for (Metric stage : EnumSet.range(Metric.CALL_ARRIVE_NS, Metric.CALL_WRITE_NS)) {
            assertTrue(sums.get(stage) < ONE_MINUTE_NS, stage + " = " + sums.get(stage));
        }
    }
}
