package com.acertainbookstore.cluster;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Thread dumps of a replica's JVM ({@code jcmd <pid> Thread.print}), for the message of a
 * convergence failure ({@link ConvergenceReport}). Stateless.
 */
final class ThreadDumps {

    private ThreadDumps() {
    }

    /**
     * The threads of a replica that are inside Ratis' Raft log or run its server's appends, each
     * cut to 25 lines: an append that never ends shows where it waits. The whole dump is kept
     * beside the replica's log ({@code <log>.threads}). Never throws: what went wrong is the text.
     *
     * @param process the replica's process, or null when it never started
     * @param log     the replica's log file
     */
    static String raftLogThreads(ProcessHandle process, Path log) {
        if (process == null || !process.isAlive()) {
            return " (not running)";
        }
        try {
            String dump = Commands.run(List.of(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
                    Long.toString(process.pid()), "Thread.print"), null);
            Path whole = log.resolveSibling(log.getFileName() + ".threads");
            Files.writeString(whole, dump);
            String threads = Arrays.stream(dump.split("\n\s*\n"))
                    .filter(thread -> thread.contains("org.apache.ratis.server.raftlog") || thread.contains("-server-thread"))
                    .map(thread -> thread.lines().limit(25).map(line -> "\n    " + line).collect(Collectors.joining()))
                    .collect(Collectors.joining("\n    --"));
            return " (whole dump: " + whole + ")" + (threads.isEmpty() ? " (none)" : threads);
        } catch (IOException e) {
            return " (no thread dump: " + e.getMessage() + ")";
        }
    }
}
