package com.acertainbookstore.cluster;

import com.acertainbookstore.replication.ReplicaGroup;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.IntFunction;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * What a convergence failure ({@link HealthSurvey#awaitApplied}) adds to its message about each
 * replica behind the leader: its last log lines, the leader's last lines about it, and its threads
 * inside Ratis' log ({@link ThreadDumps}). Stateless but for the two views it is given, which must
 * be safe to call from any thread.
 */
final class ConvergenceReport {

    private final IntFunction<Path> logs;
    private final IntFunction<ProcessHandle> processes;

    /**
     * @param logs      replica i's log file
     * @param processes replica i's process, or null before it started
     */
    ConvergenceReport(IntFunction<Path> logs, IntFunction<ProcessHandle> processes) {
        this.logs = logs;
        this.processes = processes;
    }

    /** The text about each surveyed replica that did not apply the leader's commit; empty when no leader answered. */
    String lagging(Survey seen) {
        SurveyAnswer.Health leader = seen.leader().orElse(null);
        if (leader == null) {
            return "";
        }
        long commit = leader.health().commit();
        Path leaderLog = logs.apply(leader.replica());
        StringBuilder text = new StringBuilder();
        for (SurveyAnswer answer : seen.answers()) {
            if (answer instanceof SurveyAnswer.Health h && h.health().applied() == commit) {
                continue;
            }
            int i = answer.replica();
            String id = ReplicaGroup.peerName(i);
            Path log = logs.apply(i);
            // What the leader's appender says of this follower ("r2@group-...->r0-GrpcLogAppender: ...").
            String about = "->" + id + "-";
            text.append("\n  last lines of ").append(log).append(":").append(lastLines(log, line -> true))
                    .append("\n  the leader's last lines about ").append(id).append(" in ").append(leaderLog)
                    .append(":").append(lastLines(leaderLog, line -> line.contains(about)))
                    .append("\n  threads of ").append(id).append(" inside Ratis' log:")
                    .append(ThreadDumps.raftLogThreads(processes.apply(i), log));
        }
        return text.toString();
    }

    /** The last lines of a replica's log that are not stack frames and pass {@code filter}. */
    private static String lastLines(Path log, Predicate<String> filter) {
        try (Stream<String> lines = Files.lines(log)) {
            List<String> kept = lines.filter(line -> !line.startsWith("\tat ") && !line.isBlank())
                    .filter(filter).toList();
            return kept.subList(Math.max(0, kept.size() - 8), kept.size()).stream()
                    .map(line -> "\n    " + (line.length() > 300 ? line.substring(0, 300) + "..." : line))
                    .collect(Collectors.joining());
        } catch (IOException | UncheckedIOException e) {
            return " (unreadable: " + e.getMessage() + ")";
        }
    }
}
