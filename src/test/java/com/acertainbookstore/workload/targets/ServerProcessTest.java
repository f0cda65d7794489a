package com.acertainbookstore.workload.targets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.cluster.JavaRuntime;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

class ServerProcessTest {

    @TempDir
    Path dir;

    @Test
    @Timeout(60)
    void start_serverThatCannotStart_failsNamingTheLogAndLeavesNothingRunning() {
        Path log = dir.resolve("server.log");
        IOException e = assertThrows(IOException.class, () -> ServerProcess.start(null, JavaRuntime.current(),
                List.of("-Dbookstore.locking=NO_SUCH_MODE"), null, log, 30, null));
        assertTrue(e.getMessage().contains(log.toAbsolutePath().toString()), e.getMessage());
        assertEquals(0, ProcessHandle.current().children().filter(ProcessHandle::isAlive).count());
    }
}
