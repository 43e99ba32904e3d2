package dev.panbench.harness.catalog;

/**
 * Weight-only INT8 with symmetric per-block scales, in the layout ONNX Runtime's {@code com.microsoft.MatMulNBits}
 * takes at 8 bits ({@code bits=8}, {@code block_size=32}, no {@code zero_points} input), the sibling of
 * {@link Int4Blocks}. For a float weight matrix {@code W} of {@code k} rows and {@code n} columns ({@code C = A W}):
 * <ul>
 *   <li>column {@code j} is cut into {@code k / 32} blocks of 32 consecutive rows; block {@code (j, kb)} has the
 *       scale {@code s = max |w| / 127} (0 when the block is all zeros) at {@code scales[j * (k / 32) + kb]};</li>
 *   <li>each weight is {@code q = clamp(rint(w / s), -128, 127)}, stored as the unsigned byte {@code q + 128} (the
 *       default zero point at 8 bits, {@code 2^(bits - 1)});</li>
 *   <li>{@code packed} is {@code uint8 [n][k / 32][32]}: element {@code i} of a block in byte {@code i};</li>
 *   <li>dequantized, a weight is the float32 product {@code (byte - 128) * s}.</li>
 * </ul>
 */
public final class Int8Blocks {

    public static final int BLOCK = 32;
    /** Bytes per block: one a weight. */
    public static final int BLOCK_BYTES = BLOCK;
    public static final int ZERO_POINT = 128;

    private Int8Blocks() {
    }

    /** {@code k} checked: a positive multiple of {@value #BLOCK}. Returns the blocks per column. */
    public static int blocks(int k) {
        if (k < 1 || k % BLOCK != 0) {
            throw new IllegalArgumentException("k=" + k + ": expected a positive multiple of " + BLOCK
                    + " (the INT8 block)");
        }
        return k / BLOCK;
    }

    /** Quantizes {@code w}, row-major {@code [k][n]}, into the same holder as INT4's weights. */
    public static Int4Blocks.Packed quantize(float[] w, int k, int n) {
        int nb = blocks(k);
        byte[] data = new byte[Math.multiplyExact(n, k)];
        float[] scales = new float[n * nb];
        for (int j = 0; j < n; j++) {
            for (int kb = 0; kb < nb; kb++) {
                float amax = 0;
                for (int i = 0; i < BLOCK; i++) {
                    amax = Math.max(amax, Math.abs(w[(kb * BLOCK + i) * n + j]));
                }
                float s = amax / 127;
                scales[j * nb + kb] = s;
                for (int i = 0; i < BLOCK; i++) {
                    int q = s == 0 ? 0 : (int) Math.max(-128, Math.min(127, Math.rint(w[(kb * BLOCK + i) * n + j] / s)));
                    data[(j * nb + kb) * BLOCK_BYTES + i] = (byte) (q + ZERO_POINT);
                }
            }
        }
        return new Int4Blocks.Packed(data, scales, k, n);
    }

    /** The dequantized weight at row {@code p}, column {@code j}. */
    public static float weight(byte[] data, float[] scales, int k, int p, int j) {
        return ((data[j * k + p] & 0xff) - ZERO_POINT) * scales[j * (k / BLOCK) + p / BLOCK];
    }

    /** Every weight dequantized, row-major {@code [k][n]} (the fp32 matrix the INT8 one stands for). */
    public static float[] dequantize(byte[] data, float[] scales, int k, int n) {
        blocks(k);
        float[] w = new float[Math.multiplyExact(k, n)];
        for (int p = 0; p < k; p++) {
            for (int j = 0; j < n; j++) {
                w[p * n + j] = weight(data, scales, k, p, j);
            }
        }
        return w;
    }

    public static float[] dequantize(Int4Blocks.Packed p) {
        return dequantize(p.data(), p.scales(), p.k(), p.n());
    }
}
