package com.acertainbookstore.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.client.BookStoreHTTPProxy;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The standalone server as the workload harness forks it: its one line, /metrics, exit on EOF or SIGTERM. */
class ServerMainTest {

    private static final Pattern LISTENING = Pattern.compile("BookStoreHTTPServer listening on (http://127\\.0\\.0\\.1:(\\d+))");

    private static Process fork(String... properties) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add("-Xmx256m");
        command.addAll(List.of(properties));
        command.add(BookStoreHTTPServer.class.getName());
        return new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    }

    private static String firstLine(Process process) throws IOException {
        BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        return out.readLine();
    }

    @Test
    void main_stdinEof_printsOneLineServesThenExits() throws Exception {
        Process process = fork("-Dbookstore.port=0", "-Dbookstore.exitOnStdinEof=true");
        try {
            String line = firstLine(process);
            Matcher matcher = LISTENING.matcher(line == null ? "" : line);
            assertTrue(matcher.matches(), "first line: " + line);
            try (BookStoreHTTPProxy proxy = new BookStoreHTTPProxy(matcher.group(1))) {
                proxy.health();
                Map<String, Long> metrics = proxy.serverMetrics();
                assertEquals(Runtime.getRuntime().availableProcessors(), metrics.get("available_processors"));
                assertTrue(metrics.get("threads") > 0 && metrics.get("uptime_ms") >= 0 && metrics.get("heap_used_bytes") > 0);
                assertTrue(metrics.keySet().containsAll(List.of("process_cpu_time_ns", "gc_count", "gc_time_ms")));
            }
            process.getOutputStream().close();
            assertTrue(process.waitFor(20, TimeUnit.SECONDS), "server did not exit on end of input");
            assertEquals(0, process.exitValue());
        } finally {
            process.destroyForcibly();
        }
    }

    @Test
    void main_sigterm_stopsCleanly() throws Exception {
        Process process = fork("-Dbookstore.port=0");
        try {
            assertTrue(LISTENING.matcher(String.valueOf(firstLine(process))).matches());
            process.destroy();
            assertTrue(process.waitFor(20, TimeUnit.SECONDS), "server did not stop on SIGTERM");
        } finally {
            process.destroyForcibly();
        }
    }

    @Test
    void main_unknownProperty_exitsWithMessageNamingIt() throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "-Dbookstore.colour=blue", BookStoreHTTPServer.class.getName()));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        try {
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(process.waitFor(20, TimeUnit.SECONDS));
            assertEquals(1, process.exitValue());
            assertTrue(output.contains("bookstore.colour"), output);
        } finally {
            process.destroyForcibly();
        }
    }
}
