package com.acertainbookstore.workload.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.cluster.ReplicaNetwork;
import com.acertainbookstore.workload.faults.FaultKind;
import com.acertainbookstore.workload.faults.RandomSchedule;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code workload.fault=random} and its settings: the drawn plan, its seed, and every refusal. */
class FaultSettingsTest {

    /** Three replicas, a 60 s window, a random schedule, plus {@code more} (key=value pairs). */
    private static WorkloadConfig random(String... more) {
        Map<String, String> values = new HashMap<>(Map.of("workload.local", "false", "workload.replicas", "3",
                "workload.windowSeconds", "60", "workload.fault", "random"));
        for (int i = 0; i < more.length; i += 2) {
            values.put(more[i], more[i + 1]);
        }
        return WorkloadConfig.of(values);
    }

    private static List<FaultKind> availableKinds() {
        return ReplicaNetwork.unavailableReason() == null ? RandomSchedule.DRAWABLE
                : RandomSchedule.DRAWABLE.stream().filter(kind -> !kind.partitions()).toList();
    }

    @Test
    void of_randomWithASeed_isThePlanTheScheduleDrawsAndSaysHowToReplayIt() {
        WorkloadConfig config = random("workload.faultSeed", "7");

        assertEquals(new RandomSchedule(7, 10, 1, 3, availableKinds()).draw(3, 60).faults(), config.faults.faults());
        String said = config.describeFaults();
        assertTrue(said.startsWith("faults in every measured window: random schedule of seed 7 ("), said);
        assertTrue(said.contains("\n  drawn: " + config.faults + "\n"), said);
        assertTrue(said.contains("replay: -Dworkload.fault=random -Dworkload.faultSeed=7 -Dworkload.faultEvery=10"
                + " -Dworkload.faultMinSeconds=1 -Dworkload.faultMaxSeconds=3 -Dworkload.faultKinds="), said);
        assertEquals(ReplicaNetwork.unavailableReason() != null, said.contains("isolate-leader and isolate-follower"
                + " left out: partitions cannot be made here: "), said);
        assertEquals(config.faults.faults(), random("workload.faultSeed", "7").faults.faults(), "same seed, same plan");
    }

    @Test
    void of_randomWithoutASeed_drawsOneThatTheSetupAndItsVariantsKeep() {
        WorkloadConfig config = random();
        long seed = Long.parseLong(config.raw(Setting.FAULT_SEED));

        WorkloadConfig derived = config.withThreads(7).withSeed(3);

        assertEquals(Long.toString(seed), derived.raw(Setting.FAULT_SEED));
        assertEquals(config.faults.toString(), derived.faults.toString());
        assertTrue(config.describeFaults().contains("-Dworkload.faultSeed=" + seed + " "), config.describeFaults());
        assertEquals("", WorkloadConfig.defaults().raw(Setting.FAULT_SEED), "no seed without a random schedule");
    }

