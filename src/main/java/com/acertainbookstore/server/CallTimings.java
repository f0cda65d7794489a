package com.acertainbookstore.server;

import com.acertainbookstore.wire.Metric;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * Where the server's operation calls spend their time: a sum of nanoseconds per stage (the
 * {@code CALL_*} {@link Metric}s) and a count of calls, answered by {@code /metrics}. Each call
 * reads the clock a few times and adds to striped counters, so recording costs tens of
 * nanoseconds and no contention. Safe to share between threads.
 */
final class CallTimings {

    private final Map<Metric, LongAdder> sums = new EnumMap<>(Metric.class);
    private final LongAdder calls = new LongAdder();

    CallTimings() {
        for (Metric stage : EnumSet.range(Metric.CALL_ARRIVE_NS, Metric.CALL_WRITE_NS)) {
            sums.put(stage, new LongAdder());
        }
    }

    /** The stamps of one call, taken as it goes; used by the thread handling it at each moment. */
    final class Clock {
        private final long begin;
        private final long headers;
        private final long handled;
        private long read;
        private long decoded;
        private long stored;
        private long encoded;

        private Clock(long begin, long headers, long handled) {
            this.begin = begin;
            this.headers = headers;
            this.handled = handled;
        }

        void bodyRead() {
            read = System.nanoTime();
        }

        void decoded() {
            decoded = System.nanoTime();
        }

        void stored() {
            stored = System.nanoTime();
        }

        void encoded() {
            encoded = System.nanoTime();
        }

        /**
         * The answer is written: adds this call's stages to the sums. A stage the call never
         * reached (a refused call stops after decoding or in the store) took no time: its stamp is
         * the one before it.
         */
        void written() {
            long now = System.nanoTime();
            long readAt = read == 0 ? handled : read;
            long decodedAt = decoded == 0 ? readAt : decoded;
            long storedAt = stored == 0 ? decodedAt : stored;
            long encodedAt = encoded == 0 ? storedAt : encoded;
            add(Metric.CALL_ARRIVE_NS, headers - begin);
            add(Metric.CALL_DISPATCH_NS, handled - headers);
            add(Metric.CALL_READ_NS, readAt - handled);
            add(Metric.CALL_DECODE_NS, decodedAt - readAt);
            add(Metric.CALL_STORE_NS, storedAt - decodedAt);
            add(Metric.CALL_ENCODE_NS, encodedAt - storedAt);
            add(Metric.CALL_WRITE_NS, now - encodedAt);
            calls.increment();
        }
    }

    /** Starts the clock of a call whose handler runs now. */
    Clock start(long beginNanos, long headersNanos) {
        return new Clock(beginNanos, headersNanos, System.nanoTime());
    }

    private void add(Metric stage, long nanos) {
        sums.get(stage).add(Math.max(0, nanos));
    }

    /** The {@code /metrics} lines of the sums and the count. */
    String text() {
        StringBuilder text = new StringBuilder(Metric.CALLS.line(calls.sum()));
        sums.forEach((stage, sum) -> text.append(stage.line(sum.sum())));
        return text.toString();
    }
}
