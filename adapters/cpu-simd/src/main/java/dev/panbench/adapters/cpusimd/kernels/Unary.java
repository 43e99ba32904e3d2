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

    /**
     * One small method per function: the Vector API only runs at speed when every call of a loop inlines, and one
     * large method holding all six loops can exceed the JIT's inlining budget, and an operator passed as an
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

    private static void tanh(float[] in, float[] out, int lo, int end) {
        for (int i = lo; i < end; i += L) {
            FloatVector.fromArray(F, in, i).lanewise(VectorOperators.TANH).intoArray(out, i);
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
}
