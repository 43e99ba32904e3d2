package dev.panbench.adapters.cpusimd.kernels;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.ShortVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;

import static dev.panbench.adapters.cpusimd.kernels.Simd.F;
import static dev.panbench.adapters.cpusimd.kernels.Simd.L;
import static dev.panbench.adapters.cpusimd.kernels.Simd.S;

/**
 * float32 to and from IEEE binary16 (FP16) and bfloat16 (BF16), round to nearest even, infinities kept, NaN kept as
 * a quiet NaN. The scalar FP16 twin is the JDK's {@link Float#floatToFloat16}; the SIMD twins do the bit arithmetic
 * on integer lanes (the Vector API has no half-float conversion operator).
 */
public final class HalfFloat {

    private static final int F16_MAX_BITS = (127 + 16) << 23;      // 65536.0f: at or above, FP16 overflows
    private static final int F16_NORMAL_MIN_BITS = 113 << 23;      // 2^-14: below, FP16 is subnormal or zero
    private static final int DENORM_MAGIC = ((127 - 15) + (23 - 10) + 1) << 23;
    private static final int REBIAS = ((15 - 127) << 23) + 0xfff;

    private HalfFloat() {
    }

    public static void toF16Scalar(float[] in, short[] out) {
        for (int i = 0; i < in.length; i++) {
            out[i] = Float.floatToFloat16(in[i]);
        }
    }

    public static void fromF16Scalar(short[] in, float[] out) {
        for (int i = 0; i < in.length; i++) {
            out[i] = Float.float16ToFloat(in[i]);
        }
    }

    public static void toF16Simd(float[] in, short[] out) {
        int n = in.length;
        int i = 0;
        IntVector denormMagic = IntVector.broadcast(Simd.I, DENORM_MAGIC);
        FloatVector denormMagicF = denormMagic.reinterpretAsFloats();
        for (int end = F.loopBound(n); i < end; i += L) {
            IntVector bits = FloatVector.fromArray(F, in, i).reinterpretAsInts();
            IntVector sign = bits.and(0x80000000);
            IntVector abs = bits.and(0x7fffffff);
            VectorMask<Integer> big = abs.compare(VectorOperators.GE, F16_MAX_BITS);
            VectorMask<Integer> nan = abs.compare(VectorOperators.GT, 0x7f800000);
            VectorMask<Integer> small = abs.compare(VectorOperators.LT, F16_NORMAL_MIN_BITS);
            IntVector overflow = IntVector.broadcast(Simd.I, 0x7c00).blend(0x7e00, nan);
            IntVector sub = abs.reinterpretAsFloats().add(denormMagicF).reinterpretAsInts().sub(denormMagic);
            IntVector odd = abs.lanewise(VectorOperators.LSHR, 13).and(1);
            IntVector normal = abs.add(REBIAS).add(odd).lanewise(VectorOperators.LSHR, 13);
            IntVector h = normal.blend(sub, small).blend(overflow, big).or(sign.lanewise(VectorOperators.LSHR, 16));
            ((ShortVector) h.convertShape(VectorOperators.I2S, S, 0)).intoArray(out, i);
        }
        for (; i < n; i++) {
            out[i] = Float.floatToFloat16(in[i]);
        }
    }

    public static void fromF16Simd(short[] in, float[] out) {
        int n = in.length;
        int i = 0;
        FloatVector magic = IntVector.broadcast(Simd.I, F16_NORMAL_MIN_BITS).reinterpretAsFloats();
        int shiftedExp = 0x7c00 << 13;
        for (int end = S.loopBound(n); i < end; i += L) {
            IntVector h = (IntVector) ShortVector.fromArray(S, in, i).convertShape(VectorOperators.S2I, Simd.I, 0);
            IntVector o = h.and(0x7fff).lanewise(VectorOperators.LSHL, 13);
            IntVector exp = o.and(shiftedExp);
            o = o.add((127 - 15) << 23);
            VectorMask<Integer> infNan = exp.compare(VectorOperators.EQ, shiftedExp);
            VectorMask<Integer> zeroSub = exp.compare(VectorOperators.EQ, 0);
            IntVector sub = o.add(1 << 23).reinterpretAsFloats().sub(magic).reinterpretAsInts();
            o = o.blend(o.add((128 - 16) << 23), infNan).blend(sub, zeroSub);
            o = o.or(h.and(0x8000).lanewise(VectorOperators.LSHL, 16));
            o.reinterpretAsFloats().intoArray(out, i);
        }
        for (; i < n; i++) {
            out[i] = Float.float16ToFloat(in[i]);
        }
    }

    /** One element to BF16: round to nearest even on the top 16 bits; NaN becomes a quiet NaN of the same sign. */
    public static short toBf16(float x) {
        int bits = Float.floatToRawIntBits(x);
        if (Float.isNaN(x)) {
            return (short) ((bits >>> 16) | 0x40);
        }
        return (short) ((bits + 0x7fff + ((bits >>> 16) & 1)) >>> 16);
    }

    public static float fromBf16(short h) {
        return Float.intBitsToFloat((h & 0xffff) << 16);
    }

    public static void toBf16Scalar(float[] in, short[] out) {
        for (int i = 0; i < in.length; i++) {
            out[i] = toBf16(in[i]);
        }
    }

    public static void fromBf16Scalar(short[] in, float[] out) {
        for (int i = 0; i < in.length; i++) {
            out[i] = fromBf16(in[i]);
        }
    }

    public static void toBf16Simd(float[] in, short[] out) {
        int n = in.length;
        int i = 0;
        for (int end = F.loopBound(n); i < end; i += L) {
            FloatVector v = FloatVector.fromArray(F, in, i);
            IntVector bits = v.reinterpretAsInts();
            IntVector hi = bits.lanewise(VectorOperators.LSHR, 16);
            IntVector rounded = bits.add(0x7fff).add(hi.and(1)).lanewise(VectorOperators.LSHR, 16);
            IntVector h = rounded.blend(hi.or(0x40), v.test(VectorOperators.IS_NAN).cast(Simd.I));
            ((ShortVector) h.convertShape(VectorOperators.I2S, S, 0)).intoArray(out, i);
        }
        for (; i < n; i++) {
            out[i] = toBf16(in[i]);
        }
    }

    public static void fromBf16Simd(short[] in, float[] out) {
        int n = in.length;
        int i = 0;
        for (int end = S.loopBound(n); i < end; i += L) {
            IntVector h = (IntVector) ShortVector.fromArray(S, in, i).convertShape(VectorOperators.S2I, Simd.I, 0);
            h.lanewise(VectorOperators.LSHL, 16).reinterpretAsFloats().intoArray(out, i);
        }
        for (; i < n; i++) {
            out[i] = fromBf16(in[i]);
        }
    }

    /**
     * The BF16 reference, independent of the bit trick: the float rounded to 8 significant bits in float64 with
     * {@link Math#rint} (ties to even), overflow to infinity; NaN compares as NaN.
     */
    public static short referenceBf16(float x) {
        if (Float.isNaN(x) || Float.isInfinite(x) || x == 0f) {
            return (short) (Float.floatToRawIntBits(x) >>> 16 | (Float.isNaN(x) ? 0x40 : 0));
        }
        int e = Math.max(Math.getExponent(x), Float.MIN_EXPONENT);
        double step = Math.scalb(1.0, e - 7);
        double r = Math.rint(x / step) * step;
        float f = (float) r;
        if (f == 0f) {
            f = Math.copySign(0f, x);
        }
        return (short) (Float.floatToRawIntBits(f) >>> 16);
    }
}
