package com.acertainbookstore.client;

import com.acertainbookstore.protocol.ReplicaHeaders;
import com.acertainbookstore.tls.ClientTls;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLSocket;

/**
 * One keep-alive HTTP/1.1 connection, used by one call at a time (not thread-safe; the
 * {@link ConnectionPool} hands it to one caller at a time).
 *
 * <p>The calling thread does the I/O itself: it writes the whole request in one {@code write}
 * (a body that asks for {@code 100 Continue} follows its head in a second one) and blocks in
 * {@code read} until the answer is there, so a call costs two system calls and one wake-up, with
 * no selector or pool thread between the caller and the socket. It records whether the request
 * was written whole and whether any answer byte came, which decide whether {@link HttpTransport}
 * may send a call again. Every read is
 * bounded by the call's deadline. It reads what the bookstore server writes: a status line,
 * headers, and a body delimited by {@code Content-Length} (or chunked, or by the end of the
 * connection), at most a given size.
 */
final class Connection implements AutoCloseable {

    /** Largest status line plus headers accepted. */
    private static final int MAX_HEAD_BYTES = 64 << 10;
    /** The answer header in which a replica names the leader's base URL ({@code http://host:port}). */
    static final String LEADER_HEADER = ReplicaHeaders.LEADER;
    /**
     * The longest {@value #LEADER_HEADER} value kept; a longer one is dropped (a URL of a host and
     * a port is far shorter, and a server's header must not cost the client memory).
     */
    static final int MAX_LEADER_CHARS = 256;

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;
    private byte[] buffer = new byte[8192];
    /** The body of the latest answer with a length, reused by the next (up to a bound). */
    private byte[] bodyBuffer = new byte[0];
    /**
     * The longest body read into {@link #bodyBuffer} (a longer one gets an array of its own), and
     * the most {@link #buffer} grows to for answers: a listing of about 150 books. So a connection
     * keeps at most 32 KiB (2,000 connections: 64 MiB).
     */
    private static final int MAX_REUSED_BODY_BYTES = 1 << 14;
    /** Unread input is {@code buffer[start..end)}. */
    private int start;
    private int end;
    /** Bytes received during the current exchange: zero means the server answered nothing. */
    private long received;
    private long idleSince;
    /** The connection has waited in the pool (opened ahead, or given back after a call). */
    private boolean pooled;
    /** It had waited in the pool before the current exchange. */
    private boolean pooledBefore;
    /**
     * The current exchange's request, body included, was handed whole to the kernel. Until then
     * the server cannot have read a whole request, so it cannot have acted on it.
     */
    private boolean requestWritten;
    /** Asked between slices of the wait for an answer; set for each exchange. */
    private Patience patience = Patience.UNTIL_DEADLINE;

    private Connection(Socket socket) throws IOException {
        this.socket = socket;
        this.in = socket.getInputStream();
        this.out = socket.getOutputStream();
    }

    /**
     * Connects to {@code host:port} within {@code timeoutMs}, with Nagle's algorithm off; with
     * {@code tls}, also completes the TLS handshake within the same time, verifying that the
     * server's certificate names {@code host} (a resumed session costs no full handshake).
     */
    static Connection open(String host, int port, ClientTls tls, long timeoutMs) throws IOException {
        Socket socket = tls == null ? new Socket() : tls.newSocket();
        Socket open = socket;
        try {
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
            socket.setTcpNoDelay(true);
            socket.connect(new InetSocketAddress(host, port), (int) Math.max(1, Math.min(Integer.MAX_VALUE, timeoutMs)));
            if (tls != null) {
                SSLSocket secure = tls.layer(socket, host, port);
                open = secure;
                secure.setSoTimeout(remainingMillis(deadline));
                secure.startHandshake();
            }
            return new Connection(open);
        } catch (IOException | RuntimeException e) {
            open.close();
            socket.close();
            throw e;
        }
    }

    /**
     * Whether this connection waited in the pool before the current exchange, which received
     * nothing: most likely one the server had closed meanwhile. Most likely is not proof: a
     * server may also have read the request, acted on it and gone away before answering.
     */
    boolean isStaleAndSilent() {
        return pooledBefore && received == 0;
    }

    /** Whether the current exchange's request was written whole (see {@link #requestWritten}). */
    boolean requestWritten() {
        return requestWritten;
    }

