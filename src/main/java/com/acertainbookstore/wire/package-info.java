/**
 * What both ends of the HTTP protocol share: the one codec (XStream over our vocabulary-first
 * reader and byte writer, hand-written value elements, strict numbers, and the books of recent
 * answers, copied or recalled instead of written or read again), the request, response and
 * error envelopes, the table of operations, the {@code /metrics} keys and the bearer token. Holds
 * no HTTP machinery (no sockets, no Jetty).
 *
 * <p>Uses: {@code business}.
 */
package com.acertainbookstore.wire;
