package dev.panbench.adapters.cpusimd.kernels;

import dev.panbench.harness.catalog.Int4Blocks;
import dev.panbench.harness.catalog.SeededInputs;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class Int4GemvTest {

    /** x dequant(W) in float64, and sum |x w| per column. */
    private static double[][] reference(float[] x, float[] w, int k, int n) {
        double[] y = new double[n], mag = new double[n];
        for (int p = 0; p < k; p++) {
            for (int j = 0; j < n; j++) {
                y[j] += (double) x[p] * w[p * n + j];
                mag[j] += Math.abs((double) x[p] * w[p * n + j]);
            }
        }
        return new double[][]{y, mag};
    }

    @Test
    void matchesTheDequantizedProductAtOddWidthsAndEveryNibble() {
        for (int[] kn : new int[][]{{32, 1}, {32, 5}, {96, 40}, {64, 2 * Simd.L + 1}, {4096, 37}, {352, 1376}}) {
            int k = kn[0], n = kn[1];
            float[] w = SeededInputs.normal(k * n, 5, 0.02);
            // one column all zeros: its scale is 0
            for (int p = 0; p < k; p++) {
                w[p * n] = 0;
            }
            Int4Blocks.Packed packed = Int4Blocks.quantize(w, k, n);
            float[] dq = Int4Blocks.dequantize(packed);
            float[] x = SeededInputs.normal(k, 6, 1);
            double[][] ref = reference(x, dq, k, n);
            for (int threads : new int[]{1, 2}) {
                float[] y = new float[n + 3];
                y[n] = 42;
                new Int4Gemv(packed.data(), packed.scales(), k, n, threads).multiply(x, y);
                for (int j = 0; j < n; j++) {
                    double bound = 16 * Math.sqrt(k) * 0x1p-24 * (ref[1][j] + 1e-30);
                    assertTrue(Math.abs(y[j] - ref[0][j]) <= bound, "k=" + k + " n=" + n + " column " + j + ": "
                            + y[j] + " vs " + ref[0][j]);
                }
                assertEquals(0f, y[0], "the zero column");
                assertEquals(42f, y[n], "nothing written past n");
            }
        }
    }

    @Test
    void everyNibbleValueDequantizesToItsWeight() {
        // a column holding -8..7 times a scale of 1 (amax 8 would give a scale of 8/7: build the bytes directly)
        int k = 32, n = 1;
        byte[] bytes = new byte[16];
        for (int i = 0; i < 16; i++) {
            bytes[i] = (byte) ((2 * i % 16) | ((2 * i + 1) % 16) << 4);
        }
        for (int p = 0; p < k; p++) {
            float[] x = new float[k];
            x[p] = 1;
            float[] y = new float[1];
            new Int4Gemv(bytes, new float[]{0.5f}, k, n, 1).multiply(x, y);
            assertEquals(((p % 16) - 8) * 0.5f, y[0], "row " + p);
        }
    }

    @Test
    void refusesAKThatIsNotWholeBlocks() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new Int4Gemv(new byte[16], new float[1], 48, 1, 1));
        assertEquals("n=1, k=48: expected n positive, k a multiple of 32", e.getMessage());
    }
}
