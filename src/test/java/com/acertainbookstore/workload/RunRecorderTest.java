package com.acertainbookstore.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.workload.results.RunRecord;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RunRecorderTest {

    @Test
    void changedSettings_defaultsAndOthers_keepsOnlyThoseThatDifferInKeyOrder() {
        List<RunRecord.ChangedSetting> changed = RunRecorder.changedSettings(Map.of("workload.threads", "1,8",
                "workload.repetitions", "3", "workload.local", " true ", "workload.fault", "kill-leader@4"));

        assertEquals(List.of(new RunRecord.ChangedSetting("workload.fault", "kill-leader@4", ""),
                new RunRecord.ChangedSetting("workload.threads", "1,8", "1,2,5,10,20,50,100,200,500,1000,2000")),
                changed);
    }

    @Test
    void finish_thisJvm_recordsTheMachineAndTheOutcome() {
        RunRecord record = new RunRecorder(Map.of("workload.repetitions", "1")).finish("passed");

        assertEquals("passed", record.outcome());
        assertEquals(Runtime.getRuntime().availableProcessors(), record.cores());
        assertTrue(record.memoryMb() > 0);
        assertEquals(List.of(new RunRecord.ChangedSetting("workload.repetitions", "1", "3")), record.settings());
        assertFalse(record.commit().isBlank());
        assertTrue(List.of("clean", "modified", "unknown").contains(record.treeClean()), record.treeClean());
        assertTrue(record.startedAt().compareTo(record.endedAt()) <= 0);
    }
}
