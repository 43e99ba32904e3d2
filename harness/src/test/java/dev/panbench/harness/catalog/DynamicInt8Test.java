package dev.panbench.harness.catalog;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

class DynamicInt8Test {

    @Test
    void activationsTakeTheRangeWidenedToZeroAndRoundTiesToEven() {
        // range [-1, 1.55]: scale 2.55 / 255 = 0.01, zero point rint(1 / 0.01) = 100
        float a = DynamicInt8.scale(-1f, 1.55f);
        assertEquals(2.55f / 255, a);
        assertEquals(100, DynamicInt8.zeroPoint(-1f, a));
        // all positive: the range starts at 0, the zero point is 0
        assertEquals(0, DynamicInt8.zeroPoint(0f, DynamicInt8.scale(0f, 3f)));
        // ties to even: 2.5 steps is 2, 3.5 is 4
        assertEquals(2, DynamicInt8.quantize(2.5f, 1f, 0));
        assertEquals(4, DynamicInt8.quantize(3.5f, 1f, 0));
        // clamped at both ends
        assertEquals(0, DynamicInt8.quantize(-7f, 1f, 3));
        assertEquals(255, DynamicInt8.quantize(300f, 1f, 0));
        // a row of zeros: scale 1
        assertEquals(1f, DynamicInt8.scale(0f, 0f));
    }

    @Test
    void weightsAreSymmetricPerColumnAndTheProductIsTheDefinitions() {
        // W [2][2]: column 0 (0.5, -1) scale 1/127, column 1 (0.25, 0) scale 0.25/127
        float[] w = {0.5f, 0.25f, -1f, 0f};
        DynamicInt8.Columns c = DynamicInt8.quantizeWeights(w, 2, 2);
        assertArrayEquals(new float[]{1f / 127, 0.25f / 127}, c.scales());
        assertArrayEquals(new byte[]{64, 127, -127, 0}, c.q(), "rint(63.5) is 64, an even tie");
        // x = (1, -0.5): range [-0.5, 1], scale 1.5/255, zero point 85; p = (255, 0), p - z = (170, -85)
        float[] y = DynamicInt8.multiply(new float[]{1f, -0.5f}, c);
        float s = 1.5f / 255;
        assertEquals(85, DynamicInt8.zeroPoint(-0.5f, s));
        assertEquals((170 * 64 - 85 * -127) * (s * c.scales()[0]), y[0]);
        assertEquals(170 * 127 * (s * c.scales()[1]), y[1]);
        double[] ref = DynamicInt8.reference(new double[]{1, -0.5}, c);
        assertEquals(y[0], ref[0], 1e-6 * Math.abs(ref[0]));
        assertEquals(y[1], ref[1], 1e-6 * Math.abs(ref[1]));
    }

    @Test
    void theFloatProductMatchesTheFloat64DefinitionOnSeededRows() {
        int k = 300, n = 17;
        DynamicInt8.Columns c = DynamicInt8.quantizeWeights(SeededInputs.normal(k * n, 3, 0.02), k, n);
        float[] x = SeededInputs.normal(k, 4, 1);
        double[] xd = new double[k];
        for (int i = 0; i < k; i++) {
            xd[i] = x[i];
        }
        float[] y = DynamicInt8.multiply(x, c);
        double[] ref = DynamicInt8.reference(xd, c);
        for (int j = 0; j < n; j++) {
            assertEquals(ref[j], y[j], 1e-6 * Math.abs(ref[j]) + 1e-9, "column " + j);
        }
    }
}
