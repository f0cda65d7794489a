package com.acertainbookstore.workload.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.cluster.ReplicaNetwork;
import com.acertainbookstore.workload.settings.Setting;
import com.acertainbookstore.workload.settings.WorkloadConfig;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The fault list: parsed in time order, and refused before a run, naming the fault and the rule. */
class FaultPlanTest {

    @Test
    void parse_aListOfFaults_givesThemInTimeOrderWithTheirDurations() {
        FaultPlan plan = FaultPlan.parse(" restart@8, kill-leader@4,pause-leader@12:2.5 ,kill-follower@1,"
                + "pause-follower@15:1");

        assertEquals(List.of(new Fault(FaultKind.KILL_FOLLOWER, 1, 0), new Fault(FaultKind.KILL_LEADER, 4, 0),
                new Fault(FaultKind.RESTART, 8, 0), new Fault(FaultKind.PAUSE_LEADER, 12, 2.5),
                new Fault(FaultKind.PAUSE_FOLLOWER, 15, 1)), plan.faults());
        assertEquals("kill-follower@1,kill-leader@4,restart@8,pause-leader@12:2.5,pause-follower@15:1",
                plan.toString());
        assertTrue(FaultPlan.parse("").isEmpty());
        assertTrue(FaultPlan.parse("isolate-leader@1:3").partitions());
    }

    @Test
    void parse_malformedEntries_areRefusedNamingTheEntry() {
        assertRefused("kill-leaders@4", "unknown fault 'kill-leaders'", "known faults: kill-leader@S");
        assertRefused("kill-leader", "'kill-leader' is not kind@S or kind@S:D");
        assertRefused("kill-leader@4,", "'' is not kind@S");
        assertRefused("pause-leader@4", "'pause-leader@4' needs a duration");
        assertRefused("pause-follower@4", "'pause-follower@4' needs a duration");
        assertRefused("kill-leader@4:2", "happens once and takes no duration");
        assertRefused("restart@soon", "time 'soon' is not a number of seconds");
        assertRefused("kill-leader@-1", "time -1 must be a finite number of seconds >= 0");
        assertRefused("kill-leader@NaN", "must be a finite number");
        assertRefused("pause-leader@1:0", "the duration must be more than 0 s");
    }

    @Test
    void check_faultsOutsideTheWindowRestartsOfNothingAndLostMajorities_areRefused() {
        String outside = assertThrows(IllegalArgumentException.class,
                () -> FaultPlan.parse("kill-leader@10").check(3, 10)).getMessage();
        assertTrue(outside.contains("kill-leader@10 is not inside the measured window of 10 s"), outside);
        String overrun = assertThrows(IllegalArgumentException.class,
                () -> FaultPlan.parse("pause-leader@8:3").check(3, 10)).getMessage();
        assertTrue(overrun.contains("pause-leader@8:3 is not inside"), overrun);
        String nothing = assertThrows(IllegalArgumentException.class,
                () -> FaultPlan.parse("restart@2,kill-leader@3").check(3, 10)).getMessage();
        assertTrue(nothing.contains("restart@2 restarts the replica killed last, but no kill"), nothing);
        String majority = assertThrows(IllegalArgumentException.class,
                () -> FaultPlan.parse("kill-leader@1,kill-follower@2").check(3, 10)).getMessage();
        assertTrue(majority.contains("kill-follower@2 leaves 1 of 3 replicas up, fewer than a majority (2)"),
                majority);
        String paused = assertThrows(IllegalArgumentException.class,
                () -> FaultPlan.parse("pause-leader@1:4,kill-follower@2").check(3, 10)).getMessage();
        assertTrue(paused.contains("kill-follower@2 leaves 1 of 3"), paused);
        String followerPaused = assertThrows(IllegalArgumentException.class,
                () -> FaultPlan.parse("kill-leader@1,pause-follower@2:1").check(3, 10)).getMessage();
        assertTrue(followerPaused.contains("pause-follower@2:1 leaves 1 of 3"), followerPaused);
        String single = assertThrows(IllegalArgumentException.class,
                () -> FaultPlan.parse("kill-leader@1").check(1, 10)).getMessage();
        assertTrue(single.contains("leaves 0 of 1 replicas up"), single);

        FaultPlan.parse("kill-leader@1,restart@2,kill-follower@3,restart@4,pause-leader@5:2").check(3, 10);
        FaultPlan.parse("kill-leader@1,kill-follower@2").check(5, 10);
        FaultPlan.parse("pause-leader@1:1,kill-follower@2").check(3, 10);
        String cut = assertThrows(IllegalArgumentException.class,
                () -> FaultPlan.parse("isolate-leader@1:4,kill-follower@2").check(3, 10)).getMessage();
        assertTrue(cut.contains("kill-follower@2 leaves 1 of 3"), cut);
        FaultPlan.parse("isolate-follower@1:1,kill-leader@3,restart@4").check(3, 10);
    }

