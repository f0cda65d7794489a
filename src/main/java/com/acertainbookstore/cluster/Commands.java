package com.acertainbookstore.cluster;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Short external commands ({@code kill}, {@code ip}) run to their end. Stateless, so safe to share. */
public final class Commands {

    /** How long a command may run. */
    private static final long TIMEOUT_SECONDS = 10;

    private Commands() {
    }

    /**
     * Runs a command, its standard input the given text (or none), and answers what it printed
     * (standard output and error together).
     *
     * @throws IOException it could not start, did not end within 10 s, was interrupted, or ended
     *     with a status other than 0; the message names the command, its input and what it printed
     */
    public static String run(List<String> command, String input) throws IOException {
        String named = String.join(" ", command) + (input == null ? "" : " <<< " + input.strip().replace('\n', ';'));
        Process process;
        try {
            process = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new IOException("cannot run " + named + ": " + e.getMessage(), e);
        }
        try (OutputStream in = process.getOutputStream()) {
            if (input != null) {
                in.write(input.getBytes(StandardCharsets.UTF_8));
            }
        }
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        try {
            if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IOException(named + " did not end within " + TIMEOUT_SECONDS + " s");
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException(named + " was interrupted", e);
        }
        if (process.exitValue() != 0) {
            throw new IOException(named + " failed (status " + process.exitValue() + "): " + output.strip());
        }
        return output;
    }
}