    /** Whether this connection waited in the pool before the current exchange. */
    boolean wasPooled() {
        return pooledBefore;
    }

    /**
     * Whether this idle connection can no longer carry a request: the server closed it, reset it,
     * or wrote something nobody asked for. Waits a millisecond for that to show (a live, quiet
     * connection makes the read time out); for a caller that must not send a request on a
     * connection that may be dead.
     */
    boolean isClosedWhileIdle() {
        try {
            socket.setSoTimeout(1);
            in.read();
            return true;
        } catch (SocketTimeoutException quiet) {
            return false;
        } catch (IOException e) {
            return true;
        }
    }

    long idleSince() {
        return idleSince;
    }

    /** How long this connection had waited in the pool when taken at {@code now}; 0 if never pooled. */
    long idleNanos(long now) {
        return pooled ? now - idleSince : 0;
    }

    void markIdle(long nanos) {
        idleSince = nanos;
        pooled = true;
    }

    /**
     * Writes a request, then reads its answer. With {@code expectContinue}, {@code head} asked
     * for {@code 100 Continue}: the body is sent only once the server asks for it (or after a
     * second without an answer), so a refusal made on the headers arrives cleanly.
     */
    Answer exchange(byte[] head, int headLength, byte[] body, boolean expectContinue, long deadline,
            Patience patience, int maxBodyBytes) throws IOException {
        this.patience = patience;
        try {
            return exchange(head, headLength, body, expectContinue, deadline, maxBodyBytes);
        } finally {
            this.patience = Patience.UNTIL_DEADLINE;
        }
    }

    private Answer exchange(byte[] head, int headLength, byte[] body, boolean expectContinue, long deadline,
            int maxBodyBytes) throws IOException {
        pooledBefore = pooled;
        received = 0;
        requestWritten = false;
        if (!expectContinue) {
            out.write(head, 0, headLength);
            ClientTraffic.sent(headLength);
            requestWritten = true;
            return readAnswer(deadline, maxBodyBytes);
        }
        out.write(head, 0, headLength);
        ClientTraffic.sent(headLength);
        long waitForContinue = Math.min(deadline, System.nanoTime() + TimeUnit.SECONDS.toNanos(1));
        Answer interim = null;
        try {
            interim = readHead(waitForContinue, maxBodyBytes);
        } catch (SocketTimeoutException e) {
            // No answer to the expectation: send the body anyway, as HTTP allows.
        }
        if (interim != null && interim.status() != 100) {
            return interim;
        }
        out.write(body);
        ClientTraffic.sent(body.length);
        requestWritten = true;
        return readAnswer(deadline, maxBodyBytes);
    }

    /** Reads the next final answer, skipping interim (1xx) ones. */
    private Answer readAnswer(long deadline, int maxBodyBytes) throws IOException {
        while (true) {
            Answer answer = readHead(deadline, maxBodyBytes);
            if (answer.status() >= 200) {
                return answer;
            }
        }
    }

