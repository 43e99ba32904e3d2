package dev.panbench.harness.catalog;

/**
 * bfloat16 weights: the top 16 bits of a float32, rounded to nearest, ties to even, from the seeded float32 value
 * (the weights a checkpoint converted with {@code torch.Tensor.bfloat16()} holds). Stored as the 16-bit patterns,
 * two little-endian bytes a value in an operand; widened, a pattern {@code h} is the float32 {@code h << 16}, exact.
 * The seeded weights are finite, so NaN needs no rule here.
 */
public final class Bf16 {

    private Bf16() {
    }

    /** {@code x} rounded to bfloat16, to nearest even. */
    public static short round(float x) {
        int bits = Float.floatToRawIntBits(x);
        return (short) ((bits + 0x7fff + ((bits >>> 16) & 1)) >>> 16);
    }

    /** The float32 value of the pattern {@code h}. */
    public static float widen(short h) {
        return Float.intBitsToFloat((h & 0xffff) << 16);
    }

    /** Every value rounded. */
    public static short[] round(float[] w) {
        short[] h = new short[w.length];
        for (int i = 0; i < w.length; i++) {
            h[i] = round(w[i]);
        }
        return h;
    }

    /** Every pattern widened. */
    public static float[] widen(short[] h) {
        float[] w = new float[h.length];
        for (int i = 0; i < h.length; i++) {
            w[i] = widen(h[i]);
        }
        return w;
    }

    /** The patterns as little-endian bytes, as an operand (and an ONNX {@code BFLOAT16} tensor) holds them. */
    public static byte[] bytes(short[] h) {
        byte[] b = new byte[Math.multiplyExact(2, h.length)];
        for (int i = 0; i < h.length; i++) {
            b[2 * i] = (byte) h[i];
            b[2 * i + 1] = (byte) (h[i] >>> 8);
        }
        return b;
    }

    /** The patterns of an operand's little-endian bytes. */
    public static short[] patterns(byte[] b) {
        short[] h = new short[b.length / 2];
        for (int i = 0; i < h.length; i++) {
            h[i] = (short) ((b[2 * i] & 0xff) | (b[2 * i + 1] << 8));
        }
        return h;
    }
}
