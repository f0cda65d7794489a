package com.acertainbookstore.replica;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * Deleting a replica's storage: the warm-up's scratch group ({@link Warmup}) and a fleet's storage
 * root before a new group ({@code cluster.ReplicaFleet}). Stateless; safe to share.
 */
public final class Directories {

    private Directories() {
    }

    /** Deletes {@code root} and everything under it. */
    public static void deleteTree(Path root) throws IOException {
        try (Stream<Path> tree = Files.walk(root)) {
            for (Path path : tree.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }
}
