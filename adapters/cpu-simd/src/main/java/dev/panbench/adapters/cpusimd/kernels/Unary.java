package dev.panbench.adapters.cpusimd.kernels;

import dev.panbench.harness.catalog.ModelMath;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorOperators;

import static dev.panbench.adapters.cpusimd.kernels.Simd.F;
import static dev.panbench.adapters.cpusimd.kernels.Simd.L;

/**
 * Element-wise activation and math functions, {@code out = f(in)}. The SIMD twins use the Vector API's lanewise
 * operators ({@code EXP}, {@code LOG} are backed by the JDK's vector math library where the CPU has one) except
 * tanh, computed in registers (see {@link #tanh}); GELU's tanh form takes the Vector API's {@code TANH}, as the GPT-2
 * layer's does; the scalar twins {@link Math}.
 */
public final class Unary {

    public enum Op {
        RELU, SIGMOID, TANH, EXP, LOG, SQRT, GELU;

        /** The float64 reference of one element; NaN in, NaN out, and the IEEE limits at the infinities. */
        public double reference(double x) {
            return switch (this) {
                case RELU -> Double.isNaN(x) ? x : Math.max(x, 0.0);
                case SIGMOID -> 1.0 / (1.0 + Math.exp(-x));
                case TANH -> Math.tanh(x);
                case EXP -> Math.exp(x);
                case LOG -> Math.log(x);
                case SQRT -> Math.sqrt(x);
                case GELU -> ModelMath.geluTanh(x);
            };
        }

        /** Largest error allowed, in units in the last place of the float result. */
        public int ulpTolerance() {
            return switch (this) {
                case RELU, SQRT -> 0;
                case EXP, LOG, TANH, GELU -> 4;
                case SIGMOID -> 8;
            };
        }
    }

    /** GELU's tanh form: {@code sqrt(2/pi)}. */
    private static final float GELU_C = (float) Math.sqrt(2 / Math.PI);

    private Unary() {
    }

    public static void scalar(Op op, float[] in, float[] out, int lo, int hi) {
        switch (op) {
            case RELU -> {
                for (int i = lo; i < hi; i++) {
                    out[i] = Math.max(in[i], 0f);
                }
            }
            case SIGMOID -> {
                for (int i = lo; i < hi; i++) {
                    out[i] = 1f / (1f + (float) Math.exp(-in[i]));
                }
            }
            case TANH -> {
                for (int i = lo; i < hi; i++) {
                    out[i] = (float) Math.tanh(in[i]);
                }
            }
            case EXP -> {
                for (int i = lo; i < hi; i++) {
                    out[i] = (float) Math.exp(in[i]);
                }
            }
            case LOG -> {
                for (int i = lo; i < hi; i++) {
                    out[i] = (float) Math.log(in[i]);
                }
            }
            case SQRT -> {
                for (int i = lo; i < hi; i++) {
                    out[i] = (float) Math.sqrt(in[i]);
                }
            }
            case GELU -> {
                for (int i = lo; i < hi; i++) {
                    float x = in[i];
                    out[i] = 0.5f * x * (1 + (float) Math.tanh(GELU_C * (x + 0.044715f * x * x * x)));
                }
            }
        }
    }

    /**
     * One small method per function: the Vector API only runs at speed when every call of a loop inlines, and one
     * large method holding all seven loops can exceed the JIT's inlining budget, and an operator passed as an
     * argument is not a constant to the JIT (either way the vectors are boxed and the loop runs 20x slower).
     */
    public static void simd(Op op, float[] in, float[] out, int lo, int hi) {
        int end = lo + F.loopBound(hi - lo);
        switch (op) {
            case RELU -> relu(in, out, lo, end);
            case SIGMOID -> sigmoid(in, out, lo, end);
            case TANH -> tanh(in, out, lo, end);
            case EXP -> exp(in, out, lo, end);
            case LOG -> log(in, out, lo, end);
            case SQRT -> sqrt(in, out, lo, end);
            case GELU -> gelu(in, out, lo, end);
        }
        scalar(op, in, out, end, hi);
    }

    private static void relu(float[] in, float[] out, int lo, int end) {
        for (int i = lo; i < end; i += L) {
            FloatVector.fromArray(F, in, i).max(0f).intoArray(out, i);
        }
    }

    private static void sigmoid(float[] in, float[] out, int lo, int end) {
        FloatVector one = FloatVector.broadcast(F, 1f);
        for (int i = lo; i < end; i += L) {
            FloatVector e = FloatVector.fromArray(F, in, i).neg().lanewise(VectorOperators.EXP);
            one.div(e.add(one)).intoArray(out, i);
        }
    }

