package dev.panbench.adapters.cpusimd.kernels;

import jdk.incubator.vector.FloatVector;

import static dev.panbench.adapters.cpusimd.kernels.Simd.F;
import static dev.panbench.adapters.cpusimd.kernels.Simd.L;

/** Element-wise {@code c = a op b} over {@code [lo, hi)}, plain loops and Vector API, and axpy {@code y += alpha x}. */
public final class Binary {

    public enum Op {
        ADD, SUB, MUL, DIV;

        /** The float64 reference of one element. */
        public double reference(double a, double b) {
            return switch (this) {
                case ADD -> a + b;
                case SUB -> a - b;
                case MUL -> a * b;
                case DIV -> a / b;
            };
        }
    }

    private Binary() {
    }

    public static void scalar(Op op, float[] a, float[] b, float[] c, int lo, int hi) {
        switch (op) {
            case ADD -> {
                for (int i = lo; i < hi; i++) {
                    c[i] = a[i] + b[i];
                }
            }
            case SUB -> {
                for (int i = lo; i < hi; i++) {
                    c[i] = a[i] - b[i];
                }
            }
            case MUL -> {
                for (int i = lo; i < hi; i++) {
                    c[i] = a[i] * b[i];
                }
            }
            case DIV -> {
                for (int i = lo; i < hi; i++) {
                    c[i] = a[i] / b[i];
                }
            }
        }
    }

    public static void simd(Op op, float[] a, float[] b, float[] c, int lo, int hi) {
        int i = lo;
        int end = lo + F.loopBound(hi - lo);
        switch (op) {
            case ADD -> {
                for (; i < end; i += L) {
                    FloatVector.fromArray(F, a, i).add(FloatVector.fromArray(F, b, i)).intoArray(c, i);
                }
            }
            case SUB -> {
                for (; i < end; i += L) {
                    FloatVector.fromArray(F, a, i).sub(FloatVector.fromArray(F, b, i)).intoArray(c, i);
                }
            }
            case MUL -> {
                for (; i < end; i += L) {
                    FloatVector.fromArray(F, a, i).mul(FloatVector.fromArray(F, b, i)).intoArray(c, i);
                }
            }
            case DIV -> {
                for (; i < end; i += L) {
                    FloatVector.fromArray(F, a, i).div(FloatVector.fromArray(F, b, i)).intoArray(c, i);
                }
            }
        }
        scalar(op, a, b, c, i, hi);
    }

    public static void axpyScalar(float alpha, float[] x, float[] y, int lo, int hi) {
        for (int i = lo; i < hi; i++) {
            y[i] += alpha * x[i];
        }
    }

    /** {@code y += alpha x} with one rounding per element (a fused multiply-add), as BLAS implementations do. */
    public static void axpySimd(float alpha, float[] x, float[] y, int lo, int hi) {
        int i = lo;
        int end = lo + F.loopBound(hi - lo);
        FloatVector va = FloatVector.broadcast(F, alpha);
        for (; i < end; i += L) {
            FloatVector.fromArray(F, x, i).fma(va, FloatVector.fromArray(F, y, i)).intoArray(y, i);
        }
        for (; i < hi; i++) {
            y[i] = Math.fma(alpha, x[i], y[i]);
        }
    }
}
