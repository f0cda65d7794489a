package com.acertainbookstore.workload.settings;

import com.acertainbookstore.cluster.JavaRuntime;
import com.acertainbookstore.workload.faults.RandomSchedule;
import com.acertainbookstore.workload.results.ResultFiles;
import java.util.Locale;

/**
 * Every setting of the harness: its {@code workload.*} key, its default and what it means. This is
 * the one place defaults live; {@link WorkloadConfig} parses and checks them. Immutable.
 */
public enum Setting {

    CONFIG("config", "", "properties file holding workload.* settings (system properties override it)"),
    LOCAL("local", "true", "true: one in-process store; false: over HTTP on 127.0.0.1"),
    SERVER("server", "",
            "HTTP mode: URL of a running server; empty: fork a server JVM on a free loopback port"),
    REPLICAS("replicas", "0", "HTTP mode: 0: one server (forked, or workload.server); 1.." + WorkloadConfig.MAX_REPLICAS
            + ": that many replicas of the replicated store, each its own JVM on loopback ports, forked for each"
            + " series and always stopped; the proxies get every replica's URL, the audit checks every replica and"
            + " that all hold the same books; resource figures are the replicas' sum"),
    TLS("tls", "false", "HTTP mode against a forked server or forked replicas: true: TLS on every hop, with"
            + " certificates made for the run in a temporary directory and removed afterwards: the server or each"
            + " replica serves HTTPS (client certificates required) and the proxies speak TLS; the replicas also"
            + " speak mutual TLS to each other (the Raft port, their calls to their peers); not with workload.server,"
            + " nor with faults that cut a replica off (except with workload.hosts, which always has TLS on every hop)"),
    HOSTS("hosts", "false", "with workload.replicas: true: each replica runs as a host of its own, in a Linux"
            + " network namespace with an address of its own on a private /24 this machine routes to (none"
            + " loopback), with TLS on every hop (certificates made for the run naming those addresses, client"
            + " certificates required); isolate-* faults set its link to the other replicas down; needs root and"
            + " ip netns; the namespaces, links and certificates are removed when the series ends. See"
            + " docs/replication.md"),
    REPLICA_READS("replicaReads", "linearizable", "with workload.replicas: how the replicas serve reads (their"
            + " replica.reads): linearizable (read index through the leader) or stale (a replica's own state,"
            + " possibly behind)"),
    REPLICA_CLIENTS("replicaClients", "failover", "with workload.replicas: failover: the workers share proxies"
            + " holding every replica (the leader first) that move on when one cannot answer; pinned: worker i"
            + " talks to replica i mod N alone, as each client of a Jepsen test talks to one node"),
    CALL_TIMEOUT_SECONDS("callTimeoutSeconds", "30", "with workload.replicas: each call's deadline, its retries"
            + " included, seconds (0.1..3600); a mutating call still unanswered then has an unknown outcome"),
    REPLICA_WARMUP_SECONDS("replicaWarmupSeconds", "20", "with workload.replicas: seconds each replica JVM warms"
            + " up (or 10,000 calls, whichever first) on a scratch group of its own before it starts with the fleet (its"
            + " replica.warmupSeconds; 0..300; a replica a fault restarts starts at once, cold); 0: none, the replicas then compile their paths under the measured load"),
    REPLICA_STORAGE("replicaStorage", "target/workload/replicas", "with workload.replicas: the replicas' storage,"
            + " one directory per locking, cleared when a series starts (a directory with other contents is"
            + " refused); their logs are <resultsDir>/replica-<LOCKING>-r<i>.log"),
    FAULT("fault", "", "with workload.replicas: timed faults in every measured window, a comma list of"
            + " kill-leader@S, kill-follower@S (SIGKILL), restart@S (the replica killed last, same storage),"
            + " pause-leader@S:D, pause-follower@S:D (SIGSTOP for D s, then SIGCONT), isolate-leader@S:D,"
            + " isolate-follower@S:D (cut off from the other replicas for D s, clients still reaching it; needs root"
            + " and ip netns); S: seconds from the window's start; or random: a schedule drawn from"
            + " workload.faultSeed (3 or more replicas); empty: none. See docs/faults.md"),
    FAULT_SEED("faultSeed", "", "with workload.fault=random: seed of the drawn schedule, a whole number; empty:"
            + " drawn at random and printed when the run starts (give it here to replay that schedule)"),
    FAULT_EVERY("faultEvery", "10", "with workload.fault=random: mean seconds from one fault's start to the"
            + " next one's, each gap drawn between half and 1.5 times it; more than twice workload.faultMaxSeconds"
            + " (0.3.." + (int) RandomSchedule.MAX_SECONDS + ")"),
    FAULT_MIN_SECONDS("faultMinSeconds", "1", "with workload.fault=random: the shortest fault (a pause or a cut"
            + " lasts, a killed replica stays down before its restart), seconds (0.1.."
            + (int) RandomSchedule.MAX_SECONDS + ")"),
    FAULT_MAX_SECONDS("faultMaxSeconds", "3", "with workload.fault=random: the longest fault, seconds"
            + " (workload.faultMinSeconds.." + (int) RandomSchedule.MAX_SECONDS + ")"),
    FAULT_KINDS("faultKinds", "", "with workload.fault=random: comma list of the kinds drawn from, each as likely:"
            + " kill-leader, kill-follower (each with its restart), pause-leader, pause-follower, isolate-leader,"
            + " isolate-follower; empty: all, the isolate ones only where partitions can be made (the run says when"
            + " it left them out)"),
    LOCKING("locking", "",
            "comma list of SINGLE, TWO_LEVEL; empty: both in-process, the server's default over HTTP"
                    + " (with workload.server: one mode, a label)"),
    THREADS("threads", "1,2,5,10,20,50,100,200,500,1000,2000",
            "closed loop: comma list of client thread counts, each 1..10000"),
    LOAD("load", "closed", "closed: each client thread starts its next interaction when its last one ends;"
            + " open: interactions start on a schedule at an offered rate, and latency counts from that intended"
            + " start"),
    RATE("rate", "", "open loop: comma list of offered rates, interactions/s, each 0.1..10^7; empty: fractions of"
            + " the closed-loop peak found by a short probe (workload.rateFractions)"),
    ARRIVALS("arrivals", "constant",
            "open loop: constant (intended starts evenly spaced) or poisson (exponential gaps, same mean)"),
    RATE_FRACTIONS("rateFractions", "0.1,0.25,0.5,0.65,0.8,0.9,0.95,1,1.1,1.25",
            "open loop without workload.rate: the offered rates as fractions of the probed peak, each 0.001..10"),
    PROBE_THREADS("probeThreads", "1,2,5,10,20,50", "open loop: thread counts of the closed-loop probe that finds"
            + " the peak (one repetition each, same warm-up and window)"),
    WORKERS("workers", "auto", "open loop: size of the worker pool, 1..10000; auto: twice the probe's smallest"
            + " thread count reaching 95 % of the peak, at least 2 per processor"),
    REPETITIONS("repetitions", "3", "repetitions of every point, 1..1000"),
    MEASURE("measure", "time",
            "time: warm-up then a fixed window; count: fixed interactions per worker (the reference)"),
    WARMUP_SECONDS("warmupSeconds", "0.5",
            "time mode: unmeasured warm-up per repetition, seconds (0..3600); lasts until every worker ran once"),
    WINDOW_SECONDS("windowSeconds", "1.5", "time mode: measured window per repetition, seconds (0.01..3600)"),
    PRIMING_SECONDS("primingSeconds", "5", "discarded closed-loop repetitions at " + WorkloadConfig.PRIMING_THREADS
            + " threads before the first point of each locking, for about this long (JIT of both JVMs,"
            + " connections), seconds (0..3600); time-based repetitions no longer than a measured one's warm-up"
            + " and window, at least one, none with 0"),
    WARMUP_INTERACTIONS("warmupInteractions", "100",
            "count mode: unmeasured interactions per worker (0..10^8)"),
    MEASURED_INTERACTIONS("measuredInteractions", "2000",
            "count mode: measured interactions per worker (1..10^8)"),
    INTERVAL_SECONDS("intervalSeconds", "1", "length of an interval of the interval logs and the intervals"
            + " file, seconds (0.01..60)"),
    LATE_START_MS("lateStartMs", "1", "open loop: an interaction that starts more than this after its intended"
            + " start counts as a late start, ms (0..60000)"),
    DRAIN_SECONDS("drainSeconds", "10", "open loop: how long after the window the interactions due in it may"
            + " still take to start (the schedule goes on meanwhile), seconds (0..3600)"),
    SEED("seed", "42", "seed of every worker's random choices (worker i of a repetition derives its own)"),
    INITIAL_BOOKS("initialBooks", "10", "books in the store after each reset: ISBN 1..n, all editor picks"),
    INITIAL_COPIES("initialCopies", "100", "copies of each book when it is added (1..10^6)"),
    CATALOGUE_SIZE("catalogueSize", "100", "books that may be acquired: ISBN 1..n (initialBooks..10^5)"),
    EDITOR_PICKS("editorPicks", "10", "customer: getEditorPicks(n), n >= booksToBuy"),
    BOOKS_TO_BUY("booksToBuy", "5", "customer: distinct picks bought, 1 copy each (>= 1)"),
    BOOKS_TO_REPLENISH("booksToReplenish", "5",
            "replenishment: books with the fewest copies refilled (1..catalogueSize)"),
    COPIES_TO_ADD("copiesToAdd", "10", "replenishment: copies added to each of them (1..10^6)"),
    BOOKS_TO_ACQUIRE("booksToAcquire", "5", "acquisition: catalogue books drawn (1..catalogueSize)"),
    CUSTOMER_SHARE("customerShare", "0.6",
            "share of customer interactions (0..1; the three shares sum to 1)"),
    REPLENISHMENT_SHARE("replenishmentShare", "0.3", "share of replenishment interactions (0..1)"),
    ACQUISITION_SHARE("acquisitionShare", "0.1", "share of acquisition interactions (0..1)"),
    PROFILE("profile", "mix", "mix: the 60/30/10 interactions above; register: single-ISBN calls on"
            + " workload.registerBooks hot books, made for checking (buy one copy, add workload.copiesToAdd copies,"
            + " read one book's stock: " + WorkloadConfig.REGISTER_SHARES + ")"),
    REGISTER_BOOKS("registerBooks", "3", "register profile: the hot books, ISBN 1..n (1..initialBooks)"),
    HISTORY("history", "false", "true: record every call of every worker (implied by workload.check=linearizable),"
            + " one JSON Lines file per repetition under <resultsDir>/history/"),
    CHECK("check", "none", "none, or linearizable: check each repetition's recorded history; a violation fails"
            + " the run like a failed audit, a spent budget gives the verdict unknown"),
    CHECK_SECONDS("checkSeconds", "10", "time budget of one repetition's check, seconds (0.01..3600)"),
    CHECK_MEMORY_MB("checkMemoryMb", "512", "memory budget of one check's search cache, MiB (1..1000000)"),
    HEALTH_CEILING("healthCeiling", "true",
            "HTTP mode, closed loop: also measure GET /health at each thread count"),
    RESULTS_DIR("resultsDir", ResultFiles.DEFAULT_RESULTS_DIR,
            "directory of the CSV results, interval logs and server log (git ignores target/)"),
    PLOTS_DIR("plotsDir", ResultFiles.DEFAULT_PLOTS_DIR, "directory of the charts"),
    TIMELINE("timeline", "", "the point drawn over time in timeline.png: an open-loop point's offered rate,"
            + " else a closed-loop point's threads; empty: the open point nearest 80 % of the peak, else the"
            + " closed point of highest throughput"),
    CHARTS_ONLY("chartsOnly", "false", "true: redraw the charts and report.html from the results directory, run nothing"),
    COMPARE("compare", "", "two results directories, DIR_A,DIR_B: write <plotsDir>/compare.html, each point of B"
            + " against A (ratio of the means and its 95 % interval, settings and machine differences first), run"
            + " nothing; empty: none"),
    MERGE("merge", "", "comma list of two or more results directories of harness processes that loaded the same"
            + " store at once (one per load machine): merge them into workload.resultsDir (throughput summed,"
            + " percentiles from the added interval histograms), draw its charts and report, run nothing; empty: none"),
    HELP("help", "false", "true: print this table of settings, run nothing"),
    PROGRESS_SECONDS("progressSeconds", "5", "interval of the live progress line, seconds (0 = off)"),
    PROGRESS_STYLE("progressStyle", "auto", "how the live progress line shows: line (a new line every interval,"
            + " as a log wants), inplace (one line rewritten in place with a carriage return, cut to the terminal's"
            + " width: $COLUMNS, else stty size, else 80; ended with a newline before any other output), or auto"
            + " (inplace when the JVM has a terminal, System.console(), else line)"),
    SAMPLE_SECONDS("sampleSeconds", "1", "period of the samples of the run's JVMs (the harness, the forked server"
            + " or each replica: CPU, resident memory, GC time, HTTP bytes) during each measured window, written to"
            + " <resultsDir>/<stem>-processes.csv and the report, seconds (0.1..60); 0: none"),
    SERVER_START_SECONDS("serverStartSeconds", "60",
            "HTTP mode: how long a forked server may take to answer /health (forked replicas: to agree on a leader,"
                    + " after their warm-up)"),
    SERVER_JVM_ARGS("serverJvmArgs", "",
            "HTTP mode: extra JVM options of the forked server or of each forked replica (e.g."
                    + " -Dreplica.durable=false), space separated"),
    SERVER_JAVA("serverJava", JavaRuntime.NEWEST,
            "HTTP mode: the JVM of the forked server or of each forked replica: newest (the newest JDK of Java 17 or"
                    + " later in JAVA_HOME, /usr/lib/jvm or ~/.sdkman/candidates/java; docs/decisions/replica-runtime.md),"
                    + " current (the harness's own), or a JDK's home directory; printed at start with its version"),
    SERVER_AOT_CACHE("serverAotCache", "true",
            "with workload.replicas, on a serverJava of Java 25 or later: true trains an AOT cache with the replicas'"
                    + " warm-up once per storage and starts every replica with it; false starts them without one"),
    TOKEN_FILE("tokenFile", "",
            "HTTP mode: file whose first line is the server's stock-manager token (or set the environment"
                    + " variable BOOKSTORE_TOKEN, not both); sent on /stock calls and /metrics, and given to a"
                    + " forked server");

    /** The prefix of every key. */
    public static final String PREFIX = "workload.";

    private final String key;
    private final String defaultValue;
    private final String description;

    Setting(String name, String defaultValue, String description) {
        this.key = PREFIX + name;
        this.defaultValue = defaultValue;
        this.description = description;
    }

    /** The full key, e.g. {@code workload.threads}. */
    public String key() {
        return key;
    }

    public String defaultValue() {
        return defaultValue;
    }

    public String description() {
        return description;
    }

    /** The setting with the given full key, or null when no setting has it. */
    public static Setting byKey(String key) {
        for (Setting setting : values()) {
            if (setting.key.equals(key)) {
                return setting;
            }
        }
        return null;
    }

    /** The settings as a Markdown table, defaults included (printed by {@code workload.help}). */
    public static String markdownTable() {
        StringBuilder table = new StringBuilder("| setting | default | meaning |\n| --- | --- | --- |\n");
        for (Setting setting : values()) {
            table.append(String.format(Locale.ROOT, "| `%s` | %s | %s |%n", setting.key,
                    setting.defaultValue.isEmpty() ? "(empty)" : "`" + setting.defaultValue + "`",
                    setting.description));
        }
        return table.toString();
    }
}
