package dev.panbench.harness.catalog;

/**
 * Weight-only INT4 with symmetric per-block scales, in the layout ONNX Runtime's {@code com.microsoft.MatMulNBits}
 * takes ({@code bits=4}, {@code block_size=32}, no {@code zero_points} input), so every backend reads the same
 * bytes. For a float weight matrix {@code W} of {@code k} rows and {@code n} columns ({@code C = A W}):
 * <ul>
 *   <li>column {@code j} is cut into {@code k / 32} blocks of 32 consecutive rows; block {@code (j, kb)} has the
 *       scale {@code s = max |w| / 7} (0 when the block is all zeros) at {@code scales[j * (k / 32) + kb]};</li>
 *   <li>each weight is {@code q = clamp(rint(w / s), -8, 7)}, stored as the unsigned nibble {@code q + 8} (the
 *       default zero point 8);</li>
 *   <li>{@code packed} is {@code uint8 [n][k / 32][16]}: element {@code i} of a block in byte {@code i / 2}, the
 *       even element in the low nibble;</li>
 *   <li>dequantized, a weight is the float32 product {@code (nibble - 8) * s}.</li>
 * </ul>
 */
public final class Int4Blocks {

    public static final int BLOCK = 32;
    /** Bytes per block: 32 nibbles. */
    public static final int BLOCK_BYTES = BLOCK / 2;
    public static final int ZERO_POINT = 8;

    /** Packed weights and their scales. */
    public record Packed(byte[] data, float[] scales, int k, int n) {
    }

    private Int4Blocks() {
    }

    /** {@code k} checked: a positive multiple of {@value #BLOCK}. Returns the blocks per column. */
    public static int blocks(int k) {
        if (k < 1 || k % BLOCK != 0) {
            throw new IllegalArgumentException("k=" + k + ": expected a positive multiple of " + BLOCK
                    + " (the INT4 block)");
        }
        return k / BLOCK;
    }

    /** Quantizes {@code w}, row-major {@code [k][n]}. */
    public static Packed quantize(float[] w, int k, int n) {
        int nb = blocks(k);
        byte[] data = new byte[Math.multiplyExact(n, k / 2)];
        float[] scales = new float[n * nb];
        for (int j = 0; j < n; j++) {
            for (int kb = 0; kb < nb; kb++) {
                float amax = 0;
                for (int i = 0; i < BLOCK; i++) {
                    amax = Math.max(amax, Math.abs(w[(kb * BLOCK + i) * n + j]));
                }
                float s = amax / 7;
                scales[j * nb + kb] = s;
                for (int i = 0; i < BLOCK; i++) {
                    int q = s == 0 ? 0 : (int) Math.max(-8, Math.min(7, Math.rint(w[(kb * BLOCK + i) * n + j] / s)));
                    int at = (j * nb + kb) * BLOCK_BYTES + i / 2;
                    data[at] |= (byte) ((q + ZERO_POINT) << (i % 2 == 0 ? 0 : 4));
                }
            }
        }
        return new Packed(data, scales, k, n);
    }

    /** The dequantized weight at row {@code p}, column {@code j}. */
    public static float weight(byte[] data, float[] scales, int k, int p, int j) {
        int nb = k / BLOCK;
        int b = data[(j * nb + p / BLOCK) * BLOCK_BYTES + (p % BLOCK) / 2] & 0xff;
        int nibble = p % 2 == 0 ? b & 0xf : b >>> 4;
        return (nibble - ZERO_POINT) * scales[j * nb + p / BLOCK];
    }

    /** Every weight dequantized, row-major {@code [k][n]} (the fp32 matrix the INT4 one stands for). */
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

    public static float[] dequantize(Packed p) {
        return dequantize(p.data(), p.scales(), p.k(), p.n());
    }
}
