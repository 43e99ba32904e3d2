package dev.panbench.harness.catalog;

/**
 * Dynamic INT8 matrix products, {@code y = x W} with W {@code [in][out]}, as ONNX's {@code DynamicQuantizeLinear}
 * and {@code MatMulInteger} define them (and ONNX Runtime's fused {@code DynamicQuantizeMatMul} computes):
 * <ul>
 *   <li>weights, once, in reduced range (7 bits, as ONNX Runtime's quantizer does with {@code reduce_range} for
 *       CPUs without VNNI): column {@code j} gets the scale {@code s_j = max_i |w_ij| / 63} (float32; 1 for an
 *       all-zero column) and each weight {@code q = clamp(rint(w / s_j), -63, 63)}, symmetric, stored as the signed
 *       byte {@code [in][out]} (MatMulInteger's B, zero point 0);</li>
 *   <li>activations, at every product: over the whole input row, {@code lo = min(0, min x)}, {@code hi = max(0, max x)},
 *       the scale {@code a = (hi - lo) / 255} (1 when {@code hi == lo}), the zero point
 *       {@code z = rint(clamp(-lo / a, 0, 255))} and {@code p = clamp(rint(x / a) + z, 0, 255)} as uint8 (rint ties
 *       to even);</li>
 *   <li>{@code acc_j = sum_i (p_i - z) q_ij} in int32, exact, and {@code y_j = acc_j (a s_j)}.</li>
 * </ul>
 * Why 7 bits: without VNNI ({@code vpdpbusd}), ONNX Runtime's MLAS multiplies uint8 by int8 with AVX2's {@code
 * vpmaddubsw}, which adds each pair of products into 16 bits with saturation. With weights up to 127 a pair reaches
 * {@code 2 x 255 x 127 = 64770} and is clipped at 32767: on a Zen 3 the BERT layer and the LLaMA step in this format
 * landed 2.7e-3 to 6.7e-3 from the reference (bound 2e-3). Up to 63 a pair is at most {@code 2 x 255 x 63 = 32130},
 * so every CPU computes the exact integer sums the definition names, and VNNI and AVX2 give one answer.
 * The reference does the same in float64 (activations, scale and zero point computed from the float64 activations,
 * the products exact); a float32 backend's activations differ from those in the last bits, which moves an activation
 * now and then to the next step of 255 (see the entry's tolerance).
 */
public final class DynamicInt8 {

    /** The largest weight magnitude: 7 bits, reduced range (see the class comment). */
    public static final int WEIGHT_MAX = 63;
    public static final int LEVELS = 255;

    private DynamicInt8() {
    }

    /** A matrix quantized per output column: {@code q [in][out]} signed bytes, {@code scales [out]}. */
    public record Columns(byte[] q, float[] scales, int in, int out) {
    }

    public static Columns quantizeWeights(float[] w, int in, int out) {
        byte[] q = new byte[Math.multiplyExact(in, out)];
        float[] s = new float[out];
        for (int j = 0; j < out; j++) {
            float amax = 0;
            for (int i = 0; i < in; i++) {
                amax = Math.max(amax, Math.abs(w[i * out + j]));
            }
            s[j] = amax == 0 ? 1 : amax / WEIGHT_MAX;
            for (int i = 0; i < in; i++) {
                q[i * out + j] = (byte) Math.max(-WEIGHT_MAX, Math.min(WEIGHT_MAX, Math.rint(w[i * out + j] / s[j])));
            }
        }
        return new Columns(q, s, in, out);
    }

    /** Every weight dequantized, {@code q s_j} in float32, {@code [in][out]}. */
    public static float[] dequantize(Columns c) {
        float[] w = new float[c.q.length];
        for (int i = 0; i < c.in; i++) {
            for (int j = 0; j < c.out; j++) {
                w[i * c.out + j] = c.q[i * c.out + j] * c.scales[j];
            }
        }
        return w;
    }

    /** The activations' scale from their float32 range (already widened to hold 0). */
    public static float scale(float lo, float hi) {
        return hi == lo ? 1f : (hi - lo) / LEVELS;
    }

    /** The activations' zero point. */
    public static int zeroPoint(float lo, float scale) {
        return (int) Math.rint(Math.max(0f, Math.min((float) LEVELS, 0f - lo / scale)));
    }

    /** One activation quantized, 0..255. */
    public static int quantize(float x, float scale, int zeroPoint) {
        return (int) Math.max(0, Math.min(LEVELS, Math.rint(x / scale) + zeroPoint));
    }

    /** {@code x W} as the definition says, in float64: the reference's product. */
    static double[] reference(double[] x, Columns w) {
        double lo = 0, hi = 0;
        for (double v : x) {
            lo = Math.min(lo, v);
            hi = Math.max(hi, v);
        }
        double a = hi == lo ? 1 : (hi - lo) / LEVELS;
        double z = Math.rint(Math.max(0, Math.min(LEVELS, -lo / a)));
        long[] acc = new long[w.out];
        for (int i = 0; i < w.in; i++) {
            long p = (long) (Math.max(0, Math.min(LEVELS, Math.rint(x[i] / a) + z)) - z);
            if (p == 0) {
                continue;
            }
            int o = i * w.out;
            for (int j = 0; j < w.out; j++) {
                acc[j] += p * w.q[o + j];
            }
        }
        double[] y = new double[w.out];
        for (int j = 0; j < w.out; j++) {
            y[j] = acc[j] * (a * w.scales[j]);
        }
        return y;
    }

    /** The float32 twin, in the definition's order (tests, and backends' scalar fallback). */
    public static float[] multiply(float[] x, Columns w) {
        float lo = 0, hi = 0;
        for (float v : x) {
            lo = Math.min(lo, v);
            hi = Math.max(hi, v);
        }
        float a = scale(lo, hi);
        int z = zeroPoint(lo, a);
        int[] acc = new int[w.out];
        for (int i = 0; i < w.in; i++) {
            int p = quantize(x[i], a, z) - z;
            int o = i * w.out;
            for (int j = 0; j < w.out; j++) {
                acc[j] += p * w.q[o + j];
            }
        }
        float[] y = new float[w.out];
        for (int j = 0; j < w.out; j++) {
            y[j] = acc[j] * (a * w.scales[j]);
        }
        return y;
    }
}
