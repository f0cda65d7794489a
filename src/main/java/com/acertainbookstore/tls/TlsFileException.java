package com.acertainbookstore.tls;

import java.nio.file.Path;

/**
 * A TLS file that cannot be used: missing, unreadable, not PEM, holding the wrong thing, or a key
 * that does not belong to its certificate. The message names the setting and the file, e.g.
 * {@code bookstore.tls.key '/etc/bookstore/node-key.pem' holds no private key (...)}.
 */
public final class TlsFileException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    public TlsFileException(String setting, Path file, String problem, Throwable cause) {
        super(setting + " '" + file + "' " + problem, cause);
    }
}
