package dev.panbench.harness.catalog;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** {@link Int4Dynamic}: the activations' quantization as MLAS rounds it, and the per-block integer sums. */
class Int4DynamicTest {

    @Test
    void theReciprocalIsOneDivisionAndABlockOfZerosQuantizesToZero() {
        // 127 / 3 rounded once, not 1 / (3 / 127) rounded twice: the two differ in the last bit
        assertEquals(127f / 3f, Int4Dynamic.reciprocal(3f));
        assertEquals(0f, Int4Dynamic.reciprocal(0f));
        assertEquals(3f / 127f, Int4Dynamic.scale(3f));
    }

    @Test
    void theReferenceSumsEachBlocksLevelsExactlyAndRescalesPerBlock() {
        // k = 64 (two blocks), n = 2: column 0 all weights +1 (scale 0.5), column 1 all -1 in block 0 and 0 in block 1
        float[] w = new float[64 * 2];
        for (int p = 0; p < 64; p++) {
            w[p * 2] = 0.5f;
            w[p * 2 + 1] = p < 32 ? -0.25f : 0f;
        }
        Int4Blocks.Packed packed = Int4Blocks.quantize(w, 64, 2);
        double[] x = new double[64];
        x[0] = 2.54;   // block 0: max 2.54, so p = rint(x * 127 / 2.54) = 127 and 25 (x = 0.5: 25.0)
        x[1] = 0.5;
        x[40] = -1;    // block 1: max 1, p = -127 and 64 (x = 0.5039...: 63.999.. rounds to 64)
        x[41] = 0.50394;
        double[] y = Int4Dynamic.reference(x, packed);
        double a0 = 2.54 / 127, a1 = 1.0 / 127;
        // weights as stored: 0.5 is level 7 with scale 0.5 / 7; -0.25 level -7 with scale 0.25 / 7
        double s0 = 0.5f / 7, s1 = 0.25f / 7;
        assertEquals((127 + 25) * 7 * a0 * s0 + (-127 + 64) * 7 * a1 * s0, y[0], 1e-12);
        assertEquals((127 + 25) * -7 * a0 * s1, y[1], 1e-12);
        assertArrayEquals(new float[]{-1, -1, 1, 1}, new float[]{
                Int4Dynamic.levels(packed.data(), 64, 2)[1] / 7, Int4Dynamic.levels(packed.data(), 64, 2)[63] / 7,
                Int4Dynamic.levels(packed.data(), 64, 2)[0] / 7, Int4Dynamic.levels(packed.data(), 64, 2)[126] / 7});
    }
}
