/**
 * The HTTP protocol both ends share, apart from how it is encoded: the table of operations (what
 * each takes, answers and may change), the request, response and error envelopes, request ids and
 * the replica headers, the {@code /health} answer and the {@code /metrics} keys, the bearer token,
 * the text rules for quoting a caller's values, and the one plain GET of the probes. Read it alone
 * to know the protocol; the XML codec ({@code wire}) encodes these types.
 *
 * <p>Uses: {@code business}, {@code interfaces}.
 */
package com.acertainbookstore.protocol;
