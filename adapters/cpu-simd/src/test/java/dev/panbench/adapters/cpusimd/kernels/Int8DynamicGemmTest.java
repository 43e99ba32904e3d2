package dev.panbench.adapters.cpusimd.kernels;

import dev.panbench.harness.catalog.DynamicInt8;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * {@link Int8DynamicGemm} against the definition written out: the whole tensor quantized with one scale and zero
 * point, the sums in int, rescaled; equal to the last bit, at shapes with leftover rows, a partial last panel, k over
 * several float32 slices, and sums far past 2^24.
 */
class Int8DynamicGemmTest {

    /** The definition, per tensor: {@link DynamicInt8}'s steps over all of {@code a}. */
    static float[] expected(float[] a, int m, int k, byte[] w, float[] s, int n) {
        float lo = 0, hi = 0;
        for (float v : a) {
            lo = Math.min(lo, v);
            hi = Math.max(hi, v);
        }
        float sc = DynamicInt8.scale(lo, hi);
        int z = DynamicInt8.zeroPoint(lo, sc);
        float[] c = new float[m * n];
        for (int i = 0; i < m; i++) {
            int[] acc = new int[n];
            for (int p = 0; p < k; p++) {
                int x = DynamicInt8.quantize(a[i * k + p], sc, z) - z;
                for (int j = 0; j < n; j++) {
                    acc[j] += x * w[p * n + j];
                }
            }
            for (int j = 0; j < n; j++) {
                c[i * n + j] = acc[j] * (sc * s[j]);
            }
        }
        return c;
    }

    private static void check(int m, int k, int n, int threads, long seed, boolean extreme) {
        Random r = new Random(seed);
        float[] a = new float[m * k];
        for (int i = 0; i < a.length; i++) {
            a[i] = extreme ? (i % 7 == 0 ? -1f : 3f) : (float) (r.nextGaussian() * 2 + 0.3);
        }
        byte[] w = new byte[k * n];
        float[] s = new float[n];
        for (int i = 0; i < w.length; i++) {
            w[i] = (byte) (extreme ? 127 : r.nextInt(255) - 127);
        }
        for (int j = 0; j < n; j++) {
            s[j] = (float) (0.001 + r.nextDouble() * 0.01);
        }
        float[] c = new float[m * n];
        Int8DynamicGemm g = new Int8DynamicGemm(w, s, k, n, m + 3, threads);
        g.multiply(a, m, c);
        assertArrayEquals(expected(a, m, k, w, s, n), c, "m=" + m + ", k=" + k + ", n=" + n + ", threads=" + threads);
    }

    @Test
    void matchesTheDefinitionToTheLastBit() {
        check(13, 64, 40, 1, 1, false);
        check(6, 600, 2 * Int8DynamicGemm.NR, 1, 2, false);
        check(1, 33, 7, 1, 3, false);
        check(20, 300, 70, 2, 4, false);
    }

    @Test
    void sumsPastTwoToThe24AreExact() {
        // 3072 steps of 255 x 127: 99.5M, past float32's exact integers; each 256-step slice stays below 2^24
        check(7, 3072, 2 * Int8DynamicGemm.NR, 1, 5, true);
    }

    @Test
    void theWholeTensorSharesOneScale() {
        // a row whose own range is tiny is quantized on the tensor's scale, not its own
        float[] a = {0.01f, -0.02f, 0.015f, 5f, -3f, 1f};
        byte[] w = {1, 1, 1};
        Int8DynamicGemm g = new Int8DynamicGemm(w, new float[]{1f}, 3, 1, 2, 1);
        g.multiply(a, 2, new float[2]);
        float sc = DynamicInt8.scale(-3f, 5f);
        int z = DynamicInt8.zeroPoint(-3f, sc);
        assertEquals(DynamicInt8.quantize(0.01f, sc, z) - z, g.quantized(0), 0f);
        assertEquals(0f, g.quantized(0), 0f, "0.01 is below half a step of 8/255");
    }
}
