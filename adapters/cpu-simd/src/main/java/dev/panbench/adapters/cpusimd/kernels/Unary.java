package dev.panbench.adapters.cpusimd.kernels;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorOperators;

import static dev.panbench.adapters.cpusimd.kernels.Simd.F;
import static dev.panbench.adapters.cpusimd.kernels.Simd.L;

/**
 * Element-wise activation and math functions, {@code out = f(in)}. The SIMD twins use the Vector API's lanewise
 * operators ({@code EXP}, {@code LOG}, {@code TANH} are backed by the JDK's vector math library where the CPU has
 * one), the scalar twins {@link Math}.
 */
public final class Unary {

    public enum Op {
        RELU, SIGMOID, TANH, EXP, LOG, SQRT;

        /** The float64 reference of one element; NaN in, NaN out, and the IEEE limits at the infinities. */
        public double reference(double x) {
            return switch (this) {
                case RELU -> Double.isNaN(x) ? x : Math.max(x, 0.0);
                case SIGMOID -> 1.0 / (1.0 + Math.exp(-x));
                case TANH -> Math.tanh(x);
                case EXP -> Math.exp(x);
                case LOG -> Math.log(x);
                case SQRT -> Math.sqrt(x);
            };
        }

        /** Largest error allowed, in units in the last place of the float result. */
        public int ulpTolerance() {
            return switch (this) {
                case RELU, SQRT -> 0;
                case EXP, LOG, TANH -> 4;
                case SIGMOID -> 8;
            };
        }
    }

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
        }
    }

    public static void simd(Op op, float[] in, float[] out, int lo, int hi) {
        int i = lo;
        int end = lo + F.loopBound(hi - lo);
        switch (op) {
            case RELU -> {
                for (; i < end; i += L) {
                    FloatVector.fromArray(F, in, i).max(0f).intoArray(out, i);
                }
            }
            case SIGMOID -> {
                for (; i < end; i += L) {
                    FloatVector e = FloatVector.fromArray(F, in, i).neg().lanewise(VectorOperators.EXP);
                    FloatVector.broadcast(F, 1f).div(e.add(1f)).intoArray(out, i);
                }
            }
            case TANH -> {
                for (; i < end; i += L) {
                    FloatVector.fromArray(F, in, i).lanewise(VectorOperators.TANH).intoArray(out, i);
                }
            }
            case EXP -> {
                for (; i < end; i += L) {
                    FloatVector.fromArray(F, in, i).lanewise(VectorOperators.EXP).intoArray(out, i);
                }
            }
            case LOG -> {
                for (; i < end; i += L) {
                    FloatVector.fromArray(F, in, i).lanewise(VectorOperators.LOG).intoArray(out, i);
                }
            }
            case SQRT -> {
                for (; i < end; i += L) {
                    FloatVector.fromArray(F, in, i).sqrt().intoArray(out, i);
                }
            }
        }
        scalar(op, in, out, i, hi);
    }
}
