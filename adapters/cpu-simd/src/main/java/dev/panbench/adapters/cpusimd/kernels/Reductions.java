package dev.panbench.adapters.cpusimd.kernels;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorOperators;

import static dev.panbench.adapters.cpusimd.kernels.Simd.F;
import static dev.panbench.adapters.cpusimd.kernels.Simd.L;

/**
 * Sum, max, mean and dot over {@code [lo, hi)}. The scalar twins keep one float accumulator in order (what a plain
 * loop means in Java: the JIT may not reorder float additions); the SIMD twins keep four vector accumulators so
 * consecutive adds are independent.
 */
public final class Reductions {

    private Reductions() {
    }

    public static float sumScalar(float[] a, int lo, int hi) {
        float s = 0f;
        for (int i = lo; i < hi; i++) {
            s += a[i];
        }
        return s;
    }

    public static float sumSimd(float[] a, int lo, int hi) {
        FloatVector s0 = FloatVector.zero(F), s1 = s0, s2 = s0, s3 = s0;
        int i = lo;
        for (int end = hi - 4 * L; i <= end; i += 4 * L) {
            s0 = s0.add(FloatVector.fromArray(F, a, i));
            s1 = s1.add(FloatVector.fromArray(F, a, i + L));
            s2 = s2.add(FloatVector.fromArray(F, a, i + 2 * L));
            s3 = s3.add(FloatVector.fromArray(F, a, i + 3 * L));
        }
        for (int end = hi - L; i <= end; i += L) {
            s0 = s0.add(FloatVector.fromArray(F, a, i));
        }
        float s = s0.add(s1).add(s2.add(s3)).reduceLanes(VectorOperators.ADD);
        for (; i < hi; i++) {
            s += a[i];
        }
        return s;
    }

    /** Max with {@link Math#max} semantics: any NaN makes the result NaN; an empty range gives -infinity. */
    public static float maxScalar(float[] a, int lo, int hi) {
        float m = Float.NEGATIVE_INFINITY;
        for (int i = lo; i < hi; i++) {
            m = Math.max(m, a[i]);
        }
        return m;
    }

    public static float maxSimd(float[] a, int lo, int hi) {
        FloatVector m0 = FloatVector.broadcast(F, Float.NEGATIVE_INFINITY), m1 = m0, m2 = m0, m3 = m0;
        int i = lo;
        for (int end = hi - 4 * L; i <= end; i += 4 * L) {
            m0 = m0.max(FloatVector.fromArray(F, a, i));
            m1 = m1.max(FloatVector.fromArray(F, a, i + L));
            m2 = m2.max(FloatVector.fromArray(F, a, i + 2 * L));
            m3 = m3.max(FloatVector.fromArray(F, a, i + 3 * L));
        }
        for (int end = hi - L; i <= end; i += L) {
            m0 = m0.max(FloatVector.fromArray(F, a, i));
        }
        float m = m0.max(m1).max(m2.max(m3)).reduceLanes(VectorOperators.MAX);
        for (; i < hi; i++) {
            m = Math.max(m, a[i]);
        }
        return m;
    }

    public static float meanScalar(float[] a) {
        return sumScalar(a, 0, a.length) / a.length;
    }

    public static float meanSimd(float[] a) {
        return sumSimd(a, 0, a.length) / a.length;
    }

    public static float dotScalar(float[] a, float[] b, int lo, int hi) {
        float s = 0f;
        for (int i = lo; i < hi; i++) {
            s += a[i] * b[i];
        }
        return s;
    }

    public static float dotSimd(float[] a, float[] b, int lo, int hi) {
        FloatVector s0 = FloatVector.zero(F), s1 = s0, s2 = s0, s3 = s0;
        int i = lo;
        for (int end = hi - 4 * L; i <= end; i += 4 * L) {
            s0 = FloatVector.fromArray(F, a, i).fma(FloatVector.fromArray(F, b, i), s0);
            s1 = FloatVector.fromArray(F, a, i + L).fma(FloatVector.fromArray(F, b, i + L), s1);
            s2 = FloatVector.fromArray(F, a, i + 2 * L).fma(FloatVector.fromArray(F, b, i + 2 * L), s2);
            s3 = FloatVector.fromArray(F, a, i + 3 * L).fma(FloatVector.fromArray(F, b, i + 3 * L), s3);
        }
        for (int end = hi - L; i <= end; i += L) {
            s0 = FloatVector.fromArray(F, a, i).fma(FloatVector.fromArray(F, b, i), s0);
        }
        float s = s0.add(s1).add(s2.add(s3)).reduceLanes(VectorOperators.ADD);
        for (; i < hi; i++) {
            s = Math.fma(a[i], b[i], s);
        }
        return s;
    }
}
