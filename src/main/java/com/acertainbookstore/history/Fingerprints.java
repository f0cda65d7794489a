package com.acertainbookstore.history;

/**
 * 64-bit fingerprints for the search's cache: a mixing function with good avalanche (every input
 * bit flips each output bit with probability about one half), a call's fingerprint under a seed,
 * and a state's ({@code long[]}) under a seed. Two seeds give two independent halves of a 128-bit
 * fingerprint. Stateless; safe to share.
 */
final class Fingerprints {

    /** The seeds of the two halves. */
    static final long SEED_A = 0x243F_6A88_85A3_08D3L;
    static final long SEED_B = 0x1319_8A2E_0370_7344L;
    private static final long GOLDEN = 0x9E37_79B9_7F4A_7C15L;

    private Fingerprints() {
    }

    /** Mixes {@code x} to 64 bits no simple pattern relates to it (multiply-xorshift finaliser). */
    static long mix(long x) {
        x = (x ^ (x >>> 30)) * 0xBF58_476D_1CE4_E5B9L;
        x = (x ^ (x >>> 27)) * 0x94D0_49BB_1331_11EBL;
        return x ^ (x >>> 31);
    }

    /** Call {@code op}'s fingerprint under {@code seed}; a set of calls is the XOR of its members'. */
    static long ofCall(int op, long seed) {
        return mix(seed + GOLDEN * (op + 1L));
    }

    /** {@code words}' fingerprint under {@code seed}: depends on every word and its position. */
    static long ofWords(long[] words, long seed) {
        long h = mix(seed ^ words.length);
        for (long word : words) {
            h = mix(h + GOLDEN + word);
        }
        return h;
    }
}