    /** Reads one answer: its head, and its body when it is a final one. */
    private Answer readHead(long deadline, int maxBodyBytes) throws IOException {
        int headEnd = findHeadEnd(deadline);
        int headBytes = headEnd - start;
        String head = new String(buffer, start, headBytes, StandardCharsets.ISO_8859_1);
        start = headEnd;
        int status = parseStatus(head);
        long length = -1;
        boolean chunked = false;
        boolean closes = head.startsWith("HTTP/1.0");
        String leader = null;
        int lineStart = head.indexOf("\r\n") + 2;
        while (lineStart < head.length()) {
            int lineEnd = head.indexOf("\r\n", lineStart);
            if (lineEnd < 0) {
                lineEnd = head.length();
            }
            int colon = head.indexOf(':', lineStart);
            if (colon > lineStart && colon < lineEnd) {
                // Only the four headers read here become strings; the others are skipped in place.
                if (named(head, lineStart, colon, "Content-Length")) {
                    length = parseLength(value(head, colon, lineEnd));
                } else if (named(head, lineStart, colon, "Transfer-Encoding")) {
                    chunked = value(head, colon, lineEnd).toLowerCase(Locale.ROOT).contains("chunked");
                } else if (named(head, lineStart, colon, "Connection")) {
                    closes |= value(head, colon, lineEnd).equalsIgnoreCase("close");
                } else if (named(head, lineStart, colon, LEADER_HEADER)) {
                    String value = value(head, colon, lineEnd);
                    leader = value.length() <= MAX_LEADER_CHARS ? value : null;
                }
            }
            lineStart = lineEnd + 2;
        }
        if (status < 200) {
            return new Answer(status, new byte[0], 0, false, null);
        }
        if (length > maxBodyBytes) {
            throw new IOException("answer of " + length + " bytes is larger than the limit of " + maxBodyBytes);
        }
        byte[] body;
        if (chunked) {
            body = readChunked(deadline, maxBodyBytes);
        } else if (length >= 0) {
            body = length <= MAX_REUSED_BODY_BYTES ? reusedBody((int) length) : new byte[(int) length];
            boolean outgrown = length > end - start && buffer.length < MAX_REUSED_BODY_BYTES;
            int answerBytes = headBytes + (int) length;
            readExactly(body, 0, (int) length, deadline);
            if (outgrown && start == end) {
                // The answer took more than one read: let the next one of its size fit in one (up to the bound).
                buffer = new byte[Math.min(MAX_REUSED_BODY_BYTES, Integer.highestOneBit(answerBytes) * 2)];
                start = 0;
                end = 0;
            }
            return new Answer(status, body, (int) length, closes, leader);
        } else {
            body = readToEnd(deadline, maxBodyBytes);
            closes = true;
        }
        return new Answer(status, body, body.length, closes, leader);
    }

    /** Whether {@code head[from..to)}, less surrounding white space, is {@code name} in any case. */
    private static boolean named(String head, int from, int to, String name) {
        int start = from;
        int stop = to;
        while (start < stop && head.charAt(start) <= ' ') {
            start++;
        }
        while (stop > start && head.charAt(stop - 1) <= ' ') {
            stop--;
        }
        return stop - start == name.length() && head.regionMatches(true, start, name, 0, name.length());
    }

    /** The value of the header line whose colon is at {@code colon}, trimmed. */
    private static String value(String head, int colon, int lineEnd) {
        return head.substring(colon + 1, lineEnd).trim();
    }

    /** Reads until the buffer holds a whole head; answers the index just past its blank line. */
    private int findHeadEnd(long deadline) throws IOException {
        // Counted from start, which a fill may move (it compacts the buffer).
        int scanned = 0;
        while (true) {
            for (int i = start + Math.max(0, scanned - 3); i + 3 < end; i++) {
                if (buffer[i] == '\r' && buffer[i + 1] == '\n' && buffer[i + 2] == '\r' && buffer[i + 3] == '\n') {
                    return i + 4;
                }
            }
            scanned = end - start;
            if (end - start >= MAX_HEAD_BYTES) {
                throw new IOException("answer headers are larger than " + MAX_HEAD_BYTES + " bytes");
            }
            fill(deadline);
        }
    }

    private static int parseStatus(String head) throws IOException {
        if (head.length() < 12 || !head.startsWith("HTTP/1.") || head.charAt(8) != ' ') {
            throw new IOException("answer is not HTTP/1.x");
        }
        try {
            return Integer.parseInt(head.substring(9, 12));
        } catch (NumberFormatException e) {
            throw new IOException("answer has no status code", e);
        }
    }

    private static long parseLength(String value) throws IOException {
        try {
            long length = Long.parseLong(value);
            if (length < 0) {
                throw new NumberFormatException(value);
            }
            return length;
        } catch (NumberFormatException e) {
            throw new IOException("answer has a malformed Content-Length", e);
        }
    }

    /** This connection's body array, at least {@code length} bytes long. */
    private byte[] reusedBody(int length) {
        if (bodyBuffer.length < length) {
            bodyBuffer = new byte[Math.max(length, Math.min(2 * bodyBuffer.length, MAX_REUSED_BODY_BYTES))];
        }
        return bodyBuffer;
    }

