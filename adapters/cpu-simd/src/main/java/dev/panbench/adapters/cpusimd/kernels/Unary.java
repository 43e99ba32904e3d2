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
     * tanh from its own exp, in registers: {@code tanh|x| = (1 - E) / (1 + E)} with {@code E = exp(-2|x|)} taken as
     * {@code 1 - E = -expm1(-2|x|)}, which has no cancellation where tanh is small, and the sign bit of x put back
     * with an OR (the quotient is never negative, {@code +0} at zero, so a zero keeps its sign and a tiny x comes back
     * as itself, to the last bit down to the subnormals, where {@code 1 - E = 2|x|} exactly). The Vector API's
     * {@code TANH} is a call per vector into the JDK's vector math library, or scalar code where that has no tanh for
     * the CPU (on AVX2: 125 us for 64K floats, against 55 us for this kernel's first form); an exp through {@code EXP}
     * would be such a call too, and every value live across it spills. Here the exp is Cephes' {@code expf}:
     * {@code 2^n} from the exponent bits, {@code n} rounded by adding 1.5 * 2^23, a degree-5 polynomial for
     * {@code exp(r) - 1} on {@code |r| <= ln2/2}, and {@code 1 - E = (1 - 2^n) - 2^n (exp(r) - 1)}, with no
     * cancellation where {@code n} is 0 (small x) and none to fear elsewhere ({@code |1 - E| > 0.29}). |x| is clamped
     * to 10, past the point where tanh rounds to 1, so infinities give +-1 and a NaN stays NaN. Worst error found
     * over every 7th float in [-10, 10]: 2 ulp, within the workload's 4. One division a vector remains; rational
     * approximations without the exp (Eigen's) need one as well and were 5 ulp off with 0.99999976 at infinity.
     *
     * <p>The loop is bound by the vector operations it issues (the division, a unit of its own, took a tenth of the
     * time: a multiply in its place, wrong but timed, ran 10% faster), so it spends few: the reduction works on
     * {@code s = -r/2} and the polynomial on s with its coefficients scaled by powers of two, which rounds exactly as
     * the textbook form does and saves the multiply by -2; {@code 2^(n+1)} comes from the same integer add as
     * {@code 2^n} would; {@code 1 - E} is one multiply-add; the sign is an AND and an OR; there is no separate path for
     * tiny x. 22 operations a vector where the first form took 29. Two vectors a step, their chains interleaved: one
     * vector's chain is some 60 cycles deep, and the core's window of waiting operations covers more vectors when
     * the loop hands it two independent ones at a time (3 or 4 gained nothing more). On Zen 4, 64K floats, paired
     * against the first form: 28.0 us to 21.3 at 16 lanes, 39.2 to 26.2 at 8 lanes (numpy's AVX-512 tanh: 25 us).
     */
    private static void tanh(float[] in, float[] out, int lo, int end) {
        FloatVector clamp = FloatVector.broadcast(F, 10f);
        FloatVector minus2Log2e = FloatVector.broadcast(F, -2 * 1.44269504088896341f);
        FloatVector round = FloatVector.broadcast(F, 0x1.8p23f);
        // s = |x| + n ln2 / 2 (n <= 0) in two steps (Cody and Waite): ln2 / 2 as a short high part and a correction
        FloatVector ln2HiHalf = FloatVector.broadcast(F, 0.693359375f / 2);
        FloatVector ln2LoHalf = FloatVector.broadcast(F, -2.12194440e-4f / 2);
        // Cephes' expf polynomial (exp(r) - 1 - r) / r^2 in s = -r / 2: its coefficient of r^k times (-1)^(k+1) 2^(k+1)
        FloatVector q5 = FloatVector.broadcast(F, 1.9875691500e-4f * 64);
        FloatVector q4 = FloatVector.broadcast(F, -1.3981999507e-3f * 32);
        FloatVector q3 = FloatVector.broadcast(F, 8.3334519073e-3f * 16);
        FloatVector q2 = FloatVector.broadcast(F, -4.1665795894e-2f * 8);
        FloatVector q1 = FloatVector.broadcast(F, 1.6666665459e-1f * 4);
        FloatVector q0 = FloatVector.broadcast(F, -5.0000001201e-1f * 2);
        FloatVector one = FloatVector.broadcast(F, 1f);
        FloatVector minusHalf = FloatVector.broadcast(F, -0.5f);
        FloatVector two = FloatVector.broadcast(F, 2f);
        IntVector bias = IntVector.broadcast(Simd.I, 128 - Float.floatToRawIntBits(0x1.8p23f));
        IntVector signBit = IntVector.broadcast(Simd.I, Integer.MIN_VALUE);
        for (int i = lo; i < end; i += 2 * L) {
            // the second vector of the last step is the first again where the range holds an odd number of vectors
            int j = Math.min(i + L, end - L);
            FloatVector x0 = FloatVector.fromArray(F, in, i);
            FloatVector x1 = FloatVector.fromArray(F, in, j);
            FloatVector a0 = x0.abs();
            FloatVector a1 = x1.abs();
            FloatVector c0 = a0.blend(clamp, a0.compare(VectorOperators.GT, clamp));
            FloatVector c1 = a1.blend(clamp, a1.compare(VectorOperators.GT, clamp));
            FloatVector t0 = c0.fma(minus2Log2e, round);
            FloatVector t1 = c1.fma(minus2Log2e, round);
            FloatVector n0 = t0.sub(round);
            FloatVector n1 = t1.sub(round);
            FloatVector s0 = n0.fma(ln2LoHalf, n0.fma(ln2HiHalf, c0));
            FloatVector s1 = n1.fma(ln2LoHalf, n1.fma(ln2HiHalf, c1));
            FloatVector p0 = s0.fma(q5, q4).fma(s0, q3).fma(s0, q2).fma(s0, q1).fma(s0, q0);
            FloatVector p1 = s1.fma(q5, q4).fma(s1, q3).fma(s1, q2).fma(s1, q1).fma(s1, q0);
            // 1 - E = (1 - 2^n) + 2^(n+1) h, h = s + p s^2 = -(exp(r) - 1) / 2
            FloatVector h0 = p0.fma(s0.mul(s0), s0);
            FloatVector h1 = p1.fma(s1.mul(s1), s1);
            FloatVector e0 = ((IntVector) t0.reinterpretAsInts()).add(bias).lanewise(VectorOperators.LSHL, 23)
                    .reinterpretAsFloats();
            FloatVector e1 = ((IntVector) t1.reinterpretAsInts()).add(bias).lanewise(VectorOperators.LSHL, 23)
                    .reinterpretAsFloats();
            FloatVector num0 = e0.fma(h0, e0.fma(minusHalf, one));
            FloatVector num1 = e1.fma(h1, e1.fma(minusHalf, one));
            FloatVector m0 = num0.div(two.sub(num0));
            FloatVector m1 = num1.div(two.sub(num1));
            IntVector sign0 = ((IntVector) x0.reinterpretAsInts()).and(signBit);
            IntVector sign1 = ((IntVector) x1.reinterpretAsInts()).and(signBit);
            ((IntVector) m0.reinterpretAsInts()).or(sign0).reinterpretAsFloats().intoArray(out, i);
            ((IntVector) m1.reinterpretAsInts()).or(sign1).reinterpretAsFloats().intoArray(out, j);
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
