package dev.panbench.harness.catalog;

import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.VerificationException;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class Int8BlocksTest {

    @Test
    void packingRoundTripsAndEachWeightIsWithinHalfAStep() {
        int k = 96, n = 5;
        float[] w = SeededInputs.normal(k * n, 7, 0.02);
        Int4Blocks.Packed p = Int8Blocks.quantize(w, k, n);
        assertEquals(n * k, p.data().length);
        assertEquals(n * k / 32, p.scales().length);
        float[] back = Int8Blocks.dequantize(p);
        for (int i = 0; i < k * n; i++) {
            float s = p.scales()[(i % n) * (k / 32) + (i / n) / 32];
            assertTrue(Math.abs(back[i] - w[i]) <= s / 2 * 1.0001, i + ": " + w[i] + " -> " + back[i]);
        }
        Int4Blocks.Packed again = Int8Blocks.quantize(back, k, n);
        assertArrayEquals(p.data(), again.data());
        for (int i = 0; i < p.scales().length; i++) {
            assertEquals(p.scales()[i], again.scales()[i], Math.ulp(p.scales()[i]));
        }
    }

    @Test
    void theLayoutIsMatMulNBitsAtEightBits() {
        // column 0: rows 0..31 hold -127..(-127 + 31) scaled by 1 after the block maximum 127 on row 31
        int k = 64, n = 2;
        float[] w = new float[k * n];
        for (int p = 0; p < 32; p++) {
            w[p * n] = p - 10;
        }
        w[31 * n] = 127;
        w[40 * n + 1] = -2.54f;
        Int4Blocks.Packed q = Int8Blocks.quantize(w, k, n);
        assertEquals(1f, q.scales()[0]);
        assertEquals(0f, q.scales()[1], "an all-zero block has scale 0");
        assertEquals((byte) (128 - 10), q.data()[0]);
        assertEquals((byte) 255, q.data()[31]);
        // column 1 starts at byte k: its second block's row 40 - 32 = 8 is the block's maximum, -127
        assertEquals(0.02f, q.scales()[3], 1e-7f);
        assertEquals((byte) 1, q.data()[k + 40]);
        assertEquals(-127 * q.scales()[3], Int8Blocks.weight(q.data(), q.scales(), k, 40, 1));
        assertThrows(IllegalArgumentException.class, () -> Int8Blocks.quantize(new float[40], 20, 2));
    }

    @Test
    void thePlainFloatProductPassesAndAnUnscaledOneFails() throws VerificationException {
        Params shape = new Params(Map.of("m", "9", "k", "64", "n", "24"));
        Problem p = Catalog.MATMUL_INT8.problem(shape);
        byte[] data = p.input("b_packed").bytes();
        float[] scales = p.floats("scales");
        assertArrayEquals(new int[]{24, 2, 32}, p.input("b_packed").dims());
        float[] a = p.floats("a");
        p.check("naive", Int4BlocksTest.product(a, Int8Blocks.dequantize(data, scales, 64, 24), 9, 64, 24));
        float[] unscaled = Int4BlocksTest.product(a, Int8Blocks.dequantize(data, new float[scales.length], 64, 24),
                9, 64, 24);
        assertThrows(VerificationException.class, () -> p.check("unscaled", unscaled));
        assertEquals(24L * 64 + 4L * 24 * 2, Catalog.MATMUL_INT8.weightBytes(shape));
    }
}
