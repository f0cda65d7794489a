/**
 * The one XML codec of the protocol, sealed behind {@link com.acertainbookstore.wire.WireCodec},
 * its only public class: XStream over our vocabulary-first reader and byte writer, hand-written
 * value elements, strict numbers, and the books of recent answers, copied or recalled instead of
 * written or read again. What it encodes (operations, envelopes, errors) is {@code protocol}. Holds
 * no HTTP machinery (no sockets, no Jetty).
 *
 * <p>Uses: {@code business}, {@code protocol}.
 */
package com.acertainbookstore.wire;
