package com.acertainbookstore.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The storage rules of a fleet: what it clears, what it refuses to touch. */
class FleetStorageTest {

    @TempDir
    Path dir;

    @Test
    void prepare_absentEmptyOrAFleetsOwn_isReadyWithItsMarker() throws IOException {
        Path absent = dir.resolve("absent");
        FleetStorage.prepare(absent);
        assertTrue(Files.exists(absent.resolve(FleetStorage.MARKER)));

        Files.createDirectories(absent.resolve("r0/current"));
        Files.writeString(absent.resolve("r0/current/log"), "old group");
        FleetStorage.prepare(absent);
        assertFalse(Files.exists(absent.resolve("r0")), "an earlier fleet's storage is cleared");
        assertTrue(Files.exists(absent.resolve(FleetStorage.MARKER)));
    }

    @Test
    void prepare_aFleetsOwnWithAnAotCache_keepsTheCacheForTheNextFleet() throws IOException {
        Path storage = dir.resolve("storage");
        FleetStorage.prepare(storage);
        Files.createDirectories(storage.resolve("r1"));
        Path cache = Files.createDirectories(storage.resolve(AotCache.DIRECTORY)).resolve("replica-1.aot");
        Files.writeString(cache, "trained");

        FleetStorage.prepare(storage);

        assertFalse(Files.exists(storage.resolve("r1")));
        assertEquals("trained", Files.readString(cache));
    }

    @Test
    void prepare_directoryWithOtherContents_isRefusedAndKept() throws IOException {
        Path mine = dir.resolve("mine");
        Files.createDirectories(mine);
        Files.writeString(mine.resolve("notes.txt"), "keep me");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> FleetStorage.prepare(mine));
        assertEquals("storage directory " + mine.toAbsolutePath() + " is not empty and was not made by a replica"
                + " fleet: a fleet starts a new group on fresh storage (empty it, or choose another directory)",
                e.getMessage());
        assertEquals("keep me", Files.readString(mine.resolve("notes.txt")));
    }
}
