package dev.panbench.harness.catalog;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

class Bf16Test {

    @Test
    void roundsToNearestAndTiesToEvenWhereTruncationWouldNot() {
        // 1 + 2^-8 is halfway between 1 and 1 + 2^-7: the tie goes to the even pattern, 1 (0x3f80)
        assertEquals((short) 0x3f80, Bf16.round(1f + 0x1p-8f));
        // 1 + 3 * 2^-8 is halfway between 1 + 2^-7 (odd, 0x3f81) and 1 + 2^-6 (even, 0x3f82): up
        assertEquals((short) 0x3f82, Bf16.round(1f + 3 * 0x1p-8f));
        // just above a half rounds up, where truncation keeps 0x3f80
        float above = Math.nextUp(1f + 0x1p-8f);
        assertEquals((short) 0x3f81, Bf16.round(above));
        assertEquals(0x3f80, Float.floatToRawIntBits(above) >>> 16);
        // negative values round by magnitude; the sign stays
        assertEquals((short) 0xbf81, Bf16.round(-above));
        assertEquals(-1f - 0x1p-7f, Bf16.widen((short) 0xbf81));
    }

    @Test
    void bytesAreLittleEndianPatternsAndReadBack() {
        short[] h = {(short) 0x3f80, (short) 0xbf81, (short) 0x0001};
        byte[] b = Bf16.bytes(h);
        assertArrayEquals(new byte[]{(byte) 0x80, 0x3f, (byte) 0x81, (byte) 0xbf, 0x01, 0x00}, b);
        assertArrayEquals(h, Bf16.patterns(b));
        assertArrayEquals(new float[]{1f, -1.0078125f, Float.intBitsToFloat(0x10000)}, Bf16.widen(h));
    }

    @Test
    void everyRoundedWeightIsWithinHalfAStepOfItsFloat() {
        float[] w = SeededInputs.normal(10_000, 7, 0.02);
        short[] h = Bf16.round(w);
        for (int i = 0; i < w.length; i++) {
            float step = Math.ulp(w[i]) * 65536;
            assertEquals(w[i], Bf16.widen(h[i]), step / 2, "weight " + i);
        }
    }
}
