package com.acertainbookstore.cluster;

import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * Plain {@code GET}s of a child's probes ({@code /health}) with short timeouts, outside the
 * proxies: for waiting until a child serves and reading what it says about itself. Stateless;
 * safe to share.
 */
public final class HttpProbe {

    /** A status and the body's text. */
    public record Answer(int status, String body) {
    }

    private HttpProbe() {
    }

    /** One {@code GET}; the body is read whatever the status (an error's body too). */
    public static Answer get(URI url, Duration timeout) throws IOException {
        HttpURLConnection connection = (HttpURLConnection) url.toURL().openConnection();
        int millis = (int) Math.max(1, Math.min(Integer.MAX_VALUE, timeout.toMillis()));
        connection.setConnectTimeout(millis);
        connection.setReadTimeout(millis);
        try {
            int status = connection.getResponseCode();
            InputStream body = status >= 400 ? connection.getErrorStream() : connection.getInputStream();
            String text = body == null ? "" : new String(body.readAllBytes(), StandardCharsets.UTF_8);
            return new Answer(status, text);
        } finally {
            connection.disconnect();
        }
    }

    /**
     * Calls {@code url} every 50 ms until an answer passes {@code wanted}, while {@code child}
     * runs, until the deadline ({@code System.nanoTime()}); returns that answer.
     *
     * @throws IOException it never did; the message gives the last answer or error
     */
    public static Answer await(URI url, Predicate<Answer> wanted, long deadline, ChildJvm child)
            throws IOException, InterruptedException {
        String last = "no answer";
        while (System.nanoTime() < deadline && (child == null || child.isAlive())) {
            try {
                Answer answer = get(url, Duration.ofSeconds(1));
                if (wanted.test(answer)) {
                    return answer;
                }
                last = "answered " + answer.status() + ": " + answer.body().strip().replace('\n', ' ');
            } catch (IOException e) {
                last = e.toString();
            }
            TimeUnit.MILLISECONDS.sleep(50);
        }
        throw new IOException(url + (child != null && !child.isAlive() ? " stopped answering: the process ended"
                : " did not answer as wanted in time") + " (last: " + last + ")");
    }
}
