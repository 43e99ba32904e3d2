package dev.panbench.adapters.gpu.workloads;

import java.util.SplittableRandom;

/** Deterministic inputs and the parsing of size and shape parameters. */
final class Inputs {

    private Inputs() {
    }

    /** {@code n} floats uniform in [lo, hi), the same for the same seed. */
    static float[] floats(int n, long seed, float lo, float hi) {
        SplittableRandom r = new SplittableRandom(seed);
        float[] a = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = lo + (hi - lo) * (float) r.nextDouble();
        }
        return a;
    }

    /** An element count: a positive integer that fits a kernel's {@code int} index. */
    static int elements(String size) {
        long n = Long.parseLong(size);
        if (n < 1 || n > Integer.MAX_VALUE - 1024) {
            throw new IllegalArgumentException("size=" + size + ": expected 1.." + (Integer.MAX_VALUE - 1024));
        }
        return (int) n;
    }

    /** {@code RxC} as {rows, cols}. */
    static int[] shape(String shape) {
        String[] p = shape.split("x");
        if (p.length != 2) {
            throw new IllegalArgumentException("shape=" + shape + ": expected ROWSxCOLS, e.g. 1024x1024");
        }
        return new int[] {elements(p[0]), elements(p[1])};
    }

    /** GEMM {@code size}: {@code N} (square) or {@code MxNxK}. */
    static int[] gemm(String size) {
        String[] p = size.split("x");
        if (p.length == 1) {
            int n = elements(p[0]);
            return new int[] {n, n, n};
        }
        if (p.length != 3) {
            throw new IllegalArgumentException("size=" + size + ": expected N or MxNxK");
        }
        return new int[] {elements(p[0]), elements(p[1]), elements(p[2])};
    }
}
