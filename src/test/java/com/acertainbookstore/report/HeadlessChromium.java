package com.acertainbookstore.report;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Test helper: renders a local HTML file in Debian's headless Chromium and says what the page did.
 * One call, one browser, always killed (with every process it started) before the call returns.
 *
 * <p>How it sees what the page did, without the DevTools protocol:
 * <ul>
 *   <li><b>Console</b>: with {@code --enable-logging=stderr --v=0} Chromium writes every console
 *   message of the page, errors, uncaught exceptions and Content-Security-Policy violations
 *   included, as a {@code :CONSOLE} line on its standard error. A page that tries to load anything
 *   its policy forbids therefore shows up here too.</li>
 *   <li><b>Network</b>: Chromium is given a proxy that is a socket of this helper
 *   ({@code --proxy-server}) and a resolver that resolves nothing but the proxy
 *   ({@code --host-resolver-rules}),
 *   so every request, the page's or the browser's, reaches the socket and nothing reaches the
 *   network. The first line of each (e.g. {@code GET http://example.com/x.png HTTP/1.1} or
 *   {@code CONNECT host:443 HTTP/1.1}) is recorded. Chromium itself calls a few of its own
 *   services however it is told not to (its component updater, its clock, sign-in); requests to
 *   those hosts ({@link #BROWSER_HOSTS}) are the browser's, every other one is the page's.</li>
 * </ul>
 * Not thread-safe: one render per instance.
 */
final class HeadlessChromium {

    static final Path BINARY = Path.of("/usr/bin/chromium");
    /** Hosts Chromium calls on its own in a fresh profile, whatever the page (seen with Chromium 156). */
    static final Set<String> BROWSER_HOSTS = Set.of("update.googleapis.com", "accounts.google.com",
            "clients2.google.com");
    private static final long TIMEOUT_SECONDS = 60;

    /**
     * What a render gave.
     *
     * @param console      the page's console lines
     * @param pageRequests the first line of each request to a host not in {@link #BROWSER_HOSTS}
     * @param screenshot   the PNG written
     */
    record Render(List<String> console, List<String> pageRequests, Path screenshot) {
    }

    /** Renders {@code page} at {@code width} x {@code height}, the screenshot into {@code screenshot}. */
    static Render render(Path page, Path screenshot, int width, int height, Path scratch) throws IOException,
            InterruptedException {
        Path profile = Files.createTempDirectory(scratch, "chromium-profile");
        List<String> requests = Collections.synchronizedList(new ArrayList<>());
        Process process = null;
        try (ServerSocket proxy = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Thread trap = new Thread(() -> record(proxy, requests), "proxy-trap");
            trap.setDaemon(true);
            trap.start();
            List<String> command = List.of(BINARY.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                    "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                    "--disable-sync", "--user-data-dir=" + profile, "--enable-logging=stderr", "--v=0",
                    "--proxy-server=http://127.0.0.1:" + proxy.getLocalPort(),
                    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1", "--screenshot=" + screenshot,
                    "--window-size=" + width + "," + height, page.toUri().toString());
            process = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(scratch.resolve("chromium-output.txt").toFile()).start();
            process.getOutputStream().close();
            if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                throw new IllegalStateException("chromium did not finish within " + TIMEOUT_SECONDS + " s");
            }
            List<String> output = Files.readAllLines(scratch.resolve("chromium-output.txt"), StandardCharsets.UTF_8);
            List<String> console = output.stream().filter(l -> l.contains(":CONSOLE")).toList();
            if (process.exitValue() != 0 || !Files.isRegularFile(screenshot)) {
                throw new IllegalStateException("chromium exited with " + process.exitValue() + " and wrote no"
                        + " screenshot; its output:\n" + String.join("\n", output));
            }
            List<String> pageRequests;
            synchronized (requests) {
                pageRequests = requests.stream().filter(r -> !BROWSER_HOSTS.contains(host(r))).toList();
            }
            return new Render(console, pageRequests, screenshot);
        } finally {
            if (process != null) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
                process.waitFor(10, TimeUnit.SECONDS);
            }
        }
    }

    /** Accepts connections until the socket closes, recording each request's first line. */
    private static void record(ServerSocket proxy, List<String> requests) {
        while (!proxy.isClosed()) {
            try (Socket client = proxy.accept()) {
                client.setSoTimeout(2000);
                requests.add(firstLine(client.getInputStream()));
            } catch (SocketException closed) {
                return;
            } catch (IOException e) {
                requests.add("unreadable request: " + e);
            }
        }
    }

    private static String firstLine(InputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        for (int c = in.read(); c >= 0 && c != '\n' && line.length() < 2000; c = in.read()) {
            line.append((char) c);
        }
        return line.toString().trim();
    }

    /** The host of {@code GET http://host/path HTTP/1.1} or {@code CONNECT host:443 HTTP/1.1}. */
    static String host(String requestLine) {
        String[] words = requestLine.split(" ");
        if (words.length < 2) {
            return requestLine;
        }
        String target = words[1].replaceFirst("^[a-z]+://", "");
        int end = target.length();
        for (char stop : new char[] {'/', ':', '?'}) {
            int at = target.indexOf(stop);
            if (at >= 0) {
                end = Math.min(end, at);
            }
        }
        return target.substring(0, end);
    }
}
