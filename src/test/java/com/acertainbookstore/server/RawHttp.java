package com.acertainbookstore.server;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * HTTP/1.1 written byte by byte, as an attacker would send it: any head, any body, any pause.
 * Each exchange uses its own connection. Not thread-safe per instance; the static methods are.
 */
final class RawHttp implements AutoCloseable {

    /** A status and the body as text; status 0 when the connection closed without an answer. */
    record Answer(int status, String body, long millis) {
    }

    private final Socket socket;

    private RawHttp(Socket socket) {
        this.socket = socket;
    }

    /** Opens a connection to the loopback port. */
    static RawHttp connect(int port) throws IOException {
        Socket socket = new Socket(InetAddress.getLoopbackAddress(), port);
        socket.setSoTimeout(20_000);
        return new RawHttp(socket);
    }

    /** Sends a POST with the given extra header lines (each ending in CRLF) and body, and reads the answer. */
    static Answer post(int port, String path, String headers, byte[] body) throws IOException {
        long start = System.nanoTime();
        try (RawHttp http = connect(port)) {
            http.send(("POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\n" + headers
                    + "Content-Length: " + body.length + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            http.sendQuietly(body);
            Answer answer = http.read();
            return new Answer(answer.status(), answer.body(), (System.nanoTime() - start) / 1_000_000);
        }
    }

    /** An XML POST to a customer or stock operation. */
    static Answer postXml(int port, String path, String token, byte[] body) throws IOException {
        return post(port, path, "Content-Type: application/xml\r\n"
                + (token == null ? "" : "Authorization: Bearer " + token + "\r\n"), body);
    }

    void send(byte[] bytes) throws IOException {
        OutputStream out = socket.getOutputStream();
        out.write(bytes);
        out.flush();
    }

    /** Sends what it can: a server may answer and close before a large body is through. */
    void sendQuietly(byte[] bytes) {
        try {
            send(bytes);
        } catch (IOException e) {
            // The answer, read next, says why.
        }
    }

    /** Reads one answer up to the end of its body (or of the connection). */
    Answer read() throws IOException {
        InputStream in = socket.getInputStream();
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        try {
            int b;
            while (matched < 4 && (b = in.read()) >= 0) {
                head.write(b);
                matched = (b == '\r' || b == '\n') ? matched + 1 : 0;
            }
        } catch (SocketTimeoutException e) {
            return new Answer(-1, "no answer within the socket timeout", 0);
        } catch (IOException e) {
            return new Answer(0, "connection failed: " + e.getMessage(), 0);
        }
        String text = head.toString(StandardCharsets.ISO_8859_1);
        if (text.isEmpty()) {
            return new Answer(0, "connection closed without an answer", 0);
        }
        int status = Integer.parseInt(text.substring(9, 12));
        int length = 0;
        for (String line : text.split("\r\n")) {
            if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
                length = Integer.parseInt(line.substring(15).trim());
            }
        }
        byte[] body = in.readNBytes(length);
        return new Answer(status, new String(body, StandardCharsets.UTF_8), 0);
    }

    /** Whether the server has closed this connection (within the socket timeout). */
    boolean closedByServer() throws IOException {
        try {
            return socket.getInputStream().read() < 0;
        } catch (SocketTimeoutException e) {
            return false;
        } catch (IOException e) {
            return true;
        }
    }

    void timeout(int millis) throws IOException {
        socket.setSoTimeout(millis);
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