    /** Reads the next {@code length} bytes of the answer into {@code target[from..from + length)}. */
    private void readExactly(byte[] target, int from, int length, long deadline) throws IOException {
        int copied = Math.min(length, end - start);
        System.arraycopy(buffer, start, target, from, copied);
        start += copied;
        while (copied < length) {
            socket.setSoTimeout(remainingMillis(deadline));
            int read = in.read(target, from + copied, length - copied);
            if (read < 0) {
                throw new EOFException("connection closed after " + copied + " of " + length + " bytes of the answer");
            }
            copied += read;
            received += read;
            ClientTraffic.received(read);
        }
    }

    private byte[] readToEnd(long deadline, int maxBodyBytes) throws IOException {
        while (fillOrEnd(deadline)) {
            if (end - start > maxBodyBytes) {
                throw new IOException("answer is larger than the limit of " + maxBodyBytes + " bytes");
            }
        }
        byte[] body = Arrays.copyOfRange(buffer, start, end);
        start = end;
        return body;
    }

    private byte[] readChunked(long deadline, int maxBodyBytes) throws IOException {
        byte[] body = new byte[0];
        while (true) {
            String sizeLine = readLine(deadline);
            int semicolon = sizeLine.indexOf(';');
            int size;
            try {
                size = Integer.parseInt((semicolon < 0 ? sizeLine : sizeLine.substring(0, semicolon)).trim(), 16);
            } catch (NumberFormatException e) {
                throw new IOException("answer has a malformed chunk size", e);
            }
            if (size < 0 || size > maxBodyBytes - body.length) {
                throw new IOException("answer is larger than the limit of " + maxBodyBytes + " bytes");
            }
            if (size == 0) {
                while (!readLine(deadline).isEmpty()) {
                    // Trailer fields: none are used.
                }
                return body;
            }
            byte[] joined = Arrays.copyOf(body, body.length + size);
            readExactly(joined, body.length, size, deadline);
            body = joined;
            readLine(deadline);
        }
    }

    private String readLine(long deadline) throws IOException {
        while (true) {
            for (int i = start; i + 1 < end; i++) {
                if (buffer[i] == '\r' && buffer[i + 1] == '\n') {
                    String line = new String(buffer, start, i - start, StandardCharsets.ISO_8859_1);
                    start = i + 2;
                    return line;
                }
            }
            if (end - start >= MAX_HEAD_BYTES) {
                throw new IOException("answer has a line longer than " + MAX_HEAD_BYTES + " bytes");
            }
            fill(deadline);
        }
    }

    private void fill(long deadline) throws IOException {
        if (!fillOrEnd(deadline)) {
            throw new EOFException(received == 0 ? "connection closed before any answer" : "connection closed mid-answer");
        }
    }

    /** Reads more into the buffer; false at the end of the connection. */
    private boolean fillOrEnd(long deadline) throws IOException {
        if (start == end) {
            start = 0;
            end = 0;
        } else if (end == buffer.length) {
            if (start > 0) {
                System.arraycopy(buffer, start, buffer, 0, end - start);
                end -= start;
                start = 0;
            } else {
                buffer = Arrays.copyOf(buffer, buffer.length * 2);
            }
        }
        int read;
        while (true) {
            long check = patience.nextCheck();
            boolean sliced = check < deadline;
            try {
                socket.setSoTimeout(sliced ? Math.max(1, remainingMillisOrZero(check)) : remainingMillis(deadline));
                read = in.read(buffer, end, buffer.length - end);
                break;
            } catch (SocketTimeoutException e) {
                if (!sliced || System.nanoTime() - deadline >= 0) {
                    throw e;
                }
                if (!patience.keepWaiting()) {
                    throw new Patience.MovedOn("gave up waiting: the group has moved on from this replica");
                }
            }
        }
        if (read < 0) {
            return false;
        }
        end += read;
        received += read;
        ClientTraffic.received(read);
        return true;
    }

    private static int remainingMillisOrZero(long until) {
        return (int) Math.max(0, Math.min(Integer.MAX_VALUE, TimeUnit.NANOSECONDS.toMillis(until - System.nanoTime())));
    }

    private static int remainingMillis(long deadline) throws SocketTimeoutException {
        long remaining = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
        if (remaining <= 0) {
            throw new SocketTimeoutException("deadline passed");
        }
        return (int) Math.min(Integer.MAX_VALUE, remaining);
    }

    @Override
    public void close() {
        try {
            socket.close();
        } catch (IOException e) {
            // Closing a socket that failed: nothing more to do with it.
        }
    }
}