    @Test
    void of_randomKillsAndPausesOnly_drawsNoPartitionAndKeepsThemWhereAllowed() {
        WorkloadConfig config = random("workload.faultSeed", "11", "workload.faultKinds",
                "kill-follower,pause-follower", "workload.faultEvery", "4", "workload.faultMinSeconds", "0.5",
                "workload.faultMaxSeconds", "1.5");

        assertFalse(config.faults.partitions());
        assertTrue(config.faults.faults().stream().allMatch(fault -> fault.kind() == FaultKind.KILL_FOLLOWER
                || fault.kind() == FaultKind.RESTART || fault.kind() == FaultKind.PAUSE_FOLLOWER), config.faults
                .toString());
        assertFalse(config.describeFaults().contains("left out"), "kinds given: nothing left out");
        String why = ReplicaNetwork.unavailableReason();
        if (why == null) {
            assertTrue(random("workload.faultSeed", "1", "workload.faultKinds", "isolate-leader").faults.partitions());
        } else {
            assertRefused("setting workload.faultKinds is invalid: network partitions (isolate-leader,"
                    + " isolate-follower) cannot be made here: " + why, "workload.faultKinds", "isolate-leader");
        }
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "workload.faultSeed | soon | setting workload.faultSeed is invalid: 'soon' is not a whole number",
        "workload.faultEvery | 6 | setting workload.faultEvery is invalid: 6.0 must be more than twice"
                + " workload.faultMaxSeconds (3.0): a fault starts at least half of it after the one before, which"
                + " must be healed by then",
        "workload.faultEvery | 0 | setting workload.faultEvery is invalid: 0 must be in 0.3..3600.0",
        "workload.faultMinSeconds | 4 | setting workload.faultMaxSeconds is invalid: 3.0 must be >="
                + " workload.faultMinSeconds (4.0)",
        "workload.faultMinSeconds | 0 | setting workload.faultMinSeconds is invalid: 0 must be in 0.1..3600.0",
        "workload.faultMaxSeconds | x | setting workload.faultMaxSeconds is invalid: 'x' is not a number",
        "workload.faultKinds | kill-leader,crash | setting workload.faultKinds is invalid: 'crash' is not a kind to"
                + " draw; kinds: kill-leader, kill-follower, pause-leader, pause-follower, isolate-leader,"
                + " isolate-follower",
        "workload.faultKinds | restart | setting workload.faultKinds is invalid: 'restart' is not a kind to draw",
        "workload.replicas | 2 | setting workload.fault is invalid: random takes one replica down at a time and needs"
                + " the others to be a majority: it needs workload.replicas >= 3 (it is 2)",
        "workload.windowSeconds | 8 | setting workload.fault is invalid: random draws no fault in a measured window"
                + " of 8.0 s",
        "workload.measure | count | setting workload.fault is invalid: faults fire at times in the measured window",
    })
    void of_badRandomSettings_areRefusedNamingTheSetting(String key, String value, String message) {
        assertRefused(message, key, value);
    }

    @Test
    void of_scheduleSettingsWithoutRandom_areRefusedNamingThem() {
        for (String key : List.of("workload.faultSeed", "workload.faultEvery", "workload.faultKinds")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> WorkloadConfig.of(Map.of(
                    "workload.local", "false", "workload.replicas", "3", "workload.fault", "kill-leader@0.5",
                    key, key.equals("workload.faultKinds") ? "kill-leader" : "12")));
            assertEquals("setting " + key + " is invalid: it sets the random schedule: it needs workload.fault=random",
                    e.getMessage());
        }
        IllegalArgumentException none = assertThrows(IllegalArgumentException.class,
                () -> WorkloadConfig.of(Map.of("workload.local", "false", "workload.fault", "random")));
        assertTrue(none.getMessage().startsWith("setting workload.fault is invalid: faults are injected into replicas"),
                none.getMessage());
    }

    @Test
    void load_soakFile_runsFiveMinutesOfARandomScheduleWithAFixedSeedUnderTarget() throws Exception {
        Properties system = new Properties();
        system.setProperty("workload.config", "workload/soak.properties");

        WorkloadConfig config = ConfigLoader.load(system);

        assertEquals(3, config.replicas);
        assertEquals(List.of(100), config.threads);
        assertTrue(config.windowSeconds >= 300, "at least 5 minutes: " + config.windowSeconds);
        assertEquals("random", config.raw(Setting.FAULT));
        assertEquals("20261127", config.raw(Setting.FAULT_SEED));
        assertTrue(config.faults.faults().size() >= 10, config.faults.toString());
        assertEquals(config.faults.toString(), ConfigLoader.load(system).faults.toString());
        assertTrue(config.resultsDir.startsWith(Path.of("target")) && config.plotsDir.startsWith(Path.of("target")));
    }

    private static void assertRefused(String message, String key, String value) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> random(key, value));
        assertTrue(e.getMessage().startsWith(message), e.getMessage());
    }
}
