package com.acertainbookstore.client;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * A fake HTTP server on a free loopback port that answers each request as a script says, to
 * exercise the client's reading of what a real server may send (split answers, chunked bodies,
 * closed connections, garbage). Runs one thread per connection; {@link #close()} stops them all.
 */
final class ScriptedServer implements AutoCloseable {

    /** How to answer one request on one connection (the n-th request of that connection). */
    @FunctionalInterface
    interface Script {
        /** Writes the answer; returns false to close the connection afterwards. */
        boolean answer(int connection, int request, String head, OutputStream out) throws IOException, InterruptedException;
    }

    /** How the server closes a connection its script is done with. */
    enum Closing {
        /** An orderly close (FIN): the client's next write still succeeds, its read sees the end. */
        ORDERLY,
        /** A reset (RST, linger 0): the client's next write fails. */
        RESET
    }

    private final ServerSocket socket;
    private final List<Socket> accepted = Collections.synchronizedList(new ArrayList<>());
    private final List<Thread> threads = Collections.synchronizedList(new ArrayList<>());
    private final Thread acceptor;

    ScriptedServer(Script script) throws IOException {
        this(0, Closing.ORDERLY, script);
    }

    ScriptedServer(Closing closing, Script script) throws IOException {
        this(0, closing, script);
    }

    ScriptedServer(int closeAtOnce, Script script) throws IOException {
        this(closeAtOnce, Closing.ORDERLY, script);
    }

    /**
     * A server that closes its first {@code closeAtOnce} connections as soon as they are
     * accepted, and closes the others as {@code closing} says once their script is done.
     */
    ScriptedServer(int closeAtOnce, Closing closing, Script script) throws IOException {
        socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        acceptor = new Thread(() -> {
            try {
                for (int n = 0; ; n++) {
                    Socket connection = socket.accept();
                    accepted.add(connection);
                    if (n < closeAtOnce) {
                        connection.close();
                        continue;
                    }
                    int index = n;
                    Thread thread = new Thread(() -> serve(connection, index, closing, script), "scripted-" + n);
                    threads.add(thread);
                    thread.start();
                }
            } catch (IOException closed) {
                // close() closed the server socket.
            }
        }, "scripted-acceptor");
        acceptor.start();
    }

    private static void serve(Socket connection, int index, Closing closing, Script script) {
        try (connection) {
            if (closing == Closing.RESET) {
                connection.setSoLinger(true, 0);
            }
            InputStream in = connection.getInputStream();
            for (int request = 0; ; request++) {
                String head = readHead(in);
                if (head == null) {
                    return;
                }
                int length = contentLength(head);
                if (length > 0 && !head.toLowerCase(Locale.ROOT).contains("expect: 100-continue")) {
                    in.readNBytes(length);
                }
                if (!script.answer(index, request, head, connection.getOutputStream())) {
                    return;
                }
            }
        } catch (IOException | InterruptedException e) {
            // The client went away, or the test is over.
        }
    }

    private static String readHead(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        int b;
        while (matched < 4 && (b = in.read()) >= 0) {
            head.write(b);
            matched = (b == '\r' && matched % 2 == 0) || (b == '\n' && matched % 2 == 1) ? matched + 1 : 0;
        }
        return matched < 4 ? null : head.toString(StandardCharsets.ISO_8859_1);
    }

    private static int contentLength(String head) {
        for (String line : head.split("\r\n")) {
            if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
                return Integer.parseInt(line.substring(15).trim());
            }
        }
        return 0;
    }

    String url() {
        return "http://127.0.0.1:" + socket.getLocalPort();
    }

    int connections() {
        return accepted.size();
    }

    /** An answer of {@code GETEDITORPICKS}: one book, ISBN 7. */
    static final String PICKS = "<res><list><b i=\"7\" p=\"1.0\"><t>T</t><a>A</a></b></list></res>";

    /** A 200 answer with an XML body, as the bookstore server writes it. */
    static String ok(String body) {
        return answer(200, body, "");
    }

    /**
     * An answer of {@code status} with an XML body and {@code headers} (each line ending in
     * {@code \r\n}, or empty).
     */
    static String answer(int status, String body, String headers) {
        return "HTTP/1.1 " + status + " Scripted\r\nContent-Type: application/xml\r\nContent-Length: "
                + body.getBytes(StandardCharsets.UTF_8).length + "\r\n" + headers + "\r\n" + body;
    }

    /** An error answer, {@code <err>message</err>}, with {@code headers} as {@link #answer} takes them. */
    static String error(int status, String message, String headers) {
        return answer(status, "<err>" + message + "</err>", headers);
    }

    /**
     * The value of the request header {@code name} in {@code head} (matched in any case), or
     * {@code null} when absent.
     */
    static String header(String head, String name) {
        for (String line : head.split("\r\n")) {
            int colon = line.indexOf(':');
            if (colon > 0 && line.substring(0, colon).trim().equalsIgnoreCase(name)) {
                return line.substring(colon + 1).trim();
            }
        }
        return null;
    }

    /** The URL of a loopback port nothing listens on (it was free a moment ago). */
    static String closedUrl() throws IOException {
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return "http://127.0.0.1:" + probe.getLocalPort();
        }
    }

    /** Writes {@code text} at once. */
    static void write(OutputStream out, String text) throws IOException {
        out.write(text.getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    /** Writes {@code text} in pieces of {@code piece} bytes, pausing between them. */
    static void writeSlowly(OutputStream out, String text, int piece) throws IOException, InterruptedException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < bytes.length; i += piece) {
            out.write(bytes, i, Math.min(piece, bytes.length - i));
            out.flush();
            Thread.sleep(1);
        }
    }

    @Override
    public void close() throws IOException, InterruptedException {
        socket.close();
        acceptor.join(5_000);
        synchronized (accepted) {
            for (Socket connection : accepted) {
                connection.close();
            }
        }
        synchronized (threads) {
            for (Thread thread : threads) {
                thread.join(5_000);
            }
        }
    }
}
