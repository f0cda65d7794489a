package com.acertainbookstore.client;

/**
 * One HTTP answer as the transport read it: the status, the whole body, and whether the server
 * closes the connection after it. Immutable (the body array is not copied: do not change it).
 */
record Answer(int status, byte[] body, boolean closes) {
}
