package com.acertainbookstore.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class FingerprintSetTest {

    @Test
    void add_manyPairs_keepsEachOnceAcrossDoublings() {
        FingerprintSet set = new FingerprintSet();
        SplittableRandom random = new SplittableRandom(7);
        Set<String> reference = new HashSet<>();
        long[][] pairs = new long[100_000][];
        for (int i = 0; i < pairs.length; i++) {
            // Few distinct high words: the low ones must tell the pairs apart.
            pairs[i] = new long[] {random.nextInt(64), random.nextLong()};
            assertEquals(reference.add(pairs[i][0] + "/" + pairs[i][1]), set.add(pairs[i][0], pairs[i][1]));
        }
        for (long[] pair : pairs) {
            assertFalse(set.add(pair[0], pair[1]), "added twice: " + pair[0] + "/" + pair[1]);
        }
        assertEquals(reference.size(), set.size());
        assertTrue(set.bytesAfterNextAdd() >= 16L * 2 * set.size(), "at most half full: " + set.bytesAfterNextAdd());
    }

    @Test
    void add_theEmptyMarker_isKeptLikeAnyOtherPair() {
        FingerprintSet set = new FingerprintSet();

        assertTrue(set.add(0, 0));
        assertFalse(set.add(0, 0));
        assertTrue(set.add(0, 1));
        assertEquals(2, set.size());
    }

    @Test
    void fingerprints_dependOnEveryWordItsPlaceAndTheSeed() {
        long[] state = {5, 0, -1, 0, 7, 3};
        long base = Fingerprints.ofWords(state, Fingerprints.SEED_A);

        assertEquals(base, Fingerprints.ofWords(state.clone(), Fingerprints.SEED_A));
        assertNotEquals(base, Fingerprints.ofWords(state, Fingerprints.SEED_B));
        assertNotEquals(base, Fingerprints.ofWords(new long[] {0, 5, -1, 0, 7, 3}, Fingerprints.SEED_A));
        assertNotEquals(base, Fingerprints.ofWords(new long[] {5, 0, -1, 0, 7, 3, 0}, Fingerprints.SEED_A));
        for (int i = 0; i < state.length; i++) {
            long[] changed = state.clone();
            changed[i] ^= 1L << 40;
            assertNotEquals(base, Fingerprints.ofWords(changed, Fingerprints.SEED_A), "word " + i);
        }
        assertNotEquals(Fingerprints.ofCall(1, Fingerprints.SEED_A), Fingerprints.ofCall(2, Fingerprints.SEED_A));
    }
}
