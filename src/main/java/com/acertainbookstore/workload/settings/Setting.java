package com.acertainbookstore.workload.settings;

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
    LOCKING("locking", "",
            "comma list of SINGLE, TWO_LEVEL; empty: both in-process, the server's default over HTTP"
                    + " (with workload.server: one mode, a label)"),
    THREADS("threads", "1,2,5,10,20,50,100,200,500,1000,2000",
            "comma list of worker thread counts, each 1..10000"),
    REPETITIONS("repetitions", "3", "repetitions of every point, 1..1000"),
    MEASURE("measure", "time",
            "time: warm-up then a fixed window; count: fixed interactions per worker (the reference)"),
    WARMUP_SECONDS("warmupSeconds", "0.5",
            "time mode: unmeasured warm-up per repetition, seconds (0..3600); lasts until every worker ran once"),
    WINDOW_SECONDS("windowSeconds", "1.5", "time mode: measured window per repetition, seconds (0.01..3600)"),
    WARMUP_INTERACTIONS("warmupInteractions", "100",
            "count mode: unmeasured interactions per worker (0..10^8)"),
    MEASURED_INTERACTIONS("measuredInteractions", "2000",
            "count mode: measured interactions per worker (1..10^8)"),
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
    HEALTH_CEILING("healthCeiling", "true", "HTTP mode: also measure GET /health at each thread count"),
    RESULTS_DIR("resultsDir", "workload/results", "directory of the CSV results and the server log"),
    PLOTS_DIR("plotsDir", "plots", "directory of the charts"),
    CHARTS_ONLY("chartsOnly", "false", "true: redraw the charts from the results directory, run nothing"),
    HELP("help", "false", "true: print this table of settings, run nothing"),
    PROGRESS_SECONDS("progressSeconds", "5", "interval of the live progress line, seconds (0 = off)"),
    SERVER_START_SECONDS("serverStartSeconds", "60",
            "HTTP mode: how long a forked server may take to answer /health"),
    SERVER_JVM_ARGS("serverJvmArgs", "",
            "HTTP mode: extra JVM options of the forked server, space separated");

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
