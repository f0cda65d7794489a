/**
 * The wire format of the HTTP protocol: the one XStream codec (strict allow-list, compact output,
 * hand-written converters), the request, response and error envelopes, and the table of
 * operations. Depends on the {@code business} values and nothing else in the project; knows
 * nothing of HTTP.
 */
package com.acertainbookstore.wire;
