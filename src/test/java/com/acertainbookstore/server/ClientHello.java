package com.acertainbookstore.server;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.security.SecureRandom;

/**
 * A TLS ClientHello written by hand, so a test can offer what no well-behaved JDK client offers
 * (TLS 1.0 or 1.1, a weak cipher suite), and what the server sends back, read from a raw socket:
 * used on the HTTP port and on the replicas' Raft port. Not thread-safe: one per test.
 */
public final class ClientHello {

    public static final int TLS_1_0 = 0x0301;
    public static final int TLS_1_1 = 0x0302;
    public static final int TLS_1_2 = 0x0303;

    /** A strong TLS 1.2 suite the server allows (the control). */
    public static final int ECDHE_ECDSA_AES_128_GCM_SHA256 = 0xC02B;
    /** CBC with SHA-1: the JDK's defaults allow it, the server's policy must not. */
    public static final int ECDHE_ECDSA_AES_128_CBC_SHA = 0xC009;
    public static final int ECDHE_ECDSA_AES_128_CBC_SHA256 = 0xC023;
    public static final int RSA_AES_128_CBC_SHA = 0x002F;
    public static final int RSA_3DES_EDE_CBC_SHA = 0x000A;
    public static final int RSA_RC4_128_SHA = 0x0005;

    /** What the server answered a hello with. */
    public enum Reply {
        /** A handshake record: the server went on with the handshake (ServerHello). */
        SERVER_HELLO,
        /** An alert record: the server refused. */
        ALERT,
        /** The connection ended without a record. */
        CLOSED,
        /** Bytes that are no TLS record (an HTTP answer, say). */
        OTHER
    }

    /** The reply, and the alert's description code when it was an alert (else -1). */
    public record Answer(Reply reply, int alert) {
    }

    private ClientHello() {
    }

    /**
     * A ClientHello record offering {@code version} and {@code suites}, with the extensions an
     * ECDHE-ECDSA handshake needs (P-256, uncompressed points, ECDSA and RSA signatures).
     */
    public static byte[] of(int version, int... suites) {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        short16(body, version);
        byte[] random = new byte[32];
        new SecureRandom().nextBytes(random);
        body.write(random, 0, 32);
        body.write(0);
        short16(body, suites.length * 2);
        for (int suite : suites) {
            short16(body, suite);
        }
        body.write(1);
        body.write(0);
        ByteArrayOutputStream extensions = new ByteArrayOutputStream();
        extension(extensions, 0x000a, new byte[] {0, 2, 0, 0x17});
        extension(extensions, 0x000b, new byte[] {1, 0});
        extension(extensions, 0x000d, new byte[] {0, 6, 4, 3, 8, 4, 4, 1});
        short16(body, extensions.size());
        body.write(extensions.toByteArray(), 0, extensions.size());
        ByteArrayOutputStream handshake = new ByteArrayOutputStream();
        handshake.write(1);
        handshake.write(body.size() >>> 16);
        short16(handshake, body.size());
        handshake.write(body.toByteArray(), 0, body.size());
        ByteArrayOutputStream record = new ByteArrayOutputStream();
        record.write(0x16);
        short16(record, TLS_1_0);
        short16(record, handshake.size());
        record.write(handshake.toByteArray(), 0, handshake.size());
        return record.toByteArray();
    }

    /** Sends {@code hello} to 127.0.0.1:{@code port} and reads the first record back, within 5 s. */
    public static Answer send(int port, byte[] hello) throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
            socket.setSoTimeout(5_000);
            socket.getOutputStream().write(hello);
            DataInputStream in = new DataInputStream(socket.getInputStream());
            try {
                int type = in.readUnsignedByte();
                in.readUnsignedShort();
                int length = in.readUnsignedShort();
                if (type == 0x15 && length >= 2) {
                    in.readUnsignedByte();
                    return new Answer(Reply.ALERT, in.readUnsignedByte());
                }
                return new Answer(type == 0x16 ? Reply.SERVER_HELLO : type == 0x15 ? Reply.ALERT : Reply.OTHER, -1);
            } catch (EOFException | SocketException e) {
                return new Answer(Reply.CLOSED, -1);
            }
        }
    }

    private static void short16(ByteArrayOutputStream out, int value) {
        out.write(value >>> 8 & 0xff);
        out.write(value & 0xff);
    }

    private static void extension(ByteArrayOutputStream out, int type, byte[] data) {
        short16(out, type);
        short16(out, data.length);
        out.write(data, 0, data.length);
    }
}
