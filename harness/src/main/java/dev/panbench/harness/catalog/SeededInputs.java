package dev.panbench.harness.catalog;

import dev.panbench.harness.spi.Params;

import java.util.SplittableRandom;

/**
 * The catalog's input generator: the same values for the same seed on every machine and in every backend, so every
 * backend computes the same problem. Also parses the size and shape parameters entries share.
 */
public final class SeededInputs {

    private SeededInputs() {
    }

    /** {@code n} floats uniform in {@code [lo, hi)}. */
    public static float[] uniform(int n, long seed, float lo, float hi) {
        SplittableRandom r = new SplittableRandom(seed);
        float[] a = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = lo + (hi - lo) * (float) r.nextDouble();
        }
        return a;
    }

    /** {@code n} floats from a normal distribution of standard deviation {@code sd} (weights of model layers). */
    public static float[] normal(int n, long seed, double sd) {
        SplittableRandom r = new SplittableRandom(seed);
        float[] a = new float[n];
        for (int i = 0; i < n; i += 2) {
            double u1 = 1 - r.nextDouble();
            double u2 = r.nextDouble();
            double rad = Math.sqrt(-2 * Math.log(u1)) * sd;
            a[i] = (float) (rad * Math.cos(2 * Math.PI * u2));
            if (i + 1 < n) {
                a[i + 1] = (float) (rad * Math.sin(2 * Math.PI * u2));
            }
        }
        return a;
    }

    /** An element count: a positive integer that fits an {@code int} index with room for padding. */
    public static int elements(String what, String size) {
        long n = 1;
        for (String part : size.split("x")) {
            long v;
            try {
                v = Long.parseLong(part);
            } catch (NumberFormatException e) {
                v = -1;
            }
            if (v < 1) {
                throw new IllegalArgumentException(what + "=" + size + ": expected a positive integer or AxB");
            }
            n *= v;
            if (n > Integer.MAX_VALUE - 1024) {
                throw new IllegalArgumentException(what + "=" + size + ": more than " + (Integer.MAX_VALUE - 1024)
                        + " elements");
            }
        }
        return (int) n;
    }

    /** The element count of the parameter {@code name} ({@code 65536}, {@code 1000x1000}). */
    public static int elements(Params params, String name) {
        return elements(name, params.get(name));
    }

    /** The dimensions of {@code N}, {@code AxB}, {@code AxBxC}..., each positive, as many as there are. */
    public static int[] dims(String what, String shape) {
        return dims(what, shape, shape.split("x", -1).length);
    }

    /** The dimensions of {@code AxBx...}, each positive. */
    public static int[] dims(String what, String shape, int count) {
        String[] p = shape.split("x");
        if (p.length != count) {
            throw new IllegalArgumentException(what + "=" + shape + ": expected " + count + " dimensions"
                    + (count == 2 ? " (ROWSxCOLS)" : ""));
        }
        int[] d = new int[p.length];
        for (int i = 0; i < p.length; i++) {
            d[i] = elements(what, p[i]);
        }
        return d;
    }
}
