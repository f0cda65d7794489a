package com.acertainbookstore.statemachine;

import java.io.File;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.regex.Matcher;
import org.apache.ratis.io.MD5Hash;
import org.apache.ratis.server.storage.FileInfo;
import org.apache.ratis.statemachine.impl.SimpleStateMachineStorage;
import org.apache.ratis.statemachine.impl.SingleFileSnapshotInfo;
import org.apache.ratis.util.MD5FileUtil;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Snapshot files in a state-machine directory, in Ratis' {@link SimpleStateMachineStorage} naming
 * ({@code snapshot.<term>_<index>} and its {@code .md5}), so that Ratis can send them to a
 * follower and prune old ones. Stateless; safe to share (callers never write the same snapshot
 * from two threads).
 *
 * <p><b>Write:</b> the bytes go to a temporary file, which is forced to disk, renamed atomically to
 * its final name, and then its MD5 file is written (Ratis writes it through a temporary file and a
 * rename too); the directory is forced last. <b>The MD5 file is the "complete" marker:</b> a
 * snapshot file without one was cut short by a crash before its snapshot was reported to Ratis
 * (so no log was purged on its account) and is deleted on start, as are leftover temporary files.
 * <b>A snapshot whose bytes do not match its MD5 is corrupt:</b> loading refuses it with an
 * {@link IOException} saying so, rather than silently starting from an older state or an empty one.
 */
final class SnapshotFiles {

    private static final Logger LOG = LoggerFactory.getLogger(SnapshotFiles.class);
    private static final String TMP = ".tmp";

    private SnapshotFiles() {
    }

    /** Writes {@code bytes} as the snapshot {@code target} and its MD5 file; returns its Ratis info. */
    static SingleFileSnapshotInfo write(File target, long term, long index, byte[] bytes) throws IOException {
        Path path = target.toPath();
        Path tmp = path.resolveSibling(path.getFileName() + TMP);
        try (FileChannel channel = FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            ByteBuffer buffer = ByteBuffer.wrap(bytes);
            while (buffer.hasRemaining()) {
                channel.write(buffer);
            }
            channel.force(true);
        }
        try {
            Files.move(tmp, path, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            throw new IOException("cannot rename " + tmp + " atomically to " + path + ": the snapshot directory's "
                    + "file system does not support it", e);
        }
        MD5Hash md5 = MD5Hash.newInstance(MD5FileUtil.newMD5().digest(bytes));
        MD5FileUtil.saveMD5File(target, md5);
        forceDirectory(path.getParent());
        return new SingleFileSnapshotInfo(new FileInfo(path, md5), term, index);
    }

    /**
     * The newest complete snapshot in {@code dir}, its MD5 checked, or {@code null} when there is
     * none; deletes incomplete snapshots and temporary files on the way.
     *
     * @throws IOException if the newest complete snapshot's MD5 file is unreadable or does not match
     *     its bytes (the message names both files and says what to do), or the directory cannot be read
     */
    static SingleFileSnapshotInfo newestComplete(File dir) throws IOException {
        if (!dir.isDirectory()) {
            return null;
        }
        Path newest = null;
        long newestTerm = -1;
        long newestIndex = -1;
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir.toPath())) {
            for (Path file : files) {
                String name = file.getFileName().toString();
                if (name.startsWith("snapshot.") && name.endsWith(TMP)) {
                    LOG.warn("Deleting {}: a snapshot left half-written by a crash", file);
                    Files.deleteIfExists(file);
                    continue;
                }
                Matcher matcher = SimpleStateMachineStorage.SNAPSHOT_REGEX.matcher(name);
                if (!matcher.matches()) {
                    continue;
                }
                if (!MD5FileUtil.getDigestFileForFile(file.toFile()).exists()) {
                    LOG.warn("Deleting {}: it has no MD5 file, so its writing was cut short", file);
                    Files.deleteIfExists(file);
                    continue;
                }
                long index = Long.parseLong(matcher.group(2));
                if (index > newestIndex) {
                    newest = file;
                    newestTerm = Long.parseLong(matcher.group(1));
                    newestIndex = index;
                }
            }
        }
        if (newest == null) {
            return null;
        }
        File md5File = MD5FileUtil.getDigestFileForFile(newest.toFile());
        MD5Hash stored;
        try {
            stored = MD5FileUtil.readStoredMd5ForFile(newest.toFile());
        } catch (IOException e) {
            throw corrupt(newest, md5File, "its MD5 file cannot be read (" + e.getMessage() + ")", e);
        }
        MD5Hash computed = MD5FileUtil.computeMd5ForFile(newest.toFile());
        if (!computed.equals(stored)) {
            throw corrupt(newest, md5File, "its bytes have MD5 " + computed + " but its MD5 file says " + stored,
                    null);
        }
        return new SingleFileSnapshotInfo(new FileInfo(newest, stored), newestTerm, newestIndex);
    }

    private static IOException corrupt(Path snapshot, File md5File, String what, Throwable cause) {
        return new IOException("snapshot " + snapshot + " is corrupt: " + what + ". This replica will not start "
                + "from it (nor from an empty store). Move " + snapshot.getFileName() + " and " + md5File.getName()
                + " away to start from the previous snapshot and the log, or empty this replica's storage "
                + "directory so that the leader sends it a snapshot", cause);
    }

    private static void forceDirectory(Path dir) throws IOException {
        try (FileChannel channel = FileChannel.open(dir, StandardOpenOption.READ)) {
            channel.force(true);
        }
    }
}
