package com.acertainbookstore.client;

/**
 * One HTTP answer as the transport read it: the status, the whole body ({@code body[0..length)}),
 * whether the server closes the connection after it, and the {@code Bookstore-Leader} header's
 * value as sent ({@code null} when absent or longer than {@link Connection#MAX_LEADER_CHARS}). The
 * body array may be the connection's own, reused by its next exchange: read it before giving the
 * connection back, and do not change it.
 */
record Answer(int status, byte[] body, int length, boolean closes, String leader) {
}
