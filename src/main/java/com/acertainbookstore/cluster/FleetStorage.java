package com.acertainbookstore.cluster;

import com.acertainbookstore.replica.Directories;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * A fleet's storage root ({@link FleetOptions#storage}): made ready for a new group,
 * and cleared only when an earlier fleet made it (a marker file says so), so that a fleet never
 * deletes what it did not make. Stateless.
 */
final class FleetStorage {

    /** A file in the storage directory saying a fleet made it, so the next fleet may clear it. */
    static final String MARKER = ".replica-fleet";

    private FleetStorage() {
    }

    /**
     * Makes the storage root ready for a new group: created when absent, kept when empty, cleared
     * when an earlier fleet made it (but for its AOT cache, {@link AotCache#DIRECTORY}, which the
     * next fleet reuses); anything else is refused rather than deleted.
     *
     * @throws IllegalArgumentException it holds something no fleet made, or is not a directory
     */
    static void prepare(Path root) throws IOException {
        if (Files.isDirectory(root)) {
            boolean empty;
            try (Stream<Path> entries = Files.list(root)) {
                empty = entries.findAny().isEmpty();
            }
            if (!empty) {
                if (!Files.exists(root.resolve(MARKER))) {
                    throw new IllegalArgumentException("storage directory " + root.toAbsolutePath() + " is not empty"
                            + " and was not made by a replica fleet: a fleet starts a new group on fresh storage"
                            + " (empty it, or choose another directory)");
                }
                clearAllBut(root, AotCache.DIRECTORY);
            }
        } else if (Files.exists(root)) {
            throw new IllegalArgumentException("storage " + root.toAbsolutePath() + " is not a directory");
        }
        Files.createDirectories(root);
        Files.writeString(root.resolve(MARKER), "made by " + ReplicaFleet.class.getName()
                + "; the next fleet started on this directory clears it\n");
    }

    /** Deletes everything in {@code root} but its entry {@code kept}. */
    private static void clearAllBut(Path root, String kept) throws IOException {
        try (Stream<Path> entries = Files.list(root)) {
            for (Path entry : entries.toList()) {
                if (!entry.getFileName().toString().equals(kept)) {
                    Directories.deleteTree(entry);
                }
            }
        }
    }
}
