package dev.panbench.harness.catalog;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
        // W [2][2]: column 0 (31.5, -63) scale 63/63 = 1, column 1 (0.25, 0) scale 0.25/63
        float[] w = {31.5f, 0.25f, -63f, 0f};
        DynamicInt8.Columns c = DynamicInt8.quantizeWeights(w, 2, 2);
        assertArrayEquals(new float[]{1f, 0.25f / 63}, c.scales());
        assertArrayEquals(new byte[]{32, 63, -63, 0}, c.q(), "rint(31.5) is 32, an even tie");
        // x = (1, -0.5): range [-0.5, 1], scale 1.5/255, zero point 85; p = (255, 0), p - z = (170, -85)
        float[] y = DynamicInt8.multiply(new float[]{1f, -0.5f}, c);
        float s = 1.5f / 255;
        assertEquals(85, DynamicInt8.zeroPoint(-0.5f, s));
        assertEquals((170 * 32 - 85 * -63) * (s * c.scales()[0]), y[0]);
        assertEquals(170 * 63 * (s * c.scales()[1]), y[1]);
        double[] ref = DynamicInt8.reference(new double[]{1, -0.5}, c);
        assertEquals(y[0], ref[0], 1e-6 * Math.abs(ref[0]));
        assertEquals(y[1], ref[1], 1e-6 * Math.abs(ref[1]));
    }

    /**
     * Without VNNI, ONNX Runtime's MLAS multiplies uint8 activations by int8 weights with AVX2's {@code vpmaddubsw},
     * which adds each pair of products into 16 bits with saturation: the catalog's weights are in reduced range so
     * that no pair can reach 32768, and such a CPU computes the exact sums the reference does. Full-range weights
     * (127) fail here: a pair reaches 2 x 255 x 127 = 64770.
     */
    @Test
    void noPairOfActivationTimesWeightProductsSaturatesSixteenBits() {
        assertTrue(2 * DynamicInt8.LEVELS * DynamicInt8.WEIGHT_MAX <= Short.MAX_VALUE,
                "2 x 255 x " + DynamicInt8.WEIGHT_MAX + " fits in int16");
        List<Operand> operands = new ArrayList<>(new LayerWeights(64, 256, 100).operands(WeightFormat.INT8_DYNAMIC));
        operands.addAll(new LlamaWeights(64, 32, 160, WeightFormat.INT8_DYNAMIC, 7).operands());
        int matrices = 0;
        for (Operand op : operands) {
            if (!op.name().endsWith("_int8")) {
                continue;
            }
            matrices++;
            int in = op.dims()[0], out = op.dims()[1];
            byte[] q = op.bytes();
            int largest = 0;
            for (int j = 0; j < out; j++) {
                for (int i = 0; i + 1 < in; i += 2) {
                    int pair = DynamicInt8.LEVELS * (Math.abs(q[i * out + j]) + Math.abs(q[(i + 1) * out + j]));
                    assertTrue(pair <= Short.MAX_VALUE, op.name() + " rows " + i + ", " + (i + 1) + " column " + j
                            + ": a pair of products reaches " + pair + ", past int16");
                }
                for (int i = 0; i < in; i++) {
                    largest = Math.max(largest, Math.abs(q[i * out + j]));
                }
            }
            assertEquals(DynamicInt8.WEIGHT_MAX, largest, op.name() + " uses the whole reduced range");
        }
        assertEquals(6 + 7, matrices, "the BERT layer's six matrices and the LLaMA step's seven");
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
