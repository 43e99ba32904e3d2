package dev.panbench.adapters.cpusimd.kernels;

import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorOperators;

import static dev.panbench.adapters.cpusimd.kernels.Simd.B;
import static dev.panbench.adapters.cpusimd.kernels.Simd.F;
import static dev.panbench.adapters.cpusimd.kernels.Simd.I;
import static dev.panbench.adapters.cpusimd.kernels.Simd.L;

/**
 * Affine INT8 quantisation with one scale and zero point per tensor:
 * {@code q = clamp(rint(x * (1/scale)) + zp, -128, 127)} (ties to even; NaN quantises to 0, the infinities to the
 * ends of the range), {@code x' = (q - zp) * scale}, and the exact int8 dot product in 32-bit integers.
 */
public final class Quant {

    /** 1.5 * 2^23: adding and subtracting it rounds a float of magnitude below 2^22 to an integer, ties to even. */
    private static final float ROUND_MAGIC = 12582912f;

    private Quant() {
    }

    public static void quantizeScalar(float[] x, byte[] q, float invScale, int zp) {
        for (int i = 0; i < x.length; i++) {
            q[i] = quantize(x[i], invScale, zp);
        }
    }

    /** One element: the definition every implementation must equal bit for bit. */
    public static byte quantize(float x, float invScale, int zp) {
        float v = (float) Math.rint(x * invScale) + zp;
        return (byte) (int) Math.max(-128f, Math.min(127f, v));
    }

    public static void quantizeSimd(float[] x, byte[] q, float invScale, int zp) {
        int n = x.length;
        int i = 0;
        FloatVector inv = FloatVector.broadcast(F, invScale);
        for (int end = F.loopBound(n); i < end; i += L) {
            FloatVector v = FloatVector.fromArray(F, x, i).mul(inv).max(-256f).min(256f);
            v = v.add(ROUND_MAGIC).sub(ROUND_MAGIC).add((float) zp).max(-128f).min(127f);
            ((ByteVector) v.convertShape(VectorOperators.F2B, B, 0)).intoArray(q, i);
        }
        for (; i < n; i++) {
            q[i] = quantize(x[i], invScale, zp);
        }
    }

    public static void dequantizeScalar(byte[] q, float[] x, float scale, int zp) {
        for (int i = 0; i < q.length; i++) {
            x[i] = (q[i] - zp) * scale;
        }
    }

    public static void dequantizeSimd(byte[] q, float[] x, float scale, int zp) {
        int n = q.length;
        int i = 0;
        for (int end = B.loopBound(n); i < end; i += L) {
            FloatVector v = (FloatVector) ByteVector.fromArray(B, q, i).convertShape(VectorOperators.B2F, F, 0);
            v.sub((float) zp).mul(scale).intoArray(x, i);
        }
        for (; i < n; i++) {
            x[i] = (q[i] - zp) * scale;
        }
    }

    public static int dotScalar(byte[] a, byte[] b) {
        int s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }

    public static int dotSimd(byte[] a, byte[] b) {
        int n = a.length;
        IntVector s0 = IntVector.zero(I);
        IntVector s1 = s0;
        int i = 0;
        for (int end = n - 2 * L; i <= end; i += 2 * L) {
            IntVector a0 = (IntVector) ByteVector.fromArray(B, a, i).convertShape(VectorOperators.B2I, I, 0);
            IntVector b0 = (IntVector) ByteVector.fromArray(B, b, i).convertShape(VectorOperators.B2I, I, 0);
            IntVector a1 = (IntVector) ByteVector.fromArray(B, a, i + L).convertShape(VectorOperators.B2I, I, 0);
            IntVector b1 = (IntVector) ByteVector.fromArray(B, b, i + L).convertShape(VectorOperators.B2I, I, 0);
            s0 = s0.add(a0.mul(b0));
            s1 = s1.add(a1.mul(b1));
        }
        int s = s0.add(s1).reduceLanes(VectorOperators.ADD);
        for (; i < n; i++) {
            s += a[i] * b[i];
        }
        return s;
    }
}
