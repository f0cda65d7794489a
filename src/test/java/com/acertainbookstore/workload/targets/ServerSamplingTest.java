package com.acertainbookstore.workload.targets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.acertainbookstore.business.Locking;
import com.acertainbookstore.client.BookStoreHTTPProxy;
import com.acertainbookstore.cluster.Commands;
import com.acertainbookstore.cluster.JavaRuntime;
import com.acertainbookstore.workload.results.Load;
import com.acertainbookstore.workload.results.Mode;
import com.acertainbookstore.workload.results.Point;
import com.acertainbookstore.workload.results.ProcessRow;
import com.acertainbookstore.workload.results.Series;
import com.acertainbookstore.workload.sampling.ProcReading;
import com.acertainbookstore.workload.sampling.ProcessSampler;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The process sampler against a real server JVM, forked as a run forks it ({@link ServerProcess}),
 * beside this JVM as the harness: while it serves calls, its CPU, memory (its 1 GiB heap is
 * touched at start), GC time and HTTP bytes are there, and the harness's HTTP bytes match the
 * server's; stopped with SIGSTOP, it gives only its {@code /proc} figures and the row says it was
 * stopped; killed with SIGKILL in a window, the sampler goes on without an exception and the row
 * says it was not running.
 */
class ServerSamplingTest {

    private static final Point POINT = Point.closed(new Series(Mode.HTTP, Load.CLOSED, Locking.SINGLE), 1);
    private static final Duration PERIOD = Duration.ofMillis(200);

    @TempDir
    Path dir;

    @Test
    @Timeout(120)
    void sample_forkedServer_workingThenStoppedThenKilled() throws Exception {
        assumeTrue(ProcReading.available(), "no /proc on this machine");
        ServerProcess server = ServerProcess.start(null, JavaRuntime.current(), List.of(), null,
                dir.resolve("server.log"), 60, null);
        String url = server.url().toString();
        long pid = server.pid();
        try (server;
                BookStoreHTTPProxy client = new BookStoreHTTPProxy(url);
                ServerJvmProcess jvm = new ServerJvmProcess("server", server::pid,
                        new BookStoreHTTPProxy(url, ServerJvmProcess.METRICS_TIMEOUT, null, null));
                ProcessSampler sampler = new ProcessSampler(List.of(HarnessProcess.INSTANCE, jvm), PERIOD)) {
            long start = System.nanoTime();
            long end = start + TimeUnit.MILLISECONDS.toNanos(1500);
            sampler.window(start, end);
            long calls = 0;
            while (System.nanoTime() < end) {
                client.getEditorPicks(1);
                calls++;
            }
            sampler.endWindow();
            List<ProcessRow> working = sampler.pointDone(POINT);
            System.out.println(calls + " calls; " + working);

            assertEquals(List.of("harness", "server"), working.stream().map(ProcessRow::process).toList());
            ProcessRow harness = working.get(0);
            ProcessRow served = working.get(1);
            assertEquals(String.valueOf(pid), served.pids());
            assertTrue(served.samples() >= 6, "a sample every 200 ms of 1.5 s and at both ends: " + served);
            assertEquals(served.samples(), served.procSamples(), served.toString());
            assertEquals(served.samples(), served.jvmSamples(), served.toString());
            assertEquals(0, served.stoppedSamples());
            assertTrue(served.cpuPercent() > 1, calls + " calls served: " + served);
            assertTrue(served.rssMeanMb() > 900 && served.rssPeakMb() < 4096, "a 1 GiB heap touched at start: "
                    + served);
            assertTrue(served.gcMs() >= 0, served.toString());
            assertTrue(served.jitMs() >= 0, "its /metrics tells its compile time: " + served);
            assertTrue(served.httpBytesIn() > 50 * calls && served.httpBytesOut() > 50 * calls, calls + " calls: "
                    + served);
            assertTrue(harness.cpuPercent() > 1, harness.toString());
            // The harness's requests are what the server received: the calls and the sampler's /metrics,
            // all but the ones that straddle the window's ends.
            assertEquals(served.httpBytesIn(), harness.httpBytesOut(), served.httpBytesIn() * 0.05,
                    "harness " + harness + ", server " + served);

            Commands.run(List.of("kill", "-STOP", Long.toString(pid)), null);
            try {
                // The signal is sent; the process stops a moment later.
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
                while (!ProcReading.of(pid).stopped() && System.nanoTime() < deadline) {
                    TimeUnit.MILLISECONDS.sleep(10);
                }
                long now = System.nanoTime();
                sampler.window(now, now + TimeUnit.MILLISECONDS.toNanos(800));
                TimeUnit.MILLISECONDS.sleep(1000);
                sampler.endWindow();
            } finally {
                Commands.run(List.of("kill", "-CONT", Long.toString(pid)), null);
            }
            ProcessRow stopped = sampler.pointDone(POINT).get(1);

            assertTrue(stopped.samples() >= 4, stopped.toString());
            assertEquals(stopped.samples(), stopped.stoppedSamples(), "stopped at every sample: " + stopped);
            assertEquals(stopped.samples(), stopped.procSamples(), "/proc reads a stopped process: " + stopped);
            assertEquals(0, stopped.jvmSamples(), "a stopped JVM is not asked: " + stopped);
            assertTrue(Double.isNaN(stopped.gcMs()) && Double.isNaN(stopped.jitMs())
                    && Double.isNaN(stopped.httpBytesIn()), "no made-up zero: "
                    + stopped);
            assertTrue(stopped.cpuPercent() < 5, "stopped, it runs nothing: " + stopped);
            assertTrue(stopped.rssMeanMb() > 900, stopped.toString());

            long now = System.nanoTime();
            sampler.window(now, now + TimeUnit.MILLISECONDS.toNanos(1200));
            TimeUnit.MILLISECONDS.sleep(400);
            ProcessHandle.of(pid).orElseThrow().destroyForcibly();
            TimeUnit.MILLISECONDS.sleep(1000);
            sampler.endWindow();
            ProcessRow killed = sampler.pointDone(POINT).get(1);

            assertEquals(String.valueOf(pid), killed.pids());
            assertTrue(killed.procSamples() >= 1 && killed.procSamples() < killed.samples(),
                    "read while it ran, not after: " + killed);
            assertEquals(-1, server.pid(), "it is gone");
        }
        assertEquals(0, ProcessHandle.current().children().filter(ProcessHandle::isAlive).count());
    }
}
