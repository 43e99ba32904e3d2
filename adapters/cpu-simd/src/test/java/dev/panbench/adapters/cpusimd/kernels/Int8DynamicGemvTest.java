package dev.panbench.adapters.cpusimd.kernels;

import dev.panbench.harness.catalog.DynamicInt8;
import dev.panbench.harness.catalog.SeededInputs;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class Int8DynamicGemvTest {

    @Test
    void equalsTheCatalogsDefinitionBitForBit() {
        // the quantization and the int32 sums are exact, the rescale one float product: no rounding to differ in
        for (int[] kn : new int[][]{{1, 1}, {7, 5}, {96, 2 * Simd.L + 1}, {513, 40}, {4096, 37}, {1376, 512}}) {
            int k = kn[0], n = kn[1];
            DynamicInt8.Columns w = DynamicInt8.quantizeWeights(SeededInputs.normal(k * n, 21, 0.02), k, n);
            for (float shift : new float[]{0f, 3f, -3f}) {
                float[] x = SeededInputs.normal(k, 22, 1);
                for (int i = 0; i < k; i++) {
                    x[i] += shift; // all positive or all negative: the range widened to hold 0
                }
                float[] expected = DynamicInt8.multiply(x, w);
                for (int threads : new int[]{1, 2}) {
                    float[] y = new float[n + 1];
                    y[n] = 42;
                    new Int8DynamicGemv(w.q(), w.scales(), k, n, threads).multiply(x, y);
                    assertArrayEquals(expected, java.util.Arrays.copyOf(y, n), k + "x" + n + " shift " + shift);
                    assertEquals(42f, y[n], "nothing written past n");
                }
            }
        }
    }

    @Test
    void quantizesTiesToEvenAndClampsAsDefined() {
        // x = (-1, 0.5, 2.5 steps...): scale from the range, zero point rint(-lo / a)
        float[] x = new float[40];
        for (int i = 0; i < x.length; i++) {
            x[i] = (i - 8) * 0.25f;
        }
        Int8DynamicGemv g = new Int8DynamicGemv(new byte[x.length], new float[]{1f}, x.length, 1, 1);
        float a = g.quantize(x);
        float lo = -2f, hi = 7.75f;
        assertEquals(DynamicInt8.scale(lo, hi), a);
        int z = DynamicInt8.zeroPoint(lo, a);
        for (int i = 0; i < x.length; i++) {
            assertEquals(DynamicInt8.quantize(x[i], a, z) - z, g.quantized(i), "x = " + x[i]);
        }
        // a constant zero row: scale 1, zero point 0, every product 0
        float[] y = new float[1];
        new Int8DynamicGemv(new byte[]{5, 7}, new float[]{1f}, 2, 1, 1).multiply(new float[2], y);
        assertEquals(0f, y[0]);
        assertThrows(IllegalArgumentException.class, () -> new Int8DynamicGemv(new byte[6], new float[2], 2, 3, 1));
    }
}
