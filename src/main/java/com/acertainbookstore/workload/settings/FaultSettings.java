package com.acertainbookstore.workload.settings;

import com.acertainbookstore.workload.faults.Fault;
import com.acertainbookstore.workload.faults.FaultKind;
import com.acertainbookstore.workload.faults.FaultPlan;
import com.acertainbookstore.workload.faults.RandomSchedule;
import com.acertainbookstore.workload.results.Measure;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The faults of a run, from {@code workload.fault} and, for {@code random}, the settings of the
 * drawn schedule ({@code workload.faultSeed}, {@code faultEvery}, {@code faultMinSeconds},
 * {@code faultMaxSeconds}, {@code faultKinds}): parsed, drawn and checked against the run once,
 * when the {@link WorkloadConfig} is built. Whether this machine can make network partitions is
 * the run's to find out; it is given here ({@link WorkloadConfig#withoutPartitions}) when it
 * cannot. Immutable, safe to share.
 *
 * @param plan     the faults of every measured window ({@link FaultPlan#NONE} without)
 * @param schedule the random schedule the plan was drawn from; null for a plan written out
 * @param leftOut  why kinds were left out of the schedule (partitions cannot be made here); empty
 *                 when none was
 */
record FaultSettings(FaultPlan plan, RandomSchedule schedule, String leftOut) {

    /** The value of {@code workload.fault} that draws the plan. */
    static final String RANDOM = "random";

    /** The settings that only mean something with {@code workload.fault=random}. */
    private static final List<Setting> SCHEDULE = List.of(Setting.FAULT_SEED, Setting.FAULT_EVERY,
            Setting.FAULT_MIN_SECONDS, Setting.FAULT_MAX_SECONDS, Setting.FAULT_KINDS);

    /** The fault settings of a setup without faults: no plan, every schedule setting at its default. */
    static Map<Setting, Object> none() {
        Map<Setting, Object> none = new EnumMap<>(Setting.class);
        none.put(Setting.FAULT, "");
        for (Setting setting : SCHEDULE) {
            none.put(setting, setting.defaultValue());
        }
        return none;
    }

    /**
     * {@code raw} with a seed drawn for a random schedule that was given none, so that the
     * settings hold it (it is printed, and every setup derived from this one keeps it).
     */
    static Map<Setting, String> withDrawnSeed(Map<Setting, String> raw) {
        if (!isRandom(raw.get(Setting.FAULT)) || !raw.get(Setting.FAULT_SEED).isEmpty()) {
            return raw;
        }
        Map<Setting, String> seeded = new EnumMap<>(raw);
        seeded.put(Setting.FAULT_SEED, Long.toString(ThreadLocalRandom.current().nextLong()));
        return seeded;
    }

    private static boolean isRandom(String fault) {
        return fault.strip().equalsIgnoreCase(RANDOM);
    }

    /**
     * Parses, draws and checks the faults of a run: faults need forked replicas, a time-based
     * window to fire in, network namespaces for partitions (unless {@code noPartitions} says why
     * there are none), and a majority up throughout ({@link FaultPlan#check}).
     *
     * @param noPartitions why network partitions cannot be made here; null when they are not
     *                     known to be impossible
     * @throws IllegalArgumentException naming the setting and the rule
     */
    static FaultSettings of(SettingValues values, Map<Setting, String> raw, int replicas, Measure measure,
            double windowSeconds, String noPartitions) {
        String text = raw.get(Setting.FAULT);
        boolean random = isRandom(text);
        if (!random) {
            for (Setting setting : SCHEDULE) {
                if (!raw.get(setting).equals(setting.defaultValue())) {
                    throw SettingValues.invalid(setting, "it sets the random schedule: it needs "
                            + Setting.FAULT.key() + "=" + RANDOM);
                }
            }
        }
        FaultPlan written;
        try {
            written = random ? null : FaultPlan.parse(text);
        } catch (IllegalArgumentException e) {
            throw SettingValues.invalid(Setting.FAULT, e.getMessage());
        }
        if (written != null && written.isEmpty()) {
            return new FaultSettings(written, null, "");
        }
        if (replicas == 0) {
            throw SettingValues.invalid(Setting.FAULT, "faults are injected into replicas the harness forks: it"
                    + " needs " + Setting.REPLICAS.key() + " (3 or more)");
        }
        if (measure == Measure.COUNT) {
            throw SettingValues.invalid(Setting.FAULT, "faults fire at times in the measured window: it needs "
                    + Setting.MEASURE.key() + "=time");
        }
        FaultSettings settings = random ? drawn(values, raw, replicas, windowSeconds, noPartitions)
                : new FaultSettings(written, null, "");
        if (settings.plan.partitions() && noPartitions != null) {
            throw SettingValues.invalid(Setting.FAULT, "'" + settings.plan + "': network partitions (isolate-leader,"
                    + " isolate-follower) cannot be made here: " + noPartitions + "; kill-leader, kill-follower,"
                    + " restart, pause-leader and pause-follower need no privilege");
        }
        try {
            settings.plan.check(replicas, windowSeconds);
        } catch (IllegalArgumentException e) {
            throw SettingValues.invalid(Setting.FAULT, e.getMessage());
        }
        return settings;
    }

    /** The schedule of the random settings, and the plan it draws for this run. */
    private static FaultSettings drawn(SettingValues values, Map<Setting, String> raw, int replicas,
            double windowSeconds, String noPartitions) {
        if (replicas < RandomSchedule.MIN_REPLICAS) {
            throw SettingValues.invalid(Setting.FAULT, RANDOM + " takes one replica down at a time and needs the"
                    + " others to be a majority: it needs " + Setting.REPLICAS.key() + " >= "
                    + RandomSchedule.MIN_REPLICAS + " (it is " + replicas + ")");
        }
        long seed = values.integer(Setting.FAULT_SEED, Long.MIN_VALUE, Long.MAX_VALUE);
        double every = values.decimal(Setting.FAULT_EVERY, 0.3, RandomSchedule.MAX_SECONDS);
        double shortest = values.decimal(Setting.FAULT_MIN_SECONDS, 0.1, RandomSchedule.MAX_SECONDS);
        double longest = values.decimal(Setting.FAULT_MAX_SECONDS, 0.1, RandomSchedule.MAX_SECONDS);
        if (longest < shortest) {
            throw SettingValues.invalid(Setting.FAULT_MAX_SECONDS, longest + " must be >= "
                    + Setting.FAULT_MIN_SECONDS.key() + " (" + shortest + ")");
        }
        if (every / 2 <= longest) {
            throw SettingValues.invalid(Setting.FAULT_EVERY, every + " must be more than twice "
                    + Setting.FAULT_MAX_SECONDS.key() + " (" + longest + "): a fault starts at least half of it"
                    + " after the one before, which must be healed by then");
        }
        List<FaultKind> kinds;
        try {
            kinds = RandomSchedule.parseKinds(raw.get(Setting.FAULT_KINDS));
        } catch (IllegalArgumentException e) {
            throw SettingValues.invalid(Setting.FAULT_KINDS, e.getMessage());
        }
        String leftOut = "";
        if (raw.get(Setting.FAULT_KINDS).isBlank() && noPartitions != null) {
            leftOut = "isolate-leader and isolate-follower left out: partitions cannot be made here: " + noPartitions;
            kinds = kinds.stream().filter(kind -> !kind.partitions()).toList();
        } else if (noPartitions != null && kinds.stream().anyMatch(FaultKind::partitions)) {
            throw SettingValues.invalid(Setting.FAULT_KINDS, "network partitions (isolate-leader, isolate-follower)"
                    + " cannot be made here: " + noPartitions);
        }
        RandomSchedule schedule;
        try {
            schedule = new RandomSchedule(seed, every, shortest, longest, kinds);
        } catch (IllegalArgumentException e) {
            throw SettingValues.invalid(Setting.FAULT_EVERY, e.getMessage());
        }
        FaultPlan plan = schedule.draw(replicas, windowSeconds);
        if (plan.isEmpty()) {
            throw SettingValues.invalid(Setting.FAULT, String.format(Locale.ROOT, "%s draws no fault in a measured"
                    + " window of %s s: the first fault starts at least %s s in (half of %s) and must be healed as long"
                    + " before the window ends; lengthen %s or shorten %s", RANDOM, windowSeconds, every / 2,
                    Setting.FAULT_EVERY.key(), Setting.WINDOW_SECONDS.key(), Setting.FAULT_EVERY.key()));
        }
        return new FaultSettings(plan, schedule, leftOut);
    }

    /**
     * Whether these faults may cut replicas off from each other: the plan does, or the random
     * schedule draws from kinds that do.
     */
    boolean mayPartition() {
        return schedule == null ? plan.partitions() : schedule.kinds().stream().anyMatch(FaultKind::partitions);
    }

    /**
     * For the start of the run: the plan, and for a random schedule its seed (how to replay it),
     * its kinds and what was left out; empty without faults.
     */
    String describe() {
        if (plan.isEmpty()) {
            return "";
        }
        if (schedule == null) {
            return "faults in every measured window: " + plan;
        }
        return "faults in every measured window: " + schedule.describe() + (leftOut.isEmpty() ? "" : "; " + leftOut)
                + "\n  drawn: " + plan + "\n  replay: -D" + Setting.FAULT.key() + "=" + RANDOM + " -D"
                + Setting.FAULT_SEED.key() + "=" + schedule.seed() + " -D" + Setting.FAULT_EVERY.key() + "="
                + Fault.number(schedule.everySeconds()) + " -D" + Setting.FAULT_MIN_SECONDS.key() + "="
                + Fault.number(schedule.minSeconds()) + " -D" + Setting.FAULT_MAX_SECONDS.key() + "="
                + Fault.number(schedule.maxSeconds()) + " -D" + Setting.FAULT_KINDS.key() + "="
                + String.join(",", schedule.kinds().stream().map(FaultKind::label).toList())
                + " with the same " + Setting.WINDOW_SECONDS.key() + " and " + Setting.REPLICAS.key()
                + " (or give the drawn plan as " + Setting.FAULT.key() + ")";
    }
}
