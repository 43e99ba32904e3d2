package dev.panbench.adapters.cpusimd.text;

/**
 * BPE's merge table: the pair of token ids {@code (left, right)}, packed in one {@code long}, to its merge rank and the
 * id of the token it makes. Open addressing with linear probing in two parallel arrays, so a lookup is a multiply, a
 * shift and a probe or two, with no boxing.
 */
final class PairRanks {

    private static final long EMPTY = -1;
    private final long[] keys;
    private final long[] values;
    private final int mask;
    private final int shift;

    PairRanks(int capacity) {
        int size = Integer.highestOneBit(Math.max(16, capacity * 2 - 1)) << 1;
        keys = new long[size];
        values = new long[size];
        java.util.Arrays.fill(keys, EMPTY);
        mask = size - 1;
        shift = 64 - Integer.numberOfTrailingZeros(size);
    }

    private static long key(int left, int right) {
        return ((long) left << 32) | (right & 0xFFFFFFFFL);
    }

    private int slot(long key) {
        return (int) ((key * 0x9E3779B97F4A7C15L) >>> shift);
    }

    void put(int left, int right, int rank, int merged) {
        long k = key(left, right);
        int i = slot(k);
        while (keys[i] != EMPTY && keys[i] != k) {
            i = (i + 1) & mask;
        }
        if (keys[i] == EMPTY) {
            keys[i] = k;
            values[i] = ((long) rank << 32) | (merged & 0xFFFFFFFFL);
        }
    }

    /** {@code rank << 32 | merged id}, or {@code Long.MAX_VALUE} when the pair is not a merge. */
    long get(int left, int right) {
        long k = key(left, right);
        int i = slot(k);
        while (true) {
            long at = keys[i];
            if (at == k) {
                return values[i];
            }
            if (at == EMPTY) {
                return Long.MAX_VALUE;
            }
            i = (i + 1) & mask;
        }
    }
}
