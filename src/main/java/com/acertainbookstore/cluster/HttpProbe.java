package com.acertainbookstore.cluster;

import com.acertainbookstore.protocol.HttpGet.Answer;
import com.acertainbookstore.protocol.HttpGet;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import javax.net.ssl.SSLContext;

/**
 * Waits until a child serves, by its probe ({@code /health}, {@link HttpGet}). Stateless; safe to
 * share.
 */
public final class HttpProbe {

    private HttpProbe() {
    }

    /**
     * Calls {@code url} every 50 ms until an answer passes {@code wanted}, while {@code child}
     * runs, until the deadline ({@code System.nanoTime()}); returns that answer.
     *
     * @throws IOException it never did; the message gives the last answer or error
     */
    public static Answer await(URI url, Predicate<Answer> wanted, long deadline, ChildJvm child)
            throws IOException, InterruptedException {
        return await(url, wanted, deadline, child, null);
    }

    /** As {@link #await(URI, Predicate, long, ChildJvm)}, an {@code https} URL called with {@code tls}. */
    public static Answer await(URI url, Predicate<Answer> wanted, long deadline, ChildJvm child, SSLContext tls)
            throws IOException, InterruptedException {
        String last = "no answer";
        while (System.nanoTime() < deadline && (child == null || child.isAlive())) {
            try {
                Answer answer = HttpGet.get(url, Duration.ofSeconds(1), tls);
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
