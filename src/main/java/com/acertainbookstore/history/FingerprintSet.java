package com.acertainbookstore.history;

/**
 * A set of 128-bit fingerprints, each two {@code long}s, in two arrays with open addressing and
 * linear probing: 16 bytes a slot, no object per entry, at most half full (it doubles). The pair
 * (0, 0) marks an empty slot, so a fingerprint equal to it is stored as {@link #ZERO_A},
 * {@link #ZERO_B}. Not thread-safe.
 */
final class FingerprintSet {

    private static final long ZERO_A = 0x5851_F42D_4C95_7F2DL;
    private static final long ZERO_B = 0x1405_7B7E_F767_814FL;
    private static final int FIRST_CAPACITY = 1 << 12;

    private long[] a = new long[FIRST_CAPACITY];
    private long[] b = new long[FIRST_CAPACITY];
    private int size;

    /** Adds ({@code hi}, {@code lo}); false when it was there already. */
    boolean add(long hi, long lo) {
        if (hi == 0 && lo == 0) {
            hi = ZERO_A;
            lo = ZERO_B;
        }
        if (2 * (size + 1) > a.length) {
            grow();
        }
        if (!insert(a, b, hi, lo)) {
            return false;
        }
        size++;
        return true;
    }

    /** How many fingerprints it holds. */
    int size() {
        return size;
    }

    /** The bytes its arrays hold, and those the next doubling would add while it copies. */
    long bytesAfterNextAdd() {
        long now = 16L * a.length;
        return 2 * (size + 1) > a.length ? 3 * now : now;
    }

    private void grow() {
        long[] newA = new long[2 * a.length];
        long[] newB = new long[2 * b.length];
        for (int i = 0; i < a.length; i++) {
            if (a[i] != 0 || b[i] != 0) {
                insert(newA, newB, a[i], b[i]);
            }
        }
        a = newA;
        b = newB;
    }

    private static boolean insert(long[] a, long[] b, long hi, long lo) {
        int mask = a.length - 1;
        long both = hi * 0x9E37_79B9_7F4A_7C15L + lo;
        int i = (int) (both ^ (both >>> 32)) & mask;
        while (a[i] != 0 || b[i] != 0) {
            if (a[i] == hi && b[i] == lo) {
                return false;
            }
            i = (i + 1) & mask;
        }
        a[i] = hi;
        b[i] = lo;
        return true;
    }
}