    @Test
    void workloadConfig_refusesFaultsWithoutReplicasInCountModeOrWithPartitions() {
        WorkloadConfig replicas = WorkloadConfig.defaults().withReplicas(3);

        assertConfigRefused(WorkloadConfig.defaults().withLocal(false), "kill-leader@1",
                "faults are injected into replicas the harness forks");
        assertConfigRefused(replicas.withCounts(10, 100), "kill-leader@1", "it needs workload.measure=time");
        assertConfigRefused(replicas, "kill-leader@1,kill-leader@1.2", "leaves 1 of 3 replicas up");
        assertConfigRefused(replicas, "kill-leader@2", "not inside the measured window of 1.5 s");
        String why = ReplicaNetwork.unavailableReason();
        if (why == null) {
            assertTrue(replicas.with(Setting.FAULT, "isolate-leader@0.5:0.5").faults.partitions());
        } else {
            assertConfigRefused(replicas, "isolate-leader@0.5:0.5", "cannot be made here: " + why);
        }
        String pinned = assertThrows(IllegalArgumentException.class,
                () -> WorkloadConfig.defaults().withLocal(false).with(Setting.REPLICA_CLIENTS, "pinned")).getMessage();
        assertTrue(pinned.contains("it needs workload.replicas >= 1"), pinned);
        String deadline = assertThrows(IllegalArgumentException.class,
                () -> WorkloadConfig.defaults().withLocal(false).with(Setting.CALL_TIMEOUT_SECONDS, 2)).getMessage();
        assertTrue(deadline.contains("it needs workload.replicas >= 1"), deadline);
        String clients = assertThrows(IllegalArgumentException.class,
                () -> replicas.with(Setting.REPLICA_CLIENTS, "sticky")).getMessage();
        assertTrue(clients.startsWith("setting workload.replicaClients is invalid"), clients);
        String tooShort = assertThrows(IllegalArgumentException.class,
                () -> replicas.with(Setting.CALL_TIMEOUT_SECONDS, 0.01)).getMessage();
        assertTrue(tooShort.startsWith("setting workload.callTimeoutSeconds is invalid"), tooShort);
        assertConfigRefused(replicas, "crash@1", "unknown fault 'crash'");
        assertEquals("kill-leader@0.5,restart@1", replicas.with(Setting.FAULT, "kill-leader@0.5,restart@1").faults
                .toString());
    }

    private static void assertRefused(String text, String... parts) {
        String message = assertThrows(IllegalArgumentException.class, () -> FaultPlan.parse(text)).getMessage();
        for (String part : parts) {
            assertTrue(message.contains(part), message);
        }
    }

    private static void assertConfigRefused(WorkloadConfig config, String faults, String part) {
        String message = assertThrows(IllegalArgumentException.class, () -> config.with(Setting.FAULT, faults))
                .getMessage();
        assertTrue(message.startsWith("setting workload.fault is invalid: "), message);
        assertTrue(message.contains(part), message);
    }
}
