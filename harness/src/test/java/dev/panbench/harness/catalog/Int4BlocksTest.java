package dev.panbench.harness.catalog;

import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.VerificationException;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class Int4BlocksTest {

    @Test
    void packingRoundTripsAndEachWeightIsWithinHalfAStep() {
        int k = 96, n = 5;
        float[] w = SeededInputs.normal(k * n, 7, 0.02);
        Int4Blocks.Packed p = Int4Blocks.quantize(w, k, n);
        assertEquals(n * k / 2, p.data().length);
        assertEquals(n * k / 32, p.scales().length);
        float[] back = Int4Blocks.dequantize(p);
        for (int i = 0; i < k * n; i++) {
            float s = p.scales()[(i % n) * (k / 32) + (i / n) / 32];
            assertTrue(Math.abs(back[i] - w[i]) <= s / 2 * 1.0001, i + ": " + w[i] + " -> " + back[i]);
        }
        // the dequantized weights quantize to the same bytes and (within an ulp) the same scales
        Int4Blocks.Packed again = Int4Blocks.quantize(back, k, n);
        assertArrayEquals(p.data(), again.data());
        for (int i = 0; i < p.scales().length; i++) {
            assertEquals(p.scales()[i], again.scales()[i], Math.ulp(p.scales()[i]));
        }
    }

    @Test
    void theLayoutIsMatMulNBits() {
        // one column of 32 rows: weights 0..7 scaled by 1, then -8 on row 31
        int k = 32, n = 2;
        float[] w = new float[k * n];
        for (int p = 0; p < k; p++) {
            w[p * n] = p % 8;
            w[p * n + 1] = p == 0 ? -7 : 0;
        }
        w[31 * n] = -7;
        Int4Blocks.Packed q = Int4Blocks.quantize(w, k, n);
        assertEquals(1f, q.scales()[0]);
        // row 0 (value 0 -> nibble 8) low, row 1 (1 -> 9) high
        assertEquals((byte) 0x98, q.data()[0]);
        // rows 30 (6 -> 14) and 31 (-7 -> 1)
        assertEquals((byte) 0x1e, q.data()[15]);
        // column 1 starts at byte 16: row 0 is -7 -> 1, row 1 is 0 -> 8
        assertEquals((byte) 0x81, q.data()[16]);
        assertEquals(-7f, Int4Blocks.weight(q.data(), q.scales(), k, 0, 1));
        assertThrows(IllegalArgumentException.class, () -> Int4Blocks.quantize(new float[40], 20, 2));
    }

    @Test
    void aPlainFloatProductPassesAndSwappedNibblesFail() throws VerificationException {
        Params shape = new Params(Map.of("m", "9", "k", "64", "n", "24"));
        Problem p = Catalog.MATMUL_INT4.problem(shape);
        byte[] data = p.input("b_packed").bytes();
        float[] scales = p.floats("scales");
        assertArrayEquals(new int[]{24, 2, 16}, p.input("b_packed").dims());
        float[] a = p.floats("a");
        p.check("naive", product(a, Int4Blocks.dequantize(data, scales, 64, 24), 9, 64, 24));
        byte[] swapped = data.clone();
        for (int i = 0; i < swapped.length; i++) {
            swapped[i] = (byte) (((swapped[i] & 0xf) << 4) | ((swapped[i] & 0xff) >>> 4));
        }
        float[] wrong = product(a, Int4Blocks.dequantize(swapped, scales, 64, 24), 9, 64, 24);
        assertThrows(VerificationException.class, () -> p.check("swapped", wrong));
    }

    static float[] product(float[] a, float[] b, int m, int k, int n) {
        float[] c = new float[m * n];
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < n; j++) {
                float s = 0;
                for (int q = 0; q < k; q++) {
                    s += a[i * k + q] * b[q * n + j];
                }
                c[i * n + j] = s;
            }
        }
        return c;
    }
}
