package com.acertainbookstore.replica;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.business.Locking;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The warm-up: its setting refused with the property named, and a real scratch group driven and left nothing behind. */
class WarmupTest {

    @Test
    void setting_absentIsNone_badValuesNameTheProperty() {
        assertEquals(Duration.ZERO, Warmup.of(null));
        assertEquals(Duration.ofSeconds(12), Warmup.of(" 12 "));
        IllegalArgumentException text = assertThrows(IllegalArgumentException.class, () -> Warmup.of("ten"));
        assertEquals("replica.warmupSeconds 'ten' is invalid: not an integer", text.getMessage());
        IllegalArgumentException range = assertThrows(IllegalArgumentException.class, () -> Warmup.of("301"));
        assertTrue(range.getMessage().startsWith("replica.warmupSeconds '301' is invalid: must be in 0..300"),
                range.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Warmup.of("-1"));
    }

    @Test
    @Tag("slow")
    @Timeout(60)
    void run_drivesAScratchGroup_thenLeavesNoThreadAndNoStorage() throws Exception {
        List<Path> before = warmupDirs();
        long calls = Warmup.run(Duration.ofSeconds(1), Locking.DEFAULT);
        assertTrue(calls > 50, "calls made in a second: " + calls);
        assertEquals(before, warmupDirs(), "the scratch storage is deleted");
        assertEquals(0, Warmup.run(Duration.ZERO, Locking.DEFAULT));
        assertTrue(Thread.getAllStackTraces().keySet().stream()
                .noneMatch(t -> t.isAlive() && t.getName().startsWith("replica-warmup-")), "a warm-up thread is left");
    }

    private static List<Path> warmupDirs() throws IOException {
        try (Stream<Path> entries = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return entries.filter(p -> p.getFileName().toString().startsWith("bookstore-warmup-")).sorted().toList();
        }
    }
}
