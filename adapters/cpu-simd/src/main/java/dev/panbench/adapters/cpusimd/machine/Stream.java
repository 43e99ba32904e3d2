package dev.panbench.adapters.cpusimd.machine;

import dev.panbench.adapters.cpusimd.kernels.Parallel;
import jdk.incubator.vector.FloatVector;

import static dev.panbench.adapters.cpusimd.kernels.Simd.F;
import static dev.panbench.adapters.cpusimd.kernels.Simd.L;

/**
 * McCalpin's STREAM kernels in float32 with the Vector API: copy {@code c = a}, scale {@code b = s c}, add
 * {@code c = a + b}, triad {@code a = b + s c}. Bytes per element follow STREAM (2 or 3 arrays of 4 bytes, write
 * allocation not counted), so the figure reads like STREAM's own.
 */
public final class Stream {

    public enum Kernel {
        COPY(2), SCALE(2), ADD(3), TRIAD(3);

        private final int arrays;

        Kernel(int arrays) {
            this.arrays = arrays;
        }

        /** Bytes one element moves, STREAM's convention. */
        public long bytesPerElement() {
            return 4L * arrays;
        }
    }

    public static final float SCALAR = 3f;

    private Stream() {
    }

    public static void run(Kernel k, float[] a, float[] b, float[] c, int threads) {
        int n = a.length;
        Parallel.forRange(threads, n, 1024, (lo, hi) -> range(k, a, b, c, lo, hi));
    }

    public static void range(Kernel k, float[] a, float[] b, float[] c, int lo, int hi) {
        int i = lo;
        int end = lo + F.loopBound(hi - lo);
        switch (k) {
            case COPY -> {
                for (; i < end; i += L) {
                    FloatVector.fromArray(F, a, i).intoArray(c, i);
                }
                for (; i < hi; i++) {
                    c[i] = a[i];
                }
            }
            case SCALE -> {
                for (; i < end; i += L) {
                    FloatVector.fromArray(F, c, i).mul(SCALAR).intoArray(b, i);
                }
                for (; i < hi; i++) {
                    b[i] = SCALAR * c[i];
                }
            }
            case ADD -> {
                for (; i < end; i += L) {
                    FloatVector.fromArray(F, a, i).add(FloatVector.fromArray(F, b, i)).intoArray(c, i);
                }
                for (; i < hi; i++) {
                    c[i] = a[i] + b[i];
                }
            }
            case TRIAD -> {
                for (; i < end; i += L) {
                    FloatVector.fromArray(F, c, i).mul(SCALAR).add(FloatVector.fromArray(F, b, i)).intoArray(a, i);
                }
                for (; i < hi; i++) {
                    a[i] = b[i] + SCALAR * c[i];
                }
            }
        }
    }
}
