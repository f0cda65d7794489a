package com.acertainbookstore.tls;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;

/**
 * A plain TCP socket whose input stream reads ahead, for the JDK's TLS layered on it: the JDK's
 * {@code SSLSocket} reads each record's five-byte header, then its body, each from the stream it
 * is given; over a bare socket that is two reads from the kernel per record, over this one a
 * single read fetches both (and any record behind them). Why: {@code docs/decisions/tls-read-ahead.md}.
 * Like any socket: one reader and one writer at a time.
 */
final class ReadAheadSocket extends Socket {

    /** Room for a TLS record of the largest size (16 KiB of data plus its header and tag). */
    private static final int BUFFER_BYTES = 17 << 10;

    private InputStream in;

    @Override
    public synchronized InputStream getInputStream() throws IOException {
        if (in == null) {
            in = new BufferedInputStream(super.getInputStream(), BUFFER_BYTES);
        }
        return in;
    }
}
