package com.acertainbookstore.workload.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.business.Locking;
import com.acertainbookstore.cluster.FleetOptions;
import com.acertainbookstore.protocol.BearerToken;
import com.acertainbookstore.replication.ReadMode;
import com.acertainbookstore.workload.results.Arrivals;
import com.acertainbookstore.workload.results.Load;
import com.acertainbookstore.workload.results.Measure;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class WorkloadConfigTest {

    @TempDir
    Path dir;

    @Test
    void defaults_noSettings_matchTheSpec() {
        WorkloadConfig config = WorkloadConfig.defaults();
        assertTrue(config.local);
        assertNull(config.server);
        assertEquals(List.of(1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000), config.threads);
        assertEquals(List.of(Locking.SINGLE, Locking.TWO_LEVEL), config.lockingsToRun());
        assertEquals(List.of(Locking.DEFAULT), config.withLocal(false).lockingsToRun());
        assertEquals(Measure.TIME, config.measure);
        assertEquals(10, config.initialBooks);
        assertEquals(100, config.initialCopies);
        assertEquals(100, config.catalogueSize);
        assertEquals(10, config.editorPicks);
        assertEquals(5, config.booksToBuy);
        assertEquals(5, config.booksToReplenish);
        assertEquals(10, config.copiesToAdd);
        assertEquals(5, config.booksToAcquire);
        assertEquals(0.6, config.customerShare);
        assertEquals(0.3, config.replenishmentShare);
        assertEquals(0.1, config.acquisitionShare);
        assertTrue(config.healthCeiling);
        assertEquals(Path.of("target/workload/results"), config.resultsDir);
        assertEquals(Path.of("target/workload/plots"), config.plotsDir);
    }

    @Test
    void load_steadyFile_measuresThirtySecondsPerPointAfterTwoMinutesOfPriming() throws IOException {
        Properties system = new Properties();
        system.setProperty("workload.config", "workload/steady.properties");
        WorkloadConfig config = ConfigLoader.load(system);
        assertEquals(List.of(20, 50, 200, 500, 1000), config.threads);
        assertFalse(config.local);
        assertEquals(120.0, config.primingSeconds);
        assertEquals(30.0, config.windowSeconds);
        assertEquals(Path.of("target/workload-steady/single/results"), config.resultsDir);
    }

    @ParameterizedTest
    @ValueSource(strings = {"workload/soak.properties", "workload/faults.properties", "workload/seed.properties"})
    void forPriming_ofEachCommittedFile_isTimedWithNoFaults(String file) {
        Properties system = new Properties();
        system.setProperty("workload.config", file);
        WorkloadConfig config = ConfigLoader.load(system);

        WorkloadConfig priming = config.forPriming(2.5);

        assertEquals(Measure.TIME, priming.measure);
        assertEquals(0.0, priming.warmupSeconds);
        assertEquals(2.5, priming.windowSeconds);
        assertTrue(priming.faults.isEmpty(), priming.describeFaults());
        assertEquals(config.threads, priming.threads);
        assertEquals(config.resultsDir, priming.resultsDir);
    }

    @Test
    void load_seedFile_reproducesTheReferenceAndSystemPropertiesWin() throws IOException {
        Properties system = new Properties();
        system.setProperty("workload.config", "workload/seed.properties");
        system.setProperty("workload.threads", "3");
        system.setProperty("unrelated.key", "ignored");
        WorkloadConfig config = ConfigLoader.load(system);
        assertEquals(Measure.COUNT, config.measure);
        assertEquals(100, config.warmupInteractions);
        assertEquals(2000, config.measuredInteractions);
        assertEquals(5, config.repetitions);
        assertEquals(List.of(3), config.threads);
    }

    @Test
    void load_fileWithUnknownKey_isRefusedNamingTheKey() throws IOException {
        Path file = dir.resolve("bad.properties");
        Files.writeString(file, "workload.threads=1\nworkload.thread=2\n");
        Properties system = new Properties();
        system.setProperty("workload.config", file.toString());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ConfigLoader.load(system));
        assertTrue(e.getMessage().contains("workload.thread "), e.getMessage());
    }

    @Test
    void load_missingFile_isRefusedNamingTheFile() {
        Properties system = new Properties();
        system.setProperty("workload.config", dir.resolve("absent.properties").toString());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ConfigLoader.load(system));
        assertTrue(e.getMessage().contains("absent.properties"), e.getMessage());
    }

    @Test
    void load_unknownSystemProperty_isRefusedNamingIt() {
        Properties system = new Properties();
        system.setProperty("workload.windowSecs", "1");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ConfigLoader.load(system));
        assertTrue(e.getMessage().contains("workload.windowSecs"), e.getMessage());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "workload.threads | 1,x | 'x' is not a whole number",
        "workload.threads | 0 | must be in 1..10000",
        "workload.threads | ' ' | at least one thread count",
        "workload.repetitions | 0 | must be in 1..1000",
        "workload.repetitions | 2.5 | not a whole number",
        "workload.windowSeconds | fast | not a number",
        "workload.windowSeconds | 0 | must be in 0.01..3600",
        "workload.primingSeconds | -1 | must be in 0.0..3600.0",
        "workload.warmupSeconds | -1 | must be in 0.0..3600",
        "workload.locking | THREE_LEVEL | unknown",
        "workload.locking | SINGLE,single | more than once",
        "workload.local | yes | must be true or false",
        "workload.measure | both | must be one of time, count",
        "workload.customerShare | 0.7 | must sum to 1",
        "workload.booksToBuy | 11 | must be >= workload.booksToBuy (11)",
        "workload.catalogueSize | 5 | must be >= workload.initialBooks (10)",
        "workload.server | localhost:8081 | must be http://host:port",
        "workload.seed | 1e3 | not a whole number",
        "workload.load | half | 'half' must be one of closed, open",
        "workload.rate | 0 | rate 0 must be in 0.1..1.0E7",
        "workload.rate | 100,x | 'x' is not a number",
        "workload.arrivals | bursty | 'bursty' must be one of constant, poisson",
        "workload.rateFractions | ' ' | at least one fraction is needed",
        "workload.rateFractions | 0.5,20 | fraction 20 must be in 0.001..10.0",
        "workload.probeThreads | 0 | thread count 0 must be in 1..10000",
        "workload.workers | many | 'many' is not a whole number",
        "workload.workers | 0 | 0 must be in 1..10000",
        "workload.intervalSeconds | 0 | must be in 0.01..60.0",
        "workload.lateStartMs | -1 | must be in 0.0..60000.0",
        "workload.drainSeconds | forever | 'forever' is not a number",
        "workload.timeline | 0 | must be in 0.1..1.0E7",
        "workload.compare | target/a | must be two results directories, DIR_A,DIR_B",
        "workload.compare | a,b,c | must be two results directories, DIR_A,DIR_B",
        "workload.compare | 'a, ' | must be two results directories, DIR_A,DIR_B",
        "workload.merge | runs/a | must name two or more results directories",
        "workload.merge | 'runs/a,,runs/b' | has an empty directory",
        "workload.merge | 'runs/a,target/workload/results' | holds workload.resultsDir",
    })
    void of_badValue_isRefusedNamingTheSettingAndRule(String key, String value, String rule) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> WorkloadConfig.of(Map.of(key, value)));
        String message = e.getMessage();
        String checked = key.equals("workload.booksToBuy") ? "workload.editorPicks" : key;
        assertTrue(message.contains(checked) && message.contains(rule), message);
    }

    @Test
    void of_compareTwoDirectories_givesBothInOrder() {
        assertEquals(List.of(Path.of("runs/a"), Path.of("runs/b")),
                WorkloadConfig.of(Map.of("workload.compare", "runs/a, runs/b")).compare);
        assertEquals(List.of(), WorkloadConfig.defaults().compare);
    }

    @Test
    void of_openLoopCountedByInteractions_isRefusedNamingBoth() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> WorkloadConfig.of(
                Map.of("workload.load", "open", "workload.measure", "count")));
        assertEquals("setting workload.measure is invalid: count must not be used with workload.load=open (an open"
                + " loop runs on a schedule, for a time)", e.getMessage());
    }

    @Test
    void defaults_openLoopSettings_closedUntilAskedThenProbedFractions() {
        WorkloadConfig config = WorkloadConfig.defaults();
        assertEquals(Load.CLOSED, config.load);
        assertEquals(List.of(), config.rates);
        assertEquals(Arrivals.CONSTANT, config.arrivals);
        assertEquals(List.of(0.1, 0.25, 0.5, 0.65, 0.8, 0.9, 0.95, 1.0, 1.1, 1.25), config.rateFractions);
        assertEquals(List.of(1, 2, 5, 10, 20, 50), config.probeThreads);
        assertEquals(0, config.workers, "auto");
        assertEquals(1.0, config.intervalSeconds);
        assertEquals(1.0, config.lateStartMs);
        assertEquals(10.0, config.drainSeconds);
        assertTrue(Double.isNaN(config.timeline));
        WorkloadConfig open = config.withRates(500, 1500.5).withWorkers(8).with(Setting.ARRIVALS, "Poisson");
        assertEquals(Load.OPEN, open.load);
        assertEquals(List.of(500.0, 1500.5), open.rates);
        assertEquals(8, open.workers);
        assertEquals(Arrivals.POISSON, open.arrivals);
        assertTrue(open.describeMeasure().startsWith("open loop, poisson arrivals"), open.describeMeasure());
    }

    @Test
    void token_fromFileOrEnvironment_isReadAndKeptByDerivedSetups(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("token");
        Files.writeString(file, " fr0m-file\n");
        assertEquals("fr0m-file", WorkloadConfig.of(Map.of("workload.tokenFile", file.toString())).token.value());
        WorkloadConfig fromEnvironment = WorkloadConfig.of(Map.of(), Map.of(BearerToken.ENVIRONMENT_VARIABLE, "fr0m-env"));
        assertEquals("fr0m-env", fromEnvironment.token.value());
        assertEquals("fr0m-env", fromEnvironment.withThreads(3).token.value());
        assertNull(WorkloadConfig.defaults().token);
    }

    @Test
    void token_givenTwoWaysOrUnreadable_isRefusedNamingTheSettingNeverTheToken(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("token");
        Files.writeString(file, "s3cret\n");
        IllegalArgumentException twice = assertThrows(IllegalArgumentException.class, () -> WorkloadConfig.of(
                Map.of("workload.tokenFile", file.toString()), Map.of(BearerToken.ENVIRONMENT_VARIABLE, "other")));
        assertTrue(twice.getMessage().contains("workload.tokenFile") && twice.getMessage().contains("one way"),
                twice.getMessage());
        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
                () -> WorkloadConfig.of(Map.of("workload.tokenFile", dir.resolve("none").toString())));
        assertTrue(missing.getMessage().contains("workload.tokenFile"), missing.getMessage());
        assertFalse(twice.getMessage().contains("s3cret") || twice.getMessage().contains("other"), twice.getMessage());
    }

    @Test
    void of_twoLockingsWithAServer_isRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> WorkloadConfig.of(
                Map.of("workload.server", "http://127.0.0.1:8081", "workload.locking", "SINGLE,TWO_LEVEL")));
        assertTrue(e.getMessage().contains("workload.locking"), e.getMessage());
    }

    @Test
    void of_replicas_overHttpOnlyForkedByTheHarnessStaleReadsOnlyWithReplicas() {
        WorkloadConfig three = WorkloadConfig.of(Map.of("workload.local", "false", "workload.replicas", "3",
                "workload.replicaReads", "stale"));
        assertEquals(3, three.replicas);
        assertEquals(ReadMode.STALE, three.replicaReads);
        assertEquals(0, WorkloadConfig.defaults().replicas);
        assertEquals(ReadMode.LINEARIZABLE, WorkloadConfig.defaults().replicaReads);
        assertEquals(Path.of("target/workload/replicas"), WorkloadConfig.defaults().replicaStorage);

        assertRefused(Map.of("workload.replicas", "3"), "setting workload.replicas is invalid: 3 replicas are"
                + " reached over HTTP: it needs workload.local=false");
        assertRefused(Map.of("workload.local", "false", "workload.replicas", "3", "workload.server",
                "http://127.0.0.1:8081"), "setting workload.replicas is invalid: 3 replicas are forked by the harness,"
                + " while workload.server names a running server: give one or the other");
        assertRefused(Map.of("workload.local", "false", "workload.replicaReads", "stale"),
                "setting workload.replicaReads is invalid: stale reads are served by replicas: it needs"
                        + " workload.replicas >= 1");
        assertRefused(Map.of("workload.local", "false", "workload.replicas", "10"),
                "setting workload.replicas is invalid: 10 must be in 0..9");
        assertRefused(Map.of("workload.local", "false", "workload.replicas", "3", "workload.replicaReads", "fast"),
                "setting workload.replicaReads is invalid: 'fast' is not a read mode (linearizable or stale)");
    }

    @Test
    void of_hosts_onlyWithReplicas() {
        assertEquals(false, WorkloadConfig.defaults().hosts);
        assertTrue(WorkloadConfig.of(Map.of("workload.local", "false", "workload.replicas", "3", "workload.hosts",
                "true")).hosts);
        assertRefused(Map.of("workload.local", "false", "workload.hosts", "true"), "setting workload.hosts is"
                + " invalid: true runs the replicas as hosts: it needs workload.replicas >= 1");
        // Hosts have TLS on every hop, certificates naming their addresses: a cut is no reason to refuse TLS.
        WorkloadConfig cutOverTls = WorkloadConfig.of(Map.of("workload.local", "false", "workload.replicas", "3",
                "workload.hosts", "true", "workload.tls", "true", "workload.fault", "isolate-leader@0.5:0.5"));
        assertTrue(cutOverTls.faults.partitions());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> WorkloadConfig.of(Map.of(
                "workload.local", "false", "workload.replicas", "3", "workload.tls", "true", "workload.fault",
                "isolate-leader@0.5:0.5")));
        assertTrue(e.getMessage().endsWith("or run the replicas as hosts (workload.hosts=true)"), e.getMessage());
    }

    @Test
    void maxReplicas_isNoMoreThanTheFleetStarts() {
        assertTrue(WorkloadConfig.MAX_REPLICAS <= FleetOptions.MAX_REPLICAS, "the harness accepts "
                + WorkloadConfig.MAX_REPLICAS + " replicas, the fleet starts at most " + FleetOptions.MAX_REPLICAS);
        FleetOptions.of(WorkloadConfig.MAX_REPLICAS, Path.of("target"));
    }

    @Test
    void sampleSeconds_zeroOrAPeriod_isTakenAndATooShortPeriodIsRefused() {
        assertEquals(1, WorkloadConfig.defaults().sampleSeconds);
        assertEquals(0, WorkloadConfig.of(Map.of("workload.sampleSeconds", "0")).sampleSeconds);
        assertEquals(0.25, WorkloadConfig.of(Map.of("workload.sampleSeconds", "0.25")).sampleSeconds);
        assertRefused(Map.of("workload.sampleSeconds", "0.01"), "setting workload.sampleSeconds is invalid: 0.01 must"
                + " be 0 (none) or >= 0.1: each sample reads /proc and asks every server JVM for its /metrics");
    }

    private static void assertRefused(Map<String, String> settings, String message) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> WorkloadConfig.of(settings));
        assertEquals(message, e.getMessage());
    }

    @Test
    void with_variants_changeOnlyTheirSettingAndStayValidated() {
        WorkloadConfig base = WorkloadConfig.defaults();
        WorkloadConfig changed = base.withThreads(3, 4).withWindow(0.1, 0.2).withSeed(7);
        assertEquals(List.of(3, 4), changed.threads);
        assertEquals(0.2, changed.windowSeconds);
        assertEquals(7, changed.seed);
        assertEquals(base.repetitions, changed.repetitions);
        assertEquals(List.of(1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000), base.threads);
        assertThrows(IllegalArgumentException.class, () -> base.withRepetitions(0));
        assertFalse(base.withCounts(1, 2).describeMeasure().contains("time"));
    }

    @Test
    void markdownTable_listsEverySettingWithItsDefault() {
        String table = Setting.markdownTable();
        for (Setting setting : Setting.values()) {
            String shown = setting.defaultValue().isEmpty() ? "(empty)" : "`" + setting.defaultValue() + "`";
            assertTrue(table.contains("`" + setting.key() + "` | " + shown + " |"), setting.key());
        }
    }
}
