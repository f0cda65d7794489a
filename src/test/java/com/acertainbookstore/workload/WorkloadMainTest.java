package com.acertainbookstore.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.cluster.ReplicaNetwork;
import com.acertainbookstore.workload.settings.Setting;
import com.acertainbookstore.workload.settings.WorkloadConfig;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The run's own check of the settings against this machine, made before any load. */
class WorkloadMainTest {

    private static final WorkloadConfig REPLICAS = WorkloadConfig.defaults().withLocal(false).withReplicas(3);

    @Test
    void onThisMachine_faultsWithoutPartitions_areTheSettingsAsGiven() {
        WorkloadConfig killing = REPLICAS.with(Setting.FAULT, "kill-leader@0.5");

        assertSame(killing, WorkloadMain.onThisMachine(killing));
        assertSame(REPLICAS, WorkloadMain.onThisMachine(REPLICAS));
    }

    @Test
    void onThisMachine_isolation_isKeptWhereNamespacesCanBeMadeAndRefusedNamingTheSettingWhereNot() {
        WorkloadConfig isolating = REPLICAS.with(Setting.FAULT, "isolate-leader@0.5:0.5");
        String why = ReplicaNetwork.unavailableReason();

        if (why == null) {
            assertTrue(WorkloadMain.onThisMachine(isolating).faults.partitions());
        } else {
            String refused = assertThrows(IllegalArgumentException.class, () -> WorkloadMain.onThisMachine(isolating))
                    .getMessage();
            assertTrue(refused.startsWith("setting workload.fault is invalid: 'isolate-leader@0.5:0.5': network"
                    + " partitions (isolate-leader, isolate-follower) cannot be made here: " + why), refused);
        }
    }

    @Test
    void onThisMachine_hosts_areKeptWhereNamespacesCanBeMadeAndRefusedNamingTheSettingWhereNot() {
        WorkloadConfig hosts = REPLICAS.with(Setting.HOSTS, true);
        String why = ReplicaNetwork.unavailableReason();

        if (why == null) {
            assertSame(hosts, WorkloadMain.onThisMachine(hosts));
        } else {
            String refused = assertThrows(IllegalArgumentException.class, () -> WorkloadMain.onThisMachine(hosts))
                    .getMessage();
            assertEquals("setting workload.hosts=true cannot run here: " + why, refused);
        }
    }

    @Test
    void onThisMachine_randomOfEveryKind_leavesIsolationsOutWhereNamespacesCannotBeMade() {
        WorkloadConfig random = REPLICAS.withWindow(0.5, 60).with(Map.of(Setting.FAULT, "random",
                Setting.FAULT_SEED, 7));
        String why = ReplicaNetwork.unavailableReason();

        WorkloadConfig runnable = WorkloadMain.onThisMachine(random);

        assertEquals(why != null, runnable.describeFaults().contains("isolate-leader and isolate-follower left out:"
                + " partitions cannot be made here: " + why), runnable.describeFaults());
        assertEquals(why == null, runnable.faultsMayPartition(), runnable.describeFaults());
    }
}
