package com.acertainbookstore.server;

/**
 * What the server does with an error it cannot recover from. Out of memory, a server process
 * does not linger half-alive (answering some calls, dropping others, spending its time in the
 * garbage collector): the standalone server exits with a message. An embedded server leaves that
 * decision to the program that embeds it. Immutable; safe to share.
 */
enum FatalErrors {

    /** Report only: the embedding program decides. */
    REPORT,
    /** Print a message and halt the JVM (exit status 3) on {@link OutOfMemoryError}. */
    EXIT;

    /** The exit status of a server that ran out of memory. */
    static final int OUT_OF_MEMORY_STATUS = 3;

    void onError(Throwable error) {
        if (this == EXIT && error instanceof OutOfMemoryError) {
            halt();
        }
    }

    /** Halts at once: no shutdown hook (which would need memory and might hang) runs. */
    static void halt() {
        System.err.println("BookStoreHTTPServer: out of memory, exiting (status " + OUT_OF_MEMORY_STATUS + ")");
        System.err.flush();
        Runtime.getRuntime().halt(OUT_OF_MEMORY_STATUS);
    }
}
