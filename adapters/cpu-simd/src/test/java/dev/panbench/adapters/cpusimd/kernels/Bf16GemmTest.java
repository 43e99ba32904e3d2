package dev.panbench.adapters.cpusimd.kernels;

import dev.panbench.harness.catalog.Bf16;
import dev.panbench.harness.catalog.SeededInputs;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class Bf16GemmTest {

    @Test
    void matchesTheWidenedProductForOneRowSixRowsAndTheRowsLeftOver() {
        for (int[] mkn : new int[][]{{1, 1, 1}, {1, 37, 5}, {1, 513, 2 * Simd.L + 1}, {6, 300, 40}, {13, 96, 70},
                {1, 4096, 37}, {31, 600, 2 * Simd.L + 3}}) {
            int m = mkn[0], k = mkn[1], n = mkn[2];
            short[] w = Bf16.round(SeededInputs.normal(k * n, 11, 0.02));
            float[] wide = Bf16.widen(w);
            float[] a = SeededInputs.normal(m * k, 12, 1);
            for (int threads : new int[]{1, 2}) {
                float[] c = new float[m * n + 1];
                c[m * n] = 42;
                new Bf16Gemm(w, k, n, threads).multiply(a, m, c);
                for (int i = 0; i < m; i++) {
                    for (int j = 0; j < n; j++) {
                        double ref = 0, mag = 0;
                        for (int p = 0; p < k; p++) {
                            ref += (double) a[i * k + p] * wide[p * n + j];
                            mag += Math.abs((double) a[i * k + p] * wide[p * n + j]);
                        }
                        double bound = 16 * Math.sqrt(k) * 0x1p-24 * mag + 1e-30;
                        assertTrue(Math.abs(c[i * n + j] - ref) <= bound, m + "x" + k + "x" + n + " [" + i + "]["
                                + j + "]: " + c[i * n + j] + " vs " + ref);
                    }
                }
                assertEquals(42f, c[m * n], "nothing written past C");
            }
        }
    }

    @Test
    void widensEveryPatternAsTheTopHalfOfAFloat() {
        // one row of k = 1 against n patterns: c[j] = 1 * w[j], exactly the widened value, sign and all
        short[] w = {(short) 0x3f80, (short) 0xbf80, (short) 0x4049, (short) 0x0001, (short) 0xc000, (short) 0xc2f7,
                (short) 0x7f7f, (short) 0x3c23};
        float[] c = new float[w.length];
        new Bf16Gemm(w, 1, w.length, 1).multiply(new float[]{1f}, 1, c);
        for (int j = 0; j < w.length; j++) {
            assertEquals(Float.intBitsToFloat((w[j] & 0xffff) << 16), c[j], "pattern " + Integer.toHexString(w[j]));
        }
        assertEquals(1f, c[0]);
        assertEquals(-1f, c[1]);
    }

    @Test
    void joinsPartsColumnWise() {
        short[] a = {1, 2, 3, 4}, b = {5, 6};
        // a is [2][2], b is [2][1]: rows (1 2 5) and (3 4 6)
        assertEquals(java.util.List.of((short) 1, (short) 2, (short) 5, (short) 3, (short) 4, (short) 6),
                java.util.Arrays.asList(box(Bf16Gemm.joinColumns(2, a, b))));
        assertThrows(IllegalArgumentException.class, () -> new Bf16Gemm(new short[5], 2, 3, 1));
    }

    private static Short[] box(short[] s) {
        Short[] b = new Short[s.length];
        for (int i = 0; i < s.length; i++) {
            b[i] = s[i];
        }
        return b;
    }
}
