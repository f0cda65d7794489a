package com.acertainbookstore.protocol;

import java.util.UUID;

/**
 * The identity of one mutating call, immutable: the client that sent it (a random UUID a proxy
 * draws once) and that client's sequence number for it. A client sends its calls one at a time
 * under one id and numbers them upwards; a re-send of the same call (after a failover, through any
 * replica) carries the same id, which is how the replicated store applies it at most once.
 *
 * <p>On the wire it is the {@value #HEADER} header, {@code <uuid>:<sequence>} (for example
 * {@code 3f2b...-...:17}); a server that keeps no exactly-once table ignores it.
 *
 * @param client the client's id, never {@code null}
 * @param sequence the call's number for that client, {@code >= 0}
 */
public record RequestId(UUID client, long sequence) {

    /** The request header carrying a mutating call's id. */
    public static final String HEADER = "Bookstore-Request-Id";
    /** The longest header value accepted: a UUID (36), a colon and a long (19 digits). */
    private static final int MAX_LENGTH = 36 + 1 + 19;

    public RequestId {
        if (client == null) {
            throw new IllegalArgumentException("client is null (must be a UUID)");
        }
        if (sequence < 0) {
            throw new IllegalArgumentException("sequence " + sequence + " is invalid (must be >= 0)");
        }
    }

    /** The header's value: {@code <uuid>:<sequence>}. */
    public String headerValue() {
        return client + ":" + sequence;
    }

    /**
     * Reads a header value written by {@link #headerValue()}.
     *
     * @throws WireFormatException naming what is wrong with it (the server answers 400)
     */
    public static RequestId parse(String value) throws WireFormatException {
        if (value == null || value.length() > MAX_LENGTH) {
            throw new WireFormatException(HEADER + " must be <uuid>:<sequence>, not "
                    + (value == null ? "missing" : "a value of " + value.length() + " characters"));
        }
        int colon = value.indexOf(':');
        if (colon != 36 || value.length() == colon + 1) {
            throw new WireFormatException(HEADER + " '" + Texts.printable(value, MAX_LENGTH)
                    + "' must be <uuid>:<sequence>");
        }
        UUID client;
        try {
            client = UUID.fromString(value.substring(0, colon));
        } catch (IllegalArgumentException e) {
            throw new WireFormatException(HEADER + ": '" + Texts.printable(value.substring(0, colon), 36)
                    + "' is not a UUID");
        }
        long sequence = 0;
        for (int i = colon + 1; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < '0' || c > '9' || sequence > (Long.MAX_VALUE - (c - '0')) / 10) {
                throw new WireFormatException(HEADER + ": sequence '" + Texts.printable(value.substring(colon + 1), 19)
                        + "' is not a number in 0.." + Long.MAX_VALUE);
            }
            sequence = sequence * 10 + (c - '0');
        }
        return new RequestId(client, sequence);
    }

    @Override
    public String toString() {
        return headerValue();
    }
}