    /**
     * tanh from its own exp, in registers: {@code tanh|x| = -u / (2 + u)} with {@code u = expm1(-2|x|)}, the sign of
     * x put back, and x itself below 2^-12 (where tanh rounds to x, and which keeps the sign of a zero). The Vector
     * API's {@code TANH} is a call per vector into the JDK's vector math library, or scalar code where that has no
     * tanh for the CPU (on AVX2: 125 us for 64K floats, against 55 us here); an exp through {@code EXP} would be
     * such a call too, and every value live across it spills. Here the exp is Cephes' {@code expf}: {@code 2^n}
     * from the exponent bits, {@code n} rounded by adding 1.5 * 2^23, a degree-5 polynomial for {@code exp(r) - 1}
     * on {@code |r| <= ln2/2}, and {@code expm1 = 2^n (exp(r) - 1) + (2^n - 1)}, which has no cancellation where
     * {@code n} is 0 (small x) and none to fear elsewhere ({@code |expm1| > 0.29}). |x| is clamped to 10, past the
     * point where tanh rounds to 1, so infinities give +-1 and a NaN stays NaN. Worst error found over every 7th
     * float in [-10, 10]: 2 ulp, within the workload's 4. One division a vector remains; rational approximations
     * without the exp (Eigen's) need one as well and were 5 ulp off with 0.99999976 at infinity.
     */
    private static void tanh(float[] in, float[] out, int lo, int end) {
        FloatVector clamp = FloatVector.broadcast(F, 10f);
        FloatVector minus2 = FloatVector.broadcast(F, -2f);
        FloatVector log2e = FloatVector.broadcast(F, 1.44269504088896341f);
        FloatVector round = FloatVector.broadcast(F, 0x1.8p23f);
        FloatVector ln2Hi = FloatVector.broadcast(F, -0.693359375f);
        FloatVector ln2Lo = FloatVector.broadcast(F, 2.12194440e-4f);
        FloatVector p0 = FloatVector.broadcast(F, 1.9875691500e-4f);
        FloatVector p1 = FloatVector.broadcast(F, 1.3981999507e-3f);
        FloatVector p2 = FloatVector.broadcast(F, 8.3334519073e-3f);
        FloatVector p3 = FloatVector.broadcast(F, 4.1665795894e-2f);
        FloatVector p4 = FloatVector.broadcast(F, 1.6666665459e-1f);
        FloatVector p5 = FloatVector.broadcast(F, 5.0000001201e-1f);
        FloatVector one = FloatVector.broadcast(F, 1f);
        FloatVector two = FloatVector.broadcast(F, 2f);
        FloatVector tiny = FloatVector.broadcast(F, 0x1p-12f);
        FloatVector zero = FloatVector.zero(F);
        IntVector bias = IntVector.broadcast(Simd.I, 127 - Float.floatToRawIntBits(0x1.8p23f));
        for (int i = lo; i < end; i += L) {
            FloatVector x = FloatVector.fromArray(F, in, i);
            FloatVector ax = x.abs();
            FloatVector y = ax.blend(clamp, ax.compare(VectorOperators.GT, clamp)).mul(minus2);
            FloatVector t = y.fma(log2e, round);
            FloatVector n = t.sub(round);
            FloatVector r = n.fma(ln2Lo, n.fma(ln2Hi, y));
            FloatVector q = r.fma(p0, p1).fma(r, p2).fma(r, p3).fma(r, p4).fma(r, p5);
            FloatVector em = q.mul(r.mul(r)).add(r);
            FloatVector scale = ((IntVector) t.reinterpretAsInts()).add(bias).lanewise(VectorOperators.LSHL, 23)
                    .reinterpretAsFloats();
            FloatVector u = scale.fma(em, scale.sub(one));
            FloatVector m = u.neg().div(u.add(two));
            m = m.blend(m.neg(), x.compare(VectorOperators.LT, zero));
            m.blend(x, ax.compare(VectorOperators.LT, tiny)).intoArray(out, i);
        }
    }

    private static void exp(float[] in, float[] out, int lo, int end) {
        for (int i = lo; i < end; i += L) {
            FloatVector.fromArray(F, in, i).lanewise(VectorOperators.EXP).intoArray(out, i);
        }
    }

    private static void log(float[] in, float[] out, int lo, int end) {
        for (int i = lo; i < end; i += L) {
            FloatVector.fromArray(F, in, i).lanewise(VectorOperators.LOG).intoArray(out, i);
        }
    }

    private static void sqrt(float[] in, float[] out, int lo, int end) {
        for (int i = lo; i < end; i += L) {
            FloatVector.fromArray(F, in, i).lanewise(VectorOperators.SQRT).intoArray(out, i);
        }
    }

    /** GELU's tanh form, as GPT-2 computes it: the cubic in two FMAs, tanh through the Vector API's {@code TANH}. */
    private static void gelu(float[] in, float[] out, int lo, int end) {
        FloatVector c = FloatVector.broadcast(F, GELU_C);
        FloatVector k = FloatVector.broadcast(F, 0.044715f * GELU_C);
        for (int i = lo; i < end; i += L) {
            FloatVector x = FloatVector.fromArray(F, in, i);
            // half of x first, as the scalar twin does: (1 + tanh) x overflows at the largest floats
            FloatVector half = x.mul(0.5f);
            x.mul(x).fma(k, c).mul(x).lanewise(VectorOperators.TANH).add(1f).mul(half).intoArray(out, i);
        }
    }
}
