package dev.panbench.adapters.jvm;

import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.VerificationException;
import dev.panbench.harness.spi.Workload;
import org.openjdk.jmh.infra.Blackhole;

/**
 * {@code array/copy[size]}: {@link System#arraycopy} of floats; moves 8 bytes per element (read + write).
 * <p>
 * Source and destination are two halves of one array, the destination starting half a page (2 KiB) past a page
 * multiple after the source. Two separate arrays would sit wherever the allocator and each garbage collection put
 * them; when the destination lands a small distance past a 4 KiB multiple from the source, loads alias the stores
 * just made (4K aliasing) and the copy runs about 40% slower, so the same code measured 42 or 58 ns per fork at 1024
 * elements depending on where the heap happened to place them. One array keeps their distance fixed.
 */
final class ArrayCopy implements Workload {

    /** Floats in a page and in half a page: the destination's distance from the source is half a page mod a page. */
    private static final int PAGE_FLOATS = 4096 / Float.BYTES;
    private static final int HALF_PAGE_FLOATS = PAGE_FLOATS / 2;

    private float[] buffer;
    private int size;
    private int dst;

    @Override
    public void setup(Params params) {
        size = params.getInt("size");
        dst = destinationOffset(size);
        buffer = new float[dst + size];
        for (int i = 0; i < size; i++) {
            buffer[i] = i * 0.5f;
        }
    }

    /** The first offset at or past the end of the source that is half a page past a page multiple. */
    static int destinationOffset(int size) {
        return size + Math.floorMod(HALF_PAGE_FLOATS - size, PAGE_FLOATS);
    }

    @Override
    public void verify() throws VerificationException {
        java.util.Arrays.fill(buffer, dst, dst + size, -1f);
        System.arraycopy(buffer, 0, buffer, dst, size);
        int mismatch = java.util.Arrays.mismatch(buffer, 0, size, buffer, dst, dst + size);
        if (mismatch >= 0) {
            throw new VerificationException("copy differs at index " + mismatch);
        }
    }

    @Override
    public void run(Blackhole bh) {
        System.arraycopy(buffer, 0, buffer, dst, size);
        bh.consume(buffer);
    }
}
