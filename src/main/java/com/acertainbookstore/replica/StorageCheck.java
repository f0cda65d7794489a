package com.acertainbookstore.replica;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;

/**
 * The checks a replica makes on its storage directory before Ratis opens it, so that it stops at
 * once saying what is wrong instead of failing later or, worse, joining another group's data.
 * Stateless.
 *
 * <p>Ratis keeps a group's data under {@code <directory>/<group uuid>/}: a directory named by
 * another UUID is another group's storage (for example a directory left by an earlier cluster
 * with another {@code replica.group}), and this replica refuses to start there.
 */
final class StorageCheck {

    private StorageCheck() {
    }

    /**
     * Creates {@code dir} if needed and checks that it can be listed and written and holds no
     * other group's data.
     *
     * @throws IOException saying which directory and what is wrong, and what to do
     */
    static void check(Path dir, UUID group) throws IOException {
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw new IOException("storage " + dir + " is not a directory");
        }
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new IOException("storage " + dir + " cannot be created (" + e + ")", e);
        }
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            for (Path entry : entries) {
                UUID other = uuid(entry.getFileName().toString());
                if (other != null && !other.equals(group) && Files.isDirectory(entry)) {
                    throw new IOException("storage " + dir + " holds the data of group " + other + ", not of this"
                            + " replica's group " + group + ": it is another group's storage (give this replica"
                            + " another replica.storage, or remove " + entry + ")");
                }
            }
        } catch (IOException e) {
            if (e.getMessage() != null && e.getMessage().startsWith("storage ")) {
                throw e;
            }
            throw new IOException("storage " + dir + " cannot be read (" + e + ")", e);
        }
        Path probe = dir.resolve(".write-probe");
        try {
            Files.deleteIfExists(probe);
            Files.write(probe, new byte[] {1});
            Files.delete(probe);
        } catch (IOException e) {
            throw new IOException("storage " + dir + " cannot be written (" + e + ")", e);
        }
    }

    private static UUID uuid(String name) {
        if (name.length() != 36) {
            return null;
        }
        try {
            return UUID.fromString(name);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
