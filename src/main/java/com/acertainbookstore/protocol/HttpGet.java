package com.acertainbookstore.protocol;

import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import javax.net.ssl.HttpsURLConnection;
import javax.net.ssl.SSLContext;

/**
 * One {@code GET} with a short timeout, outside the proxies, for a probe such as {@code /health}:
 * the harness waits with it until a child serves, and a replica asks its peers with it. An
 * {@code https} URL is called with the TLS context given (its trusted authorities, and the
 * certificate it presents when the server asks for one); the server's certificate must name the
 * URL's host (the JDK's {@code HTTPS} endpoint identification). The connection is closed after
 * each call (no keep-alive thread is left); a new one resumes the context's session. Stateless;
 * safe to share.
 */
public final class HttpGet {

    /** A status and the body's text. */
    public record Answer(int status, String body) {
    }

    private HttpGet() {
    }

    /**
     * One {@code GET}; the body is read whatever the status (an error's body too).
     *
     * @param timeout for the connection and for the answer, each
     * @throws IOException when there is no answer within the timeout, or no connection
     */
    public static Answer get(URI url, Duration timeout) throws IOException {
        return get(url, timeout, null);
    }

    /**
     * As {@link #get(URI, Duration)}; an {@code https} URL goes over TLS with {@code tls}.
     *
     * @param tls the client's TLS context, or null for plain HTTP only
     * @throws IllegalArgumentException an {@code https} URL without a TLS context
     */
    public static Answer get(URI url, Duration timeout, SSLContext tls) throws IOException {
        boolean secure = "https".equalsIgnoreCase(url.getScheme());
        if (secure && tls == null) {
            throw new IllegalArgumentException(url + " is https: a TLS context is needed to call it");
        }
        HttpURLConnection connection = (HttpURLConnection) url.toURL().openConnection();
        if (secure) {
            ((HttpsURLConnection) connection).setSSLSocketFactory(tls.getSocketFactory());
        }
        int millis = (int) Math.max(1, Math.min(Integer.MAX_VALUE, timeout.toMillis()));
        connection.setConnectTimeout(millis);
        connection.setReadTimeout(millis);
        connection.setUseCaches(false);
        try {
            int status = connection.getResponseCode();
            InputStream body = status >= 400 ? connection.getErrorStream() : connection.getInputStream();
            String text = body == null ? "" : new String(body.readAllBytes(), StandardCharsets.UTF_8);
            return new Answer(status, text);
        } finally {
            connection.disconnect();
        }
    }
}
