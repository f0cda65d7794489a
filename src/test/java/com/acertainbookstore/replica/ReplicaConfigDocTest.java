package com.acertainbookstore.replica;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.acertainbookstore.DocTables;
import com.acertainbookstore.replication.ReplicaSettings;
import com.acertainbookstore.replication.ServiceSettings;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** docs/replication.md's table of {@code replica.*} properties lists what {@link ReplicaConfig} reads, with its defaults. */
class ReplicaConfigDocTest {

    private static final Path DOC = Path.of("docs", "replication.md");

    @Test
    void replicationDoc_replicaSettingsTable_listsEveryPropertyWithTheCodesDefault() throws Exception {
        Map<String, List<String>> rows = DocTables.rowsOfExactly(DOC, ReplicaConfig.PREFIX, ReplicaConfig.KNOWN, "ReplicaConfig");
        ServiceSettings service = ServiceSettings.DEFAULT;
        ReplicaSettings raft = ReplicaSettings.DEFAULT;
        Map<String, Object> defaults = new TreeMap<>();
        defaults.put("group", ReplicaConfig.DEFAULT_GROUP);
        defaults.put("storage", ReplicaConfig.DEFAULT_STORAGE);
        defaults.put("reads", service.reads());
        defaults.put("durable", raft.durableLog());
        defaults.put("batchMax", service.batchMax());
        defaults.put("batchesInFlight", service.batchesInFlight());
        defaults.put("batchWaitMs", service.batchWait().toMillis());
        defaults.put("readNudgeMs", service.readNudge().toMillis());
        defaults.put("deadlineMs", service.deadline().toMillis());
        defaults.put("quorumTimeoutMs", service.quorumTimeout().toMillis());
        defaults.put("snapshotEvery", raft.snapshotEvery());
        defaults.put("warmupSeconds", Warmup.of(null).toSeconds());
        Map<String, String> expected = new TreeMap<>();
        Map<String, String> documented = new TreeMap<>();
        for (Map.Entry<String, Object> entry : defaults.entrySet()) {
            expected.put(entry.getKey(), "`" + entry.getValue() + "`");
            documented.put(entry.getKey(), rows.get(ReplicaConfig.PREFIX + entry.getKey()).get(0));
        }
        assertEquals(expected, documented, DOC + ": a default in the replica.* table is not the code's");
    }
}
