package dev.panbench.harness.catalog;

/**
 * INT4 weights with the activations quantized to int8 per block at run time, {@code y = x W} with W {@code [k][n]},
 * as ONNX Runtime's {@code com.microsoft.MatMulNBits} computes it at {@code accuracy_level=4} (MLAS's CompInt8 path):
 * <ul>
 *   <li>weights, once: {@link Int4Blocks} (block 32 along k, a float32 scale {@code s} per block and column, the
 *       nibble {@code q + 8}, {@code |q| <= 8});</li>
 *   <li>activations, at every product, per block of 32 along k (the weights' blocks): {@code m = max |x_i|} over the
 *       block, the scale {@code a = m / 127} and {@code p_i = rint(x_i r)} with the reciprocal {@code r = 127 / m}
 *       (one division, not {@code 1 / a}; 0 for a block of zeros), rint ties to even, so {@code |p_i| <= 127}; in
 *       float32 that is MLAS's {@code QuantizeARow_CompInt8} bit for bit;</li>
 *   <li>per block, {@code acc = sum_i (nibble_i - 8) p_i} in integers, exact (at most 32 x 8 x 127 = 32,512), and
 *       {@code y_j = sum over blocks of acc (a s)}.</li>
 * </ul>
 * The reference does the same in float64: the scale, the reciprocal and the rounding from the float64 activations,
 * the integer sums exact. A float32 backend's activations differ from those in the last bits, which now and then
 * moves an activation lying near a half step to the next step (see the LLaMA entry's tolerance).
 */
public final class Int4Dynamic {

    /** The activations' largest level: symmetric int8, {@code -127..127}. */
    public static final int LEVELS = 127;

    private Int4Dynamic() {
    }

    /** A block's activation scale from its float32 largest magnitude. */
    public static float scale(float amax) {
        return amax / LEVELS;
    }

    /** The float32 reciprocal activations are multiplied by before rounding: {@code 127 / amax}, 0 when it is 0. */
    public static float reciprocal(float amax) {
        return amax == 0 ? 0f : LEVELS / amax;
    }

    /**
     * The weights' integer levels {@code nibble - 8} as exact floats, row-major {@code [k][n]}, from MatMulNBits bytes
     * ({@code [n][k/32][16]}): what a backend without INT4 types multiplies in integers, beside the scales.
     */
    public static float[] levels(byte[] data, int k, int n) {
        int nb = Int4Blocks.blocks(k);
        float[] w = new float[Math.multiplyExact(k, n)];
        for (int p = 0; p < k; p++) {
            for (int j = 0; j < n; j++) {
                int at = (j * nb + p / Int4Blocks.BLOCK) * Int4Blocks.BLOCK_BYTES + (p % Int4Blocks.BLOCK) / 2;
                int b = data[at] & 0xff;
                w[p * n + j] = (p % 2 == 0 ? b & 0xf : b >>> 4) - Int4Blocks.ZERO_POINT;
            }
        }
        return w;
    }

    /** {@code x W} as the definition says, in float64: the reference's product. */
    static double[] reference(double[] x, Int4Blocks.Packed w) {
        int blocks = Int4Blocks.blocks(w.k());
        if (x.length != w.k()) {
            throw new IllegalArgumentException("x has " + x.length + " values, W " + w.k() + " rows");
        }
        long[] p = new long[w.k()];
        double[] a = new double[blocks];
        for (int kb = 0; kb < blocks; kb++) {
            double m = 0;
            for (int i = kb * Int4Blocks.BLOCK; i < (kb + 1) * Int4Blocks.BLOCK; i++) {
                m = Math.max(m, Math.abs(x[i]));
            }
            a[kb] = m / LEVELS;
            double r = m == 0 ? 0 : LEVELS / m;
            for (int i = kb * Int4Blocks.BLOCK; i < (kb + 1) * Int4Blocks.BLOCK; i++) {
                p[i] = (long) Math.rint(x[i] * r);
            }
        }
        double[] y = new double[w.n()];
        byte[] data = w.data();
        for (int j = 0; j < w.n(); j++) {
            double sum = 0;
            for (int kb = 0; kb < blocks; kb++) {
                long acc = 0;
                int at = (j * blocks + kb) * Int4Blocks.BLOCK_BYTES;
                for (int i = 0; i < Int4Blocks.BLOCK; i++) {
                    int b = data[at + i / 2] & 0xff;
                    int q = (i % 2 == 0 ? b & 0xf : b >>> 4) - Int4Blocks.ZERO_POINT;
                    acc += q * p[kb * Int4Blocks.BLOCK + i];
                }
                sum += acc * (a[kb] * w.scales()[j * blocks + kb]);
            }
            y[j] = sum;
        }
        return y;
    }
}
