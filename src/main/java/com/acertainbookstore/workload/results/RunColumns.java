package com.acertainbookstore.workload.results;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * The columns of the runs file, one row per {@link Repetition}, each defined once here: the runs
 * file is written from them, the summary file has the mean and standard deviation of each
 * {@linkplain #MEASURED measured number}, and the charts read those by the same constants. The
 * file order is the order of the declarations below. Stateless, safe to share.
 *
 * <p>Units are in the names ({@code _us} microseconds, {@code _s} seconds, {@code _per_s} per
 * second, {@code _ms}, {@code _mb} MiB); columns that do not apply to a row are empty.
 */
public final class RunColumns {

    /** The latency columns of one distribution: {@code <prefix>_{mean,p50,p90,p99,p999,max}_us}. */
    public record LatencyColumns(NumberColumn<Repetition> mean, NumberColumn<Repetition> p50,
            NumberColumn<Repetition> p90, NumberColumn<Repetition> p99, NumberColumn<Repetition> p999,
            NumberColumn<Repetition> max) {
    }

    /** The columns of one interaction type: share, latency and success rate. */
    public record TypeColumns(NumberColumn<Repetition> share, NumberColumn<Repetition> mean,
            NumberColumn<Repetition> p50, NumberColumn<Repetition> p90, NumberColumn<Repetition> p99,
            NumberColumn<Repetition> p999, NumberColumn<Repetition> max, NumberColumn<Repetition> successRate) {
    }

    /** Every column in file order, filled by the declarations below as the class initialises. */
    private static final List<Column<Repetition>> ORDER = new ArrayList<>();
    /** The columns added after results were first committed, filled as they are declared ({@link #LATER}). */
    private static final List<Column<Repetition>> ADDED_LATER = new ArrayList<>();

    /** Which point: mode, load, locking, series, threads, offered_per_s ({@link PointColumns}). */
    private static final List<Column<Repetition>> POINT = add(PointColumns.of(Repetition::point));
    public static final NumberColumn<Repetition> REPETITION = add(NumberColumn.count("repetition",
            Repetition::repetition));

    /** {@code time} or {@code count}. */
    public static final TextColumn<Repetition> MEASURE = add(new TextColumn<>("measure", r -> r.measure().label()));
    /** Open loop: {@code constant} or {@code poisson}. */
    public static final TextColumn<Repetition> ARRIVALS = add(new TextColumn<>("arrivals",
            r -> r.open() == null ? "" : r.open().arrivals().label()));
    public static final NumberColumn<Repetition> WINDOW = add(NumberColumn.number("window_s",
            Repetition::windowSeconds));
    public static final NumberColumn<Repetition> THROUGHPUT = add(NumberColumn.number("throughput_per_s",
            Repetition::throughput));
    /** Count mode only: the reference's throughput definition. */
    public static final NumberColumn<Repetition> THROUGHPUT_REF = add(NumberColumn.number("throughput_ref_per_s",
            Repetition::referenceThroughput));
    /** Closed loop only: threads / throughput, derived (never recorded). */
    public static final NumberColumn<Repetition> TIME_PER_INTERACTION = add(new NumberColumn<>(
            "time_per_interaction_us", false, true, Repetition::timePerInteractionMicros));
    /** Every measured interaction (open loop: from its intended start). */
    public static final LatencyColumns LATENCY = latency("latency", Repetition::latency);
    public static final NumberColumn<Repetition> SUCCESS_RATE = add(NumberColumn.number("success_rate",
            Repetition::successRate));
    public static final NumberColumn<Repetition> INTERACTIONS = add(NumberColumn.count("interactions",
            Repetition::interactions));
    public static final NumberColumn<Repetition> SUCCESSES = add(NumberColumn.count("successes",
            Repetition::successes));
    public static final NumberColumn<Repetition> FAILURES = add(NumberColumn.count("failures", Repetition::failed));
    public static final NumberColumn<Repetition> IDLE_WORKERS = add(NumberColumn.count("idle_workers",
            Repetition::idleWorkers));
    private static final Map<InteractionType, NumberColumn<Repetition>> SHARES = shares();
    private static final Map<InteractionType, TypeColumns> TYPES = types();

    static {
        addCallColumns();
    }

    /** Open loop: offered rate / probed peak. */
    public static final NumberColumn<Repetition> OFFERED_FRACTION = add(NumberColumn.number("offered_fraction",
            r -> r.open() == null ? Double.NaN : r.point().offeredPerSecond() / r.open().peakPerSecond()));
    /** Open loop: the closed-loop peak the rates came from. */
    public static final NumberColumn<Repetition> PEAK = add(NumberColumn.number("peak_per_s",
            r -> r.open() == null ? Double.NaN : r.open().peakPerSecond()));
    /** Open loop: interactions whose intended start fell in the window. */
    public static final NumberColumn<Repetition> SCHEDULED = add(NumberColumn.count("scheduled",
            r -> open(r, OpenFigures::scheduled)));
    public static final NumberColumn<Repetition> SCHEDULED_RATE = add(NumberColumn.number("scheduled_per_s",
            r -> open(r, OpenFigures::scheduled) / r.windowSeconds()));
    public static final NumberColumn<Repetition> LATE_STARTS = add(NumberColumn.count("late_starts",
            r -> open(r, OpenFigures::lateStarts)));
    public static final NumberColumn<Repetition> LATE_SHARE = add(NumberColumn.number("late_start_share",
            r -> open(r, OpenFigures::lateStarts) / open(r, OpenFigures::scheduled)));
    public static final NumberColumn<Repetition> BACKLOG = add(NumberColumn.count("backlog_end",
            r -> open(r, OpenFigures::backlogAtEnd)));
    public static final NumberColumn<Repetition> UNSTARTED = add(NumberColumn.count("unstarted",
            r -> open(r, OpenFigures::unstarted)));
    /** Open loop: from the actual start. */
    public static final LatencyColumns SERVICE = latency("service",
            r -> r.open() == null ? Latency.NONE : r.open().service());
    /** Open loop: actual minus intended start. */
    public static final LatencyColumns START_DELAY = latency("start_delay",
            r -> r.open() == null ? Latency.NONE : r.open().startDelay());

    static {
        addFailureKindColumns();
    }

    public static final NumberColumn<Repetition> CPU = add(NumberColumn.number("cpu_percent",
            r -> r.resources().cpuPercent()));
    public static final NumberColumn<Repetition> GC_COUNT = add(NumberColumn.count("gc_count",
            r -> r.resources().gcCount()));
    public static final NumberColumn<Repetition> GC_TIME = add(NumberColumn.count("gc_time_ms",
            r -> r.resources().gcTimeMs()));
    public static final NumberColumn<Repetition> HEAP = add(NumberColumn.number("heap_used_mb",
            r -> r.resources().heapUsedMb()));
    public static final NumberColumn<Repetition> PROCESS_THREADS = add(NumberColumn.count("process_threads",
            r -> r.resources().processThreads()));
    public static final TextColumn<Repetition> FAILURE_CAUSES = add(new TextColumn<>("failure_causes",
            r -> r.failures().format()));
    public static final TextColumn<Repetition> AUDIT = add(new TextColumn<>("audit", r -> r.audit().label()));
    /** The history check's verdict: empty when not checked ({@link CheckOutcome}). */
    public static final TextColumn<Repetition> CHECK = later(new TextColumn<>("check", r -> r.check().label()));
    /** Why the check is not linearizable or unknown; else empty. */
    public static final TextColumn<Repetition> CHECK_REASON = later(new TextColumn<>("check_reason",
            r -> r.check().reason()));

    /** Every column of the runs file, in order. */
    public static final List<Column<Repetition>> ALL = List.copyOf(ORDER);

    /**
     * The columns added after results were first written and committed: a file written before one
     * of them lacks it, and reads as if its cells were empty (its summary's figure {@link Stat#NONE},
     * the check {@link CheckOutcome#NOT_CHECKED}).
     */
    public static final List<Column<Repetition>> LATER = List.copyOf(ADDED_LATER);

    /** The numbers a summary averages: every number but the point's and the repetition's. */
    public static final List<NumberColumn<Repetition>> MEASURED = measured();

    private RunColumns() {
    }

    /** The share column of an interaction type. */
    public static NumberColumn<Repetition> share(InteractionType type) {
        return SHARES.get(type);
    }

    /** The columns of an interaction type. */
    public static TypeColumns type(InteractionType type) {
        return TYPES.get(type);
    }

    private static <C extends Column<Repetition>> C add(C column) {
        ORDER.add(column);
        return column;
    }

    private static <C extends Column<Repetition>> C later(C column) {
        ADDED_LATER.add(column);
        return add(column);
    }

    private static List<Column<Repetition>> add(List<Column<Repetition>> columns) {
        ORDER.addAll(columns);
        return columns;
    }

    private static double open(Repetition r, ToDoubleFunction<OpenFigures> figure) {
        return r.open() == null ? Double.NaN : figure.applyAsDouble(r.open());
    }

    private static LatencyColumns latency(String prefix, Function<Repetition, Latency> of) {
        return new LatencyColumns(
                add(NumberColumn.number(prefix + "_mean_us", r -> of.apply(r).mean())),
                add(NumberColumn.number(prefix + "_p50_us", r -> of.apply(r).p50())),
                add(NumberColumn.number(prefix + "_p90_us", r -> of.apply(r).p90())),
                add(NumberColumn.number(prefix + "_p99_us", r -> of.apply(r).p99())),
                add(NumberColumn.number(prefix + "_p999_us", r -> of.apply(r).p999())),
                add(NumberColumn.number(prefix + "_max_us", r -> of.apply(r).max())));
    }

    private static Map<InteractionType, NumberColumn<Repetition>> shares() {
        Map<InteractionType, NumberColumn<Repetition>> shares = new EnumMap<>(InteractionType.class);
        for (InteractionType type : InteractionType.values()) {
            shares.put(type, add(NumberColumn.number(type.label() + "_share", r -> r.share(type))));
        }
        return Collections.unmodifiableMap(shares);
    }

    private static Map<InteractionType, TypeColumns> types() {
        Map<InteractionType, TypeColumns> types = new EnumMap<>(InteractionType.class);
        for (InteractionType type : InteractionType.values()) {
            String p = type.label();
            Function<Repetition, Latency> of = r -> r.types().get(type).latency();
            types.put(type, new TypeColumns(SHARES.get(type),
                    add(NumberColumn.number(p + "_mean_us", r -> of.apply(r).mean())),
                    add(NumberColumn.number(p + "_p50_us", r -> of.apply(r).p50())),
                    add(NumberColumn.number(p + "_p90_us", r -> of.apply(r).p90())),
                    add(NumberColumn.number(p + "_p99_us", r -> of.apply(r).p99())),
                    later(NumberColumn.number(p + "_p999_us", r -> of.apply(r).p999())),
                    add(NumberColumn.number(p + "_max_us", r -> of.apply(r).max())),
                    add(NumberColumn.number(p + "_success_rate", r -> r.types().get(type).successRate()))));
        }
        return Collections.unmodifiableMap(types);
    }

    /** The columns of each remote method: {@code call_<method>_{count,mean_us,p50_us,p99_us,max_us}}. */
    private static void addCallColumns() {
        for (Call call : Call.values()) {
            String p = "call_" + call.label();
            Function<Repetition, Latency> of = r -> r.calls().get(call).latency();
            add(NumberColumn.count(p + "_count", r -> r.calls().get(call).count()));
            add(NumberColumn.number(p + "_mean_us", r -> of.apply(r).mean()));
            add(NumberColumn.number(p + "_p50_us", r -> of.apply(r).p50()));
            add(NumberColumn.number(p + "_p99_us", r -> of.apply(r).p99()));
            add(NumberColumn.number(p + "_max_us", r -> of.apply(r).max()));
        }
    }

    /** The count of each kind of failure: {@code failures_<kind>}. */
    private static void addFailureKindColumns() {
        for (FailureKind kind : FailureKind.values()) {
            add(NumberColumn.count("failures_" + kind.columnLabel(), r -> r.failures().of(kind)));
        }
    }

    private static List<NumberColumn<Repetition>> measured() {
        List<NumberColumn<Repetition>> numbers = new ArrayList<>();
        for (Column<Repetition> column : ALL) {
            if (column instanceof NumberColumn<Repetition> number && !POINT.contains(number) && number != REPETITION) {
                numbers.add(number);
            }
        }
        return List.copyOf(numbers);
    }
}
