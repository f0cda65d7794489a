package com.acertainbookstore.replica;

import com.acertainbookstore.server.ProcessLife;
import com.acertainbookstore.server.ServerSettings;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * One replica as a process: {@code java ... -Dreplica.id=0 -Dreplica.peers=h:raft:http,...
 * com.acertainbookstore.replica.ReplicaMain}. Settings: {@code replica.*} and {@code bookstore.*}
 * system properties ({@link ReplicaConfig#fromProperties}; every one is in
 * {@code docs/replication.md}).
 *
 * <p>Prints exactly one line on standard output, {@code Replica r<id> listening on
 * http://host:port}, once its Ratis server is started and its HTTP server accepts calls. On a
 * failure to start (a bad or unknown setting, a port in use, another group's storage, storage that
 * cannot be read or written) it prints one line on standard error naming the problem and exits
 * with status 1. SIGTERM stops it cleanly (within 10 s, else it halts); with
 * {@code bookstore.exitOnStdinEof=true} so does the end of its standard input.
 */
public final class ReplicaMain {

    private ReplicaMain() {
    }

    public static void main(String[] args) throws InterruptedException {
        ProcessLife.reportUncaught("Replica");
        Replica replica;
        boolean exitOnStdinEof;
        try {
            ReplicaConfig config = ReplicaConfig.fromProperties(System.getProperties(), System.getenv());
            exitOnStdinEof = ServerSettings.exitOnStdinEof(System.getProperties());
            replica = Replica.start(config, true);
        } catch (IOException | IllegalArgumentException e) {
            System.err.println("Replica: " + e.getMessage());
            System.exit(1);
            return;
        }
        String name = "Replica " + replica.name();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> ProcessLife.stopOrHalt(name, () -> close(replica)),
                "replica-shutdown"));
        System.out.println(name + " listening on " + replica.httpUrl());
        System.out.flush();
        if (exitOnStdinEof) {
            ProcessLife.awaitEndOfInput(name, System.in);
            close(replica);
            System.exit(0);
        } else {
            replica.awaitClosed();
        }
    }

    private static void close(Replica replica) {
        try {
            replica.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
