package com.acertainbookstore.workload.sampling;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * A process as Linux shows it in {@code /proc} at one instant, read from outside the process (so a
 * stopped one is read as well as a running one): its CPU time, user and system, from
 * {@code /proc/<pid>/stat} ({@code utime + stime}, in clock ticks of {@code getconf CLK_TCK}), its
 * state from the same line, and its resident memory from {@code /proc/<pid>/status}
 * ({@code VmRSS}). Immutable.
 *
 * @param cpuNs    CPU time used since the process started, ns; {@code -1} when the clock tick is not known
 * @param rssBytes resident memory now, bytes
 * @param stopped  whether the process is stopped (SIGSTOP: state {@code T} or {@code t})
 */
public record ProcReading(long cpuNs, long rssBytes, boolean stopped) {

    private static final Path PROC = Path.of("/proc");
    /** Clock ticks per second of the {@code stat} times, or {@code -1} when {@code getconf} cannot tell. */
    static final long TICKS_PER_SECOND = ticksPerSecond();

    /** Whether this machine has a {@code /proc} to read. */
    public static boolean available() {
        return Files.isRegularFile(PROC.resolve("self").resolve("stat"));
    }

    /**
     * Reads process {@code pid}, or answers {@code null} when it cannot be read: it ended, is a
     * zombie (no memory left to show), or this machine has no {@code /proc}. Never throws for a
     * process that ended between the two files.
     */
    public static ProcReading of(long pid) {
        if (pid <= 0) {
            return null;
        }
        Path dir = PROC.resolve(Long.toString(pid));
        String stat;
        String status;
        try {
            stat = Files.readString(dir.resolve("stat"), StandardCharsets.UTF_8);
            status = Files.readString(dir.resolve("status"), StandardCharsets.UTF_8);
        } catch (IOException | SecurityException gone) {
            return null;
        }
        return parse(stat, status);
    }

    /**
     * A reading from the two files' text, or {@code null} when they show no resident memory (a
     * zombie) or are not what Linux writes.
     */
    static ProcReading parse(String stat, String status) {
        // The command name, in parentheses, may hold spaces and parentheses: the fields follow the last ')'.
        int close = stat.lastIndexOf(')');
        if (close < 0 || close + 2 >= stat.length()) {
            return null;
        }
        String[] fields = stat.substring(close + 2).trim().split(" ");
        // fields[0] is field 3 of proc(5), the state; utime and stime are fields 14 and 15.
        if (fields.length < 13 || fields[0].isEmpty()) {
            return null;
        }
        char state = fields[0].charAt(0);
        long rssKb = rssKb(status);
        if (state == 'Z' || state == 'X' || rssKb < 0) {
            return null;
        }
        long ticks;
        try {
            ticks = Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
        } catch (NumberFormatException e) {
            return null;
        }
        long cpuNs = TICKS_PER_SECOND > 0 ? ticks * (TimeUnit.SECONDS.toNanos(1) / TICKS_PER_SECOND) : -1;
        return new ProcReading(cpuNs, rssKb * 1024, state == 'T' || state == 't');
    }

    /** The {@code VmRSS:} line's kB, or {@code -1} without one. */
    private static long rssKb(String status) {
        for (String line : status.split("\n")) {
            if (line.startsWith("VmRSS:")) {
                String value = line.substring("VmRSS:".length()).trim();
                int space = value.indexOf(' ');
                try {
                    return Long.parseLong(space < 0 ? value : value.substring(0, space));
                } catch (NumberFormatException e) {
                    return -1;
                }
            }
        }
        return -1;
    }

    /** {@code getconf CLK_TCK} (100 on Linux' common architectures), or {@code -1} when it cannot run. */
    private static long ticksPerSecond() {
        try {
            Process getconf = new ProcessBuilder("getconf", "CLK_TCK").redirectErrorStream(true).start();
            String out = new String(getconf.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim();
            if (!getconf.waitFor(10, TimeUnit.SECONDS) || getconf.exitValue() != 0) {
                getconf.destroyForcibly();
                return -1;
            }
            long ticks = Long.parseLong(out);
            return ticks > 0 && TimeUnit.SECONDS.toNanos(1) % ticks == 0 ? ticks : -1;
        } catch (IOException | NumberFormatException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }
}
