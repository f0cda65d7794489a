package com.acertainbookstore.workload.settings;

import com.acertainbookstore.business.Locking;
import com.acertainbookstore.cluster.JavaRuntime;
import com.acertainbookstore.protocol.BearerToken;
import com.acertainbookstore.replication.ReadMode;
import com.acertainbookstore.workload.faults.FaultPlan;
import com.acertainbookstore.workload.results.Arrivals;
import com.acertainbookstore.workload.results.CheckMode;
import com.acertainbookstore.workload.results.Load;
import com.acertainbookstore.workload.results.Measure;
import com.acertainbookstore.workload.results.Mode;
import com.acertainbookstore.workload.results.Profile;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The harness's settings: one immutable, validated value. Immutable and safe to share.
 *
 * <p>Built from {@code workload.*} strings ({@link Setting} holds every key and default); every
 * value is parsed and checked when the object is built, so an invalid setup never starts. Derived
 * setups come from {@link #with(Setting, Object)} and the typed {@code with...} shortcuts.
 */
public final class WorkloadConfig {

    private final Map<Setting, String> raw;

    public final boolean local;
    /** URL of a running server, or null: fork one. */
    public final URI server;
    /** Over HTTPS to a forked server, with certificates made for the run. */
    public final boolean tls;
    /** Replicas to fork, or 0: one server (forked, or {@link #server}). */
    public final int replicas;
    /** The replicas run as hosts: each in a network namespace at an address of its own, over HTTPS. */
    public final boolean hosts;
    /** How forked replicas serve reads. */
    public final ReadMode replicaReads;
    /** How the workers reach the replicas. */
    public final ReplicaClients replicaClients;
    /** Each call's deadline against replicas, seconds. */
    public final double callTimeoutSeconds;
    /** The timed faults of every measured window (replicated runs only); {@link FaultPlan#NONE} without. */
    public final FaultPlan faults;
    /** The faults' settings: the plan and, for {@code workload.fault=random}, the schedule it was drawn from. */
    private final FaultSettings faultSettings;
    /** The forked replicas' storage root. */
    public final Path replicaStorage;
    /** Seconds each replica JVM warms up before it starts ({@code replica.warmupSeconds}). */
    public final int replicaWarmupSeconds;
    /** The locking modes asked for; empty: the mode's default ({@link #lockingsToRun()}). */
    public final List<Locking> lockings;
    public final List<Integer> threads;
    public final Load load;
    /** Open loop: the offered rates asked for; empty: derived from the probed peak. */
    public final List<Double> rates;
    public final Arrivals arrivals;
    public final List<Double> rateFractions;
    public final List<Integer> probeThreads;
    /** Open loop: the worker pool's size; 0: auto (from the probe). */
    public final int workers;
    public final int repetitions;
    public final Measure measure;
    /** Threads of the priming repetitions: enough to load both cores and contend, as the sweep will. */
    public static final int PRIMING_THREADS = 10;
    /**
     * The most replicas the harness forks: its bound on {@code workload.replicas}, checked when the
     * settings are read; no more than the fleet starts ({@code WorkloadConfigTest} checks it
     * against the fleet's own bound).
     */
    public static final int MAX_REPLICAS = 9;
    /** Discarded repetitions before each locking's first point last at least this long (at least one). */
    public final double primingSeconds;
    public final double warmupSeconds;
    public final double windowSeconds;
    public final int warmupInteractions;
    public final int measuredInteractions;
    public final double intervalSeconds;
    public final double lateStartMs;
    public final double drainSeconds;
    public final long seed;
    public final int initialBooks;
    public final int initialCopies;
    public final int catalogueSize;
    public final int editorPicks;
    public final int booksToBuy;
    public final int booksToReplenish;
    public final int copiesToAdd;
    public final int booksToAcquire;
    public final double customerShare;
    public final double replenishmentShare;
    public final double acquisitionShare;
    /** The register profile's shares of buy, add and read (one definition, quoted by the setting's help). */
    public static final String REGISTER_SHARES = "50 % buys, 5 % adds, 45 % reads";
    public static final double REGISTER_BUY_SHARE = 0.5;
    public static final double REGISTER_ADD_SHARE = 0.05;
    public final Profile profile;
    public final int registerBooks;
    /** Whether every call is recorded: asked for, or implied by the check. */
    public final boolean history;
    public final CheckMode check;
    public final double checkSeconds;
    public final long checkMemoryMb;
    public final boolean healthCeiling;
    public final Path resultsDir;
    public final Path plotsDir;
    /** The level (rate or threads) of the point drawn over time; NaN: chosen automatically. */
    public final double timeline;
    public final boolean chartsOnly;
    /** Two results directories to compare (A, B), or empty. */
    public final List<Path> compare;
    /** Results directories to merge into {@link #resultsDir}, or empty. */
    public final List<Path> merge;
    public final boolean help;
    /** The shortest sampling period of the run's JVMs, seconds. */
    public static final double MIN_SAMPLE_SECONDS = 0.1;
    public final double progressSeconds;
    public final ProgressStyle progressStyle;
    /** Seconds between samples of the run's JVMs within a window; 0: no sampling. */
    public final double sampleSeconds;
    public final double serverStartSeconds;
    public final List<String> serverJvmArgs;
    /** The JVM of the forked server or replicas ({@code workload.serverJava}). */
    public final JavaRuntime serverRuntime;
    /** Whether forked replicas use an AOT cache on a JVM that makes one ({@code workload.serverAotCache}). */
    public final boolean serverAotCache;
    /** The stock manager's token over HTTP, or {@code null}: from {@code workload.tokenFile} or the environment. */
    public final BearerToken token;

    /** The token given in the environment when the setup was loaded, kept by derived setups. */
    private final BearerToken environmentToken;
    /**
     * Why network partitions cannot be made on this machine, as the run found before its load
     * ({@link #withoutPartitions}), kept by derived setups; null: not known to be impossible.
     */
    private final String noPartitions;

    private WorkloadConfig(Map<Setting, String> raw, BearerToken environmentToken, String noPartitions) {
        this.raw = raw;
        this.environmentToken = environmentToken;
        this.noPartitions = noPartitions;
        SettingValues values = new SettingValues(raw);
        local = values.bool(Setting.LOCAL);
        server = values.url(Setting.SERVER);
        replicas = (int) values.integer(Setting.REPLICAS, 0, MAX_REPLICAS);
        replicaReads = values.readMode(Setting.REPLICA_READS);
        replicaStorage = values.path(Setting.REPLICA_STORAGE);
        replicaWarmupSeconds = (int) values.integer(Setting.REPLICA_WARMUP_SECONDS, 0, 300);
        replicaClients = values.label(Setting.REPLICA_CLIENTS, ReplicaClients.class);
        callTimeoutSeconds = values.decimal(Setting.CALL_TIMEOUT_SECONDS, 0.1, 3600);
        if (replicas > 0 && local) {
            throw SettingValues.invalid(Setting.REPLICAS, replicas + " replicas are reached over HTTP: it needs "
                    + Setting.LOCAL.key() + "=false");
        }
        tls = values.bool(Setting.TLS);
        if (tls && (local || server != null)) {
            throw new IllegalArgumentException(Setting.TLS.key() + "=true needs " + Setting.LOCAL.key()
                    + "=false and a forked server or forked replicas: not " + (local ? Setting.LOCAL.key() + "=true"
                    : Setting.SERVER.key() + " (a running server has certificates of its own)"));
        }
        hosts = values.bool(Setting.HOSTS);
        if (hosts && replicas == 0) {
            throw SettingValues.invalid(Setting.HOSTS, "true runs the replicas as hosts: it needs "
                    + Setting.REPLICAS.key() + " >= 1");
        }
        if (replicas > 0 && server != null) {
            throw SettingValues.invalid(Setting.REPLICAS, replicas + " replicas are forked by the harness, while "
                    + Setting.SERVER.key() + " names a running server: give one or the other");
        }
        if (replicas == 0 && replicaReads != ReadMode.LINEARIZABLE) {
            throw SettingValues.invalid(Setting.REPLICA_READS, replicaReads + " reads are served by"
                    + " replicas: it needs " + Setting.REPLICAS.key() + " >= 1");
        }
        if (replicas == 0 && replicaClients != ReplicaClients.FAILOVER) {
            throw SettingValues.invalid(Setting.REPLICA_CLIENTS, replicaClients.label() + " clients are bound to"
                    + " replicas: it needs " + Setting.REPLICAS.key() + " >= 1");
        }
        if (replicas == 0 && callTimeoutSeconds != Double.parseDouble(Setting.CALL_TIMEOUT_SECONDS.defaultValue())) {
            throw SettingValues.invalid(Setting.CALL_TIMEOUT_SECONDS, "the call deadline applies to the proxies of"
                    + " replicas: it needs " + Setting.REPLICAS.key() + " >= 1");
        }
        lockings = values.lockingList(Setting.LOCKING);
        threads = values.threadList(Setting.THREADS);
        load = values.label(Setting.LOAD, Load.class);
        rates = values.decimalList(Setting.RATE, 0.1, 1e7, "rate", true);
        arrivals = values.label(Setting.ARRIVALS, Arrivals.class);
        rateFractions = values.decimalList(Setting.RATE_FRACTIONS, 0.001, 10, "fraction", false);
        probeThreads = values.threadList(Setting.PROBE_THREADS);
        workers = values.integerOrAuto(Setting.WORKERS, 1, 10_000);
        repetitions = (int) values.integer(Setting.REPETITIONS, 1, 1000);
        measure = values.label(Setting.MEASURE, Measure.class);
        if (load == Load.OPEN && measure == Measure.COUNT) {
            throw SettingValues.invalid(Setting.MEASURE, "count must not be used with " + Setting.LOAD.key()
                    + "=open (an open loop runs on a schedule, for a time)");
        }
        primingSeconds = values.decimal(Setting.PRIMING_SECONDS, 0, 3600);
        warmupSeconds = values.decimal(Setting.WARMUP_SECONDS, 0, 3600);
        windowSeconds = values.decimal(Setting.WINDOW_SECONDS, 0.01, 3600);
        warmupInteractions = (int) values.integer(Setting.WARMUP_INTERACTIONS, 0, 100_000_000);
        measuredInteractions = (int) values.integer(Setting.MEASURED_INTERACTIONS, 1, 100_000_000);
        intervalSeconds = values.decimal(Setting.INTERVAL_SECONDS, 0.01, 60);
        lateStartMs = values.decimal(Setting.LATE_START_MS, 0, 60_000);
        drainSeconds = values.decimal(Setting.DRAIN_SECONDS, 0, 3600);
        seed = values.integer(Setting.SEED, Long.MIN_VALUE, Long.MAX_VALUE);
        initialBooks = (int) values.integer(Setting.INITIAL_BOOKS, 1, 100_000);
        initialCopies = (int) values.integer(Setting.INITIAL_COPIES, 1, 1_000_000);
        catalogueSize = (int) values.integer(Setting.CATALOGUE_SIZE, 1, 100_000);
        if (catalogueSize < initialBooks) {
            throw SettingValues.invalid(Setting.CATALOGUE_SIZE, catalogueSize + " must be >= "
                    + Setting.INITIAL_BOOKS.key() + " (" + initialBooks + "): the initial books come from"
                    + " the catalogue");
        }
        booksToBuy = (int) values.integer(Setting.BOOKS_TO_BUY, 1, 100_000);
        editorPicks = (int) values.integer(Setting.EDITOR_PICKS, 1, 100_000);
        if (editorPicks < booksToBuy) {
            throw SettingValues.invalid(Setting.EDITOR_PICKS, editorPicks + " must be >= "
                    + Setting.BOOKS_TO_BUY.key() + " (" + booksToBuy + "): the books bought are drawn among"
                    + " the picks");
        }
        booksToReplenish = (int) values.integer(Setting.BOOKS_TO_REPLENISH, 1, catalogueSize);
        copiesToAdd = (int) values.integer(Setting.COPIES_TO_ADD, 1, 1_000_000);
        booksToAcquire = (int) values.integer(Setting.BOOKS_TO_ACQUIRE, 1, catalogueSize);
        customerShare = values.decimal(Setting.CUSTOMER_SHARE, 0, 1);
        replenishmentShare = values.decimal(Setting.REPLENISHMENT_SHARE, 0, 1);
        acquisitionShare = values.decimal(Setting.ACQUISITION_SHARE, 0, 1);
        double sum = customerShare + replenishmentShare + acquisitionShare;
        if (Math.abs(sum - 1) > 1e-9) {
            throw SettingValues.invalid(Setting.CUSTOMER_SHARE, String.format(Locale.ROOT,
                    "customer %s + replenishment %s + acquisition %s shares = %s must sum to 1",
                    customerShare, replenishmentShare, acquisitionShare, sum));
        }
        profile = values.label(Setting.PROFILE, Profile.class);
        // Only the register profile draws its hot books among the initial ones; the mix never reads
        // the setting, so a small catalogue does not make its default invalid there.
        registerBooks = (int) values.integer(Setting.REGISTER_BOOKS, 1,
                profile == Profile.REGISTER ? initialBooks : Integer.MAX_VALUE);
        check = values.label(Setting.CHECK, CheckMode.class);
        history = values.bool(Setting.HISTORY) || check == CheckMode.LINEARIZABLE;
        checkSeconds = values.decimal(Setting.CHECK_SECONDS, 0.01, 3600);
        checkMemoryMb = values.integer(Setting.CHECK_MEMORY_MB, 1, 1_000_000);
        healthCeiling = values.bool(Setting.HEALTH_CEILING);
        resultsDir = values.path(Setting.RESULTS_DIR);
        plotsDir = values.path(Setting.PLOTS_DIR);
        timeline = values.optionalDecimal(Setting.TIMELINE, 0.1, 1e7);
        chartsOnly = values.bool(Setting.CHARTS_ONLY);
        compare = compareDirs(raw.get(Setting.COMPARE));
        merge = mergeDirs(raw.get(Setting.MERGE), resultsDir);
        help = values.bool(Setting.HELP);
        progressSeconds = values.decimal(Setting.PROGRESS_SECONDS, 0, 3600);
        progressStyle = values.label(Setting.PROGRESS_STYLE, ProgressStyle.class);
        sampleSeconds = values.decimal(Setting.SAMPLE_SECONDS, 0, 60);
        if (sampleSeconds > 0 && sampleSeconds < MIN_SAMPLE_SECONDS) {
            throw SettingValues.invalid(Setting.SAMPLE_SECONDS, sampleSeconds + " must be 0 (none) or >= "
                    + MIN_SAMPLE_SECONDS + ": each sample reads /proc and asks every server JVM for its /metrics");
        }
        serverStartSeconds = values.decimal(Setting.SERVER_START_SECONDS, 1, 3600);
        serverJvmArgs = values.words(Setting.SERVER_JVM_ARGS);
        serverRuntime = JavaRuntime.of(Setting.SERVER_JAVA.key(), raw.get(Setting.SERVER_JAVA), System.getenv());
        serverAotCache = values.bool(Setting.SERVER_AOT_CACHE);
        token = token(raw.get(Setting.TOKEN_FILE), environmentToken);
        faultSettings = FaultSettings.of(values, raw, replicas, measure, windowSeconds, noPartitions);
        faults = faultSettings.plan();
        if (tls && faultSettings.mayPartition() && !hosts) {
            throw new IllegalArgumentException(Setting.TLS.key() + "=true with faults that cut a replica off is not"
                    + " built yet (the replicas then run in network namespaces whose addresses the run's certificates"
                    + " do not name): leave the isolations out of " + Setting.FAULT.key() + " and "
                    + Setting.FAULT_KINDS.key() + ", or run the replicas as hosts (" + Setting.HOSTS.key() + "=true)");
        }
        if (server != null && lockings.size() > 1) {
            throw SettingValues.invalid(Setting.LOCKING, "at most one mode with " + Setting.SERVER.key()
                    + " (a running server has one mode; the value only labels the results)");
        }
    }

    /** The two directories of {@code workload.compare}, or none when it is empty. */
    private static List<Path> compareDirs(String value) {
        if (value == null || value.isBlank()) {
            return List.of();
        }
        String[] parts = value.split(",", -1);
        if (parts.length != 2 || parts[0].isBlank() || parts[1].isBlank()) {
            throw SettingValues.invalid(Setting.COMPARE, "'" + value + "' must be two results directories, DIR_A,DIR_B");
        }
        return List.of(Path.of(parts[0].trim()), Path.of(parts[1].trim()));
    }

    /** The directories of {@code workload.merge}, or none when it is empty. */
    private static List<Path> mergeDirs(String value, Path resultsDir) {
        if (value == null || value.isBlank()) {
            return List.of();
        }
        List<Path> dirs = new ArrayList<>();
        for (String part : value.split(",", -1)) {
            if (part.isBlank()) {
                throw SettingValues.invalid(Setting.MERGE, "'" + value + "' has an empty directory");
            }
            dirs.add(Path.of(part.trim()));
        }
        if (dirs.size() < 2) {
            throw SettingValues.invalid(Setting.MERGE, "'" + value + "' must name two or more results directories");
        }
        if (dirs.stream().anyMatch(d -> d.toAbsolutePath().normalize().equals(resultsDir.toAbsolutePath().normalize()))) {
            throw SettingValues.invalid(Setting.MERGE, "'" + value + "' holds workload.resultsDir (" + resultsDir
                    + "), where the merged results go: give another workload.resultsDir");
        }
        return List.copyOf(dirs);
    }

    /** Every setting at its default. */
    public static WorkloadConfig defaults() {
        return of(Map.of());
    }

    /**
     * A setup from {@code workload.*} keys; keys not given take their defaults. Throws
     * {@link IllegalArgumentException} naming the setting and the rule for an unknown key or a bad
     * value.
     */
    public static WorkloadConfig of(Map<String, String> values) {
        return of(values, Map.of());
    }

    /**
     * A setup from {@code workload.*} keys and the environment, which may hold the token
     * ({@value BearerToken#ENVIRONMENT_VARIABLE}).
     */
    public static WorkloadConfig of(Map<String, String> values, Map<String, String> environment) {
        Map<Setting, String> raw = new EnumMap<>(Setting.class);
        for (Setting setting : Setting.values()) {
            raw.put(setting, setting.defaultValue());
        }
        for (Map.Entry<String, String> entry : values.entrySet()) {
            Setting setting = Setting.byKey(entry.getKey());
            if (setting == null) {
                throw new IllegalArgumentException("setting " + entry.getKey()
                        + " is unknown (known: every key listed by -D" + Setting.HELP.key() + "=true)");
            }
            raw.put(setting, entry.getValue() == null ? "" : entry.getValue().trim());
        }
        return new WorkloadConfig(Collections.unmodifiableMap(FaultSettings.withDrawnSeed(raw)),
                BearerToken.fromEnvironment(environment), null);
    }

    /** The token from {@code workload.tokenFile} or the environment (not both), or {@code null}. */
    private static BearerToken token(String file, BearerToken fromEnvironment) {
        if (file.isEmpty()) {
            return fromEnvironment;
        }
        if (fromEnvironment != null) {
            throw SettingValues.invalid(Setting.TOKEN_FILE, "the token is also given by "
                    + BearerToken.ENVIRONMENT_VARIABLE + ": give it one way");
        }
        try {
            return BearerToken.fromFile(Path.of(file));
        } catch (IllegalArgumentException e) {
            throw SettingValues.invalid(Setting.TOKEN_FILE, e.getMessage());
        }
    }

    /** This setup with one setting changed (checked like any other). */
    public WorkloadConfig with(Setting setting, Object value) {
        return with(Map.of(setting, value));
    }

    /**
     * This setup with several settings changed together (checked once, all changed): for settings
     * that are only valid together, such as {@code workload.fault=random} and its schedule's.
     */
    public WorkloadConfig with(Map<Setting, Object> values) {
        Map<Setting, String> changed = new EnumMap<>(raw);
        values.forEach((setting, value) -> changed.put(setting, String.valueOf(value)));
        return new WorkloadConfig(Collections.unmodifiableMap(FaultSettings.withDrawnSeed(changed)),
                environmentToken, noPartitions);
    }

    /**
     * Whether the faults may cut replicas off from each other: the plan isolates one, or the
     * random schedule may draw an isolation. Only then does the run ask the machine whether it
     * can ({@link #withoutPartitions}).
     */
    public boolean faultsMayPartition() {
        return faultSettings.mayPartition();
    }

    /**
     * This setup on a machine where network partitions cannot be made, {@code reason} saying why:
     * a plan that isolates a replica, or a random schedule whose {@code workload.faultKinds} name
     * an isolation, is refused naming the setting; a random schedule drawing from every kind
     * leaves the isolations out, and says so ({@link #describeFaults()}). The settings do not probe
     * the machine themselves: the run does, before its load.
     *
     * @throws IllegalArgumentException naming the setting and the rule
     */
    public WorkloadConfig withoutPartitions(String reason) {
        return new WorkloadConfig(raw, environmentToken, Objects.requireNonNull(reason, "reason"));
    }

    /** The interaction mix's three shares, changed together (they must sum to 1). */
    public WorkloadConfig withShares(double customer, double replenishment, double acquisition) {
        return with(Map.of(Setting.CUSTOMER_SHARE, customer, Setting.REPLENISHMENT_SHARE, replenishment,
                Setting.ACQUISITION_SHARE, acquisition));
    }

    public WorkloadConfig withLocal(boolean value) {
        return with(Setting.LOCAL, value);
    }

    /** Over HTTP against this many forked replicas. */
    public WorkloadConfig withReplicas(int count) {
        return withLocal(false).with(Setting.REPLICAS, count);
    }

    public WorkloadConfig withServer(String url) {
        return with(Setting.SERVER, url);
    }

    public WorkloadConfig withThreads(int... counts) {
        StringBuilder list = new StringBuilder();
        for (int count : counts) {
            list.append(list.length() == 0 ? "" : ",").append(count);
        }
        return with(Setting.THREADS, list);
    }

    public WorkloadConfig withLockings(Locking... modes) {
        List<String> names = new ArrayList<>();
        for (Locking mode : modes) {
            names.add(mode.name());
        }
        return with(Setting.LOCKING, String.join(",", names));
    }

    /** An open loop at these offered rates (interactions/s). */
    public WorkloadConfig withRates(double... values) {
        StringBuilder list = new StringBuilder();
        for (double value : values) {
            list.append(list.length() == 0 ? "" : ",").append(value);
        }
        return with(Setting.LOAD, Load.OPEN.label()).with(Setting.RATE, list);
    }

    /** A worker pool of this size for an open loop. */
    public WorkloadConfig withWorkers(int value) {
        return with(Setting.WORKERS, value);
    }

    /** Time-based measuring with the given warm-up and window (seconds). */
    public WorkloadConfig withWindow(double warmup, double window) {
        return with(Setting.MEASURE, "time").with(Setting.WARMUP_SECONDS, warmup)
                .with(Setting.WINDOW_SECONDS, window);
    }

    /**
     * This setup for one discarded priming repetition of {@code seconds}: time-based whatever the
     * run measures, no warm-up, and no faults (priming takes none; the plan's times need not fit
     * so short a window).
     */
    public WorkloadConfig forPriming(double seconds) {
        Map<Setting, Object> priming = new EnumMap<>(FaultSettings.none());
        priming.putAll(Map.of(Setting.MEASURE, Measure.TIME.label(), Setting.WARMUP_SECONDS, 0,
                Setting.WINDOW_SECONDS, seconds));
        return with(priming);
    }

    /** Count-based measuring with the given interactions per worker. */
    public WorkloadConfig withCounts(int warmup, int measured) {
        return with(Setting.MEASURE, "count").with(Setting.WARMUP_INTERACTIONS, warmup)
                .with(Setting.MEASURED_INTERACTIONS, measured);
    }

    public WorkloadConfig withRepetitions(int value) {
        return with(Setting.REPETITIONS, value);
    }

    public WorkloadConfig withSeed(long value) {
        return with(Setting.SEED, value);
    }

    /** Results and charts under the given directories. */
    public WorkloadConfig withOutput(Path results, Path plots) {
        return with(Setting.RESULTS_DIR, results).with(Setting.PLOTS_DIR, plots);
    }

    /** The raw string of a setting, as given or defaulted. */
    public String raw(Setting setting) {
        return raw.get(setting);
    }

    /** Where the store runs: in-process or over HTTP. */
    public Mode mode() {
        return local ? Mode.LOCAL : Mode.HTTP;
    }

    /** The locking modes to run: as asked, else both in-process and the server default over HTTP. */
    public List<Locking> lockingsToRun() {
        if (!lockings.isEmpty()) {
            return lockings;
        }
        return local ? List.of(Locking.SINGLE, Locking.TWO_LEVEL) : List.of(Locking.DEFAULT);
    }

    /** For the output: {@code " against 3 replicas (linearizable reads)"}, or nothing for one server. */
    public String describeReplicas() {
        return replicas == 0 ? "" : " against " + replicas + " replica" + (replicas == 1 ? "" : "s") + " ("
                + replicaReads + " reads)";
    }

    /**
     * For the start of the run: the faults of every window and, for a random schedule, its seed
     * and how to replay it; empty without faults.
     */
    public String describeFaults() {
        return faultSettings.describe();
    }

    /** A one-line description of the measurement for the output. */
    public String describeMeasure() {
        if (load == Load.OPEN) {
            return String.format(Locale.ROOT, "open loop, %s arrivals: %.2f s warm-up (not measured) + %.2f s"
                    + " measured window per repetition (interactions due in it; up to %.0f s more for those still"
                    + " queued), %d repetitions, late start > %s ms", arrivals.label(), warmupSeconds, windowSeconds,
                    drainSeconds, repetitions, lateStartMs);
        }
        if (measure == Measure.TIME) {
            return String.format(Locale.ROOT, "time windows: %.2f s warm-up (not measured) + %.2f s"
                    + " measured window per repetition, %d repetitions", warmupSeconds, windowSeconds,
                    repetitions);
        }
        return String.format(Locale.ROOT, "count: %d warm-up + %d measured interactions per worker,"
                + " %d repetitions", warmupInteractions, measuredInteractions, repetitions);
    }
}
