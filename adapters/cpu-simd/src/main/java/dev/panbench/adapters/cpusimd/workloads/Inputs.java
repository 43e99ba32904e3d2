package dev.panbench.adapters.cpusimd.workloads;

import dev.panbench.harness.spi.Params;

import java.util.SplittableRandom;

/** Deterministic inputs and parameter parsing shared by every family. */
public final class Inputs {

    private Inputs() {
    }

    public static float[] uniform(int n, long seed, float lo, float hi) {
        SplittableRandom r = new SplittableRandom(seed);
        float[] a = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = lo + (hi - lo) * (float) r.nextDouble();
        }
        return a;
    }

    /** {@code 65536} or {@code 1000x1000} (the product, for element-wise ops on a matrix). */
    public static int elements(String size) {
        long n = 1;
        for (String part : size.split("x")) {
            n *= Long.parseLong(part);
        }
        if (n < 1 || n > Integer.MAX_VALUE - 64) {
            throw new IllegalArgumentException("size " + size + " out of range");
        }
        return (int) n;
    }

    /** The dimensions of {@code RxC} (or {@code N}, read as {@code 1xN}). */
    public static int[] dims(String shape) {
        String[] p = shape.split("x");
        int[] d = new int[p.length];
        for (int i = 0; i < p.length; i++) {
            d[i] = Integer.parseInt(p[i]);
        }
        return d;
    }

    public static long size(Params p) {
        return elements(p.get("size"));
    }
}
