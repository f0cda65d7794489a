package com.acertainbookstore.server;

import com.acertainbookstore.cluster.ChildJvm;
import com.acertainbookstore.protocol.BearerToken;
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

/**
 * The standalone server in a JVM of its own, as the harness forks it: started with the given JVM
 * options and {@code bookstore.*} properties, ready once it printed its address. Closing it kills
 * the process and waits for it. It never outlives the test JVM: it runs with
 * {@code bookstore.exitOnStdinEof=true} (the test JVM's end, however abrupt, closes its stdin) and
 * a shutdown hook kills it when the test JVM exits first. For one test at a time.
 */
public final class ServerJvm implements AutoCloseable {

    /** A line of the loggers (jetty-slf4j-impl): it starts with its date and time. */
    private static final Pattern LOG_LINE = Pattern.compile("^\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d\\.\\d{3}:");
    static final Pattern LISTENING = Pattern.compile("BookStoreHTTPServer listening on (http://127\\.0\\.0\\.1:(\\d+))");

    private final Process process;
    private final BufferedReader out;
    private final Thread hook;

    private ServerJvm(Process process) {
        this.process = process;
        this.out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        this.hook = new Thread(process::destroyForcibly, "server-jvm-killer");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /** Forks the server; its standard error is merged into standard output. */
    public static ServerJvm fork(List<String> jvmOptions, String... properties) throws IOException {
        return fork(jvmOptions, Map.of(), properties);
    }

    /** Forks the server with extra environment variables. */
    public static ServerJvm fork(List<String> jvmOptions, Map<String, String> environment, String... properties)
            throws IOException {
        return forkMain(BookStoreHTTPServer.class.getName(), jvmOptions, environment, properties);
    }

    /** Forks another server process's main class (a replica's) the same way. */
    public static ServerJvm forkMain(String mainClass, List<String> jvmOptions, Map<String, String> environment,
            String... properties) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-cp");
        command.add(ChildJvm.classPath());
        command.addAll(jvmOptions);
        command.add("-Dbookstore.exitOnStdinEof=true");
        command.addAll(List.of(properties));
        command.add(mainClass);
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().remove(BearerToken.ENVIRONMENT_VARIABLE);
        builder.environment().putAll(environment);
        return new ServerJvm(builder.start());
    }

    public Process process() {
        return process;
    }

    /**
     * The next line the program itself printed, or {@code null} at its end: its loggers' lines
     * (a Ratis warning that the loaded machine paused the JVM, say) come between and are skipped.
     */
    public String nextLine() throws IOException {
        for (String line = out.readLine(); ; line = out.readLine()) {
            if (line == null || !LOG_LINE.matcher(line).find()) {
                return line;
            }
        }
    }

    /** Reads the listening line and answers the server's base URL. */
    public String awaitUrl() throws IOException {
        String line = nextLine();
        Matcher matcher = LISTENING.matcher(line == null ? "" : line);
        if (!matcher.matches()) {
            throw new IllegalStateException("the server printed '" + line + "' instead of its address");
        }
        return matcher.group(1);
    }

    /** Everything the server prints from now until it exits. */
    public String restOfOutput() throws IOException {
        StringBuilder text = new StringBuilder();
        for (String line = out.readLine(); line != null; line = out.readLine()) {
            text.append(line).append('\n');
        }
        return text.toString();
    }

    @Override
    public void close() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(20, TimeUnit.SECONDS);
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException exiting) {
            // The JVM is exiting and runs the hook itself.
        }
    }
}
