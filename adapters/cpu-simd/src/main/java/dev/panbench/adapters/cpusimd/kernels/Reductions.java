package dev.panbench.adapters.cpusimd.kernels;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

import static dev.panbench.adapters.cpusimd.kernels.Simd.F;
import static dev.panbench.adapters.cpusimd.kernels.Simd.L;

/**
 * Sum, max, mean and dot over {@code [lo, hi)}. The scalar twins keep one float accumulator in order (what a plain
 * loop means in Java: the JIT may not reorder float additions). The SIMD sum and dot keep {@value #CHAINS} vector
 * accumulators: an add or fused multiply-add takes 3 to 4 cycles and current cores start two a cycle, so fewer
 * independent chains leave the units idle on data in cache (with four chains the dot of 64K floats ran at two
 * thirds of OpenBLAS's sdot, which keeps eight).
 *
 * <p>The max and the dot of an operand larger than L3, read from memory, go 256 bits at a time where the preferred
 * vectors are wider ({@link #maxStream}, {@link #dotStream}): at memory's pace the multiply-adds and compares wait on
 * the loads whatever their width, and on Zen 4 (AVX-512) 64-byte loads streamed slower than 32-byte ones. Over 16M
 * floats, interleaved in one JVM, the 256-bit dot took 4.37 and 4.18 ms where the 512-bit one took 5.13 and 4.76,
 * the max 2.62 and 2.31 ms against 2.94 and 3.07 (numpy's, the same minutes: 4.72 and 2.40). Operands in a cache
 * keep the wide vectors.
 */
public final class Reductions {

    /** Independent accumulator chains of the SIMD sum and dot: latency 4 times two pipes. */
    static final int CHAINS = 8;
    /** Floats per call of the SIMD max's loop. */
    static final int MAX_BLOCK = 1 << 14;
    /** Operand bytes past which a reduction reads from memory rather than a cache: cpu0's L3. */
    static final long STREAM_BYTES = CacheSizes.cpu0().l3();
    /** Whether streamed operands take narrower vectors than {@link Simd#F}: where those are wider than 256 bits. */
    static final boolean NARROW_STREAMS = F.vectorBitSize() > 256;
    /** The species of streamed operands: 256 bits where the preferred is wider, else the preferred. */
    static final VectorSpecies<Float> S = NARROW_STREAMS ? FloatVector.SPECIES_256 : F;
    static final int SL = S.length();

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
        FloatVector s0 = FloatVector.zero(F), s1 = s0, s2 = s0, s3 = s0, s4 = s0, s5 = s0, s6 = s0, s7 = s0;
        int i = lo;
        for (int end = hi - CHAINS * L; i <= end; i += CHAINS * L) {
            s0 = s0.add(FloatVector.fromArray(F, a, i));
            s1 = s1.add(FloatVector.fromArray(F, a, i + L));
            s2 = s2.add(FloatVector.fromArray(F, a, i + 2 * L));
            s3 = s3.add(FloatVector.fromArray(F, a, i + 3 * L));
            s4 = s4.add(FloatVector.fromArray(F, a, i + 4 * L));
            s5 = s5.add(FloatVector.fromArray(F, a, i + 5 * L));
            s6 = s6.add(FloatVector.fromArray(F, a, i + 6 * L));
            s7 = s7.add(FloatVector.fromArray(F, a, i + 7 * L));
        }
        for (int end = hi - L; i <= end; i += L) {
            s0 = s0.add(FloatVector.fromArray(F, a, i));
        }
        float s = s0.add(s1).add(s2.add(s3)).add(s4.add(s5).add(s6.add(s7))).reduceLanes(VectorOperators.ADD);
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

    /**
     * {@link #maxScalar}'s answer (a NaN anywhere gives NaN, as numpy's max does; {@code -0} and {@code +0} may come
     * back as either), faster. The Vector API's {@code max} follows {@link Math#max} lane by lane, which x86 has no
     * instruction for: the JIT wraps {@code maxps} in blends and an unordered compare, five instructions a vector
     * (and more on AVX-512, where the SIMD max ran slower than the scalar loop). Here a lane keeps {@code x} where
     * {@code m < x} (a compare and a blend; a NaN never compares greater, so it is not taken), and NaN is caught
     * apart, at one subtraction or addition a vector: the sums of differences of loaded vectors turn NaN when any
     * input is NaN. They can also turn NaN without one (infinities, or sums that overflow, meeting with opposite
     * signs); either way the range is then done again with {@code Math.max} lanes, which is exact.
     *
     * <p>Eight vectors a step: pairs of them are reduced first ({@code y0 = max(x0, x1)}, off the loop-carried chains),
     * then each of four accumulators takes one pair's winner. Against four vectors a step, each compared straight into
     * its accumulator, this halves the compares and blends on the chains that carry from step to step: the 16M max ran
     * at 5.5 to 6.0 ms against 6.3 to 7.0 on an AVX2 core (interleaved in one JVM), level with numpy's 5.5 to 5.9 ms.
     * The same tree over sixteen vectors a step keeps more vectors live than there are registers and ran slower.
     *
     * <p>The range goes in blocks of {@value #MAX_BLOCK} floats, one call each: a single call over 16M floats runs
     * long enough that the JIT first compiles it on-stack, and that compilation of this loop kept its vectors as
     * heap objects (32 MiB allocated a call, three times slower); calls that return soon are compiled whole.
     */
    public static float maxSimd(float[] a, int lo, int hi) {
        if (NARROW_STREAMS && (long) Float.BYTES * (hi - lo) > STREAM_BYTES) {
            return maxStream(a, lo, hi);
        }
        float m = Float.NEGATIVE_INFINITY;
        for (int from = lo; from < hi; from += MAX_BLOCK) {
            m = Math.max(m, maxBlock(a, from, Math.min(hi, from + MAX_BLOCK)));
        }
        return m;
    }

    /** {@link #maxSimd} over an operand read from memory: the same blocks and steps in vectors of {@link #S}. */
    static float maxStream(float[] a, int lo, int hi) {
        float m = Float.NEGATIVE_INFINITY;
        for (int from = lo; from < hi; from += MAX_BLOCK) {
            m = Math.max(m, maxStreamBlock(a, from, Math.min(hi, from + MAX_BLOCK)));
        }
        return m;
    }

    private static float maxStreamBlock(float[] a, int lo, int hi) {
        FloatVector m0 = FloatVector.broadcast(S, Float.NEGATIVE_INFINITY), m1 = m0, m2 = m0, m3 = m0;
        FloatVector n0 = FloatVector.zero(S), n1 = n0;
        int i = lo;
        for (int end = hi - 8 * SL; i <= end; i += 8 * SL) {
            FloatVector x0 = FloatVector.fromArray(S, a, i);
            FloatVector x1 = FloatVector.fromArray(S, a, i + SL);
            FloatVector x2 = FloatVector.fromArray(S, a, i + 2 * SL);
            FloatVector x3 = FloatVector.fromArray(S, a, i + 3 * SL);
            FloatVector x4 = FloatVector.fromArray(S, a, i + 4 * SL);
            FloatVector x5 = FloatVector.fromArray(S, a, i + 5 * SL);
            FloatVector x6 = FloatVector.fromArray(S, a, i + 6 * SL);
            FloatVector x7 = FloatVector.fromArray(S, a, i + 7 * SL);
            FloatVector y0 = x0.blend(x1, x0.compare(VectorOperators.LT, x1));
            FloatVector y1 = x2.blend(x3, x2.compare(VectorOperators.LT, x3));
            FloatVector y2 = x4.blend(x5, x4.compare(VectorOperators.LT, x5));
            FloatVector y3 = x6.blend(x7, x6.compare(VectorOperators.LT, x7));
            m0 = m0.blend(y0, m0.compare(VectorOperators.LT, y0));
            m1 = m1.blend(y1, m1.compare(VectorOperators.LT, y1));
            m2 = m2.blend(y2, m2.compare(VectorOperators.LT, y2));
            m3 = m3.blend(y3, m3.compare(VectorOperators.LT, y3));
            n0 = n0.add(x0.sub(x1).add(x2.sub(x3)));
            n1 = n1.add(x4.sub(x5).add(x6.sub(x7)));
        }
        for (int end = hi - SL; i <= end; i += SL) {
            FloatVector x = FloatVector.fromArray(S, a, i);
            m0 = m0.blend(x, m0.compare(VectorOperators.LT, x));
            n0 = n0.add(x);
        }
        if (Float.isNaN(n0.add(n1).reduceLanes(VectorOperators.ADD))) {
            return maxExact(a, lo, hi);
        }
        float m = m0.max(m1).max(m2.max(m3)).reduceLanes(VectorOperators.MAX);
        for (; i < hi; i++) {
            m = Math.max(m, a[i]);
        }
        return m;
    }

    private static float maxBlock(float[] a, int lo, int hi) {
        FloatVector m0 = FloatVector.broadcast(F, Float.NEGATIVE_INFINITY), m1 = m0, m2 = m0, m3 = m0;
        FloatVector n0 = FloatVector.zero(F), n1 = n0;
        int i = lo;
        for (int end = hi - 8 * L; i <= end; i += 8 * L) {
            FloatVector x0 = FloatVector.fromArray(F, a, i);
            FloatVector x1 = FloatVector.fromArray(F, a, i + L);
            FloatVector x2 = FloatVector.fromArray(F, a, i + 2 * L);
            FloatVector x3 = FloatVector.fromArray(F, a, i + 3 * L);
            FloatVector x4 = FloatVector.fromArray(F, a, i + 4 * L);
            FloatVector x5 = FloatVector.fromArray(F, a, i + 5 * L);
            FloatVector x6 = FloatVector.fromArray(F, a, i + 6 * L);
            FloatVector x7 = FloatVector.fromArray(F, a, i + 7 * L);
            FloatVector y0 = x0.blend(x1, x0.compare(VectorOperators.LT, x1));
            FloatVector y1 = x2.blend(x3, x2.compare(VectorOperators.LT, x3));
            FloatVector y2 = x4.blend(x5, x4.compare(VectorOperators.LT, x5));
            FloatVector y3 = x6.blend(x7, x6.compare(VectorOperators.LT, x7));
            m0 = m0.blend(y0, m0.compare(VectorOperators.LT, y0));
            m1 = m1.blend(y1, m1.compare(VectorOperators.LT, y1));
            m2 = m2.blend(y2, m2.compare(VectorOperators.LT, y2));
            m3 = m3.blend(y3, m3.compare(VectorOperators.LT, y3));
            n0 = n0.add(x0.sub(x1).add(x2.sub(x3)));
            n1 = n1.add(x4.sub(x5).add(x6.sub(x7)));
        }
        for (int end = hi - L; i <= end; i += L) {
            FloatVector x = FloatVector.fromArray(F, a, i);
            m0 = m0.blend(x, m0.compare(VectorOperators.LT, x));
            n0 = n0.add(x);
        }
        if (Float.isNaN(n0.add(n1).reduceLanes(VectorOperators.ADD))) {
            return maxExact(a, lo, hi);
        }
        float m = m0.max(m1).max(m2.max(m3)).reduceLanes(VectorOperators.MAX);
        for (; i < hi; i++) {
            m = Math.max(m, a[i]);
        }
        return m;
    }

    /** Vector lanes with {@link Math#max}'s semantics: the slow path of {@link #maxSimd} for NaN and infinities. */
    static float maxExact(float[] a, int lo, int hi) {
        FloatVector m0 = FloatVector.broadcast(F, Float.NEGATIVE_INFINITY);
        int i = lo;
        for (int end = hi - L; i <= end; i += L) {
            m0 = m0.max(FloatVector.fromArray(F, a, i));
        }
        float m = m0.reduceLanes(VectorOperators.MAX);
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
        if (NARROW_STREAMS && 2L * Float.BYTES * (hi - lo) > STREAM_BYTES) {
            return dotStream(a, b, lo, hi);
        }
        FloatVector s0 = FloatVector.zero(F), s1 = s0, s2 = s0, s3 = s0, s4 = s0, s5 = s0, s6 = s0, s7 = s0;
        int i = lo;
        for (int end = hi - CHAINS * L; i <= end; i += CHAINS * L) {
            s0 = FloatVector.fromArray(F, a, i).fma(FloatVector.fromArray(F, b, i), s0);
            s1 = FloatVector.fromArray(F, a, i + L).fma(FloatVector.fromArray(F, b, i + L), s1);
            s2 = FloatVector.fromArray(F, a, i + 2 * L).fma(FloatVector.fromArray(F, b, i + 2 * L), s2);
            s3 = FloatVector.fromArray(F, a, i + 3 * L).fma(FloatVector.fromArray(F, b, i + 3 * L), s3);
            s4 = FloatVector.fromArray(F, a, i + 4 * L).fma(FloatVector.fromArray(F, b, i + 4 * L), s4);
            s5 = FloatVector.fromArray(F, a, i + 5 * L).fma(FloatVector.fromArray(F, b, i + 5 * L), s5);
            s6 = FloatVector.fromArray(F, a, i + 6 * L).fma(FloatVector.fromArray(F, b, i + 6 * L), s6);
            s7 = FloatVector.fromArray(F, a, i + 7 * L).fma(FloatVector.fromArray(F, b, i + 7 * L), s7);
        }
        for (int end = hi - L; i <= end; i += L) {
            s0 = FloatVector.fromArray(F, a, i).fma(FloatVector.fromArray(F, b, i), s0);
        }
        float s = s0.add(s1).add(s2.add(s3)).add(s4.add(s5).add(s6.add(s7))).reduceLanes(VectorOperators.ADD);
        for (; i < hi; i++) {
            s = Math.fma(a[i], b[i], s);
        }
        return s;
    }

    /** {@link #dotSimd} over operands read from memory: the same {@value #CHAINS} chains in vectors of {@link #S}. */
    static float dotStream(float[] a, float[] b, int lo, int hi) {
        FloatVector s0 = FloatVector.zero(S), s1 = s0, s2 = s0, s3 = s0, s4 = s0, s5 = s0, s6 = s0, s7 = s0;
        int i = lo;
        for (int end = hi - CHAINS * SL; i <= end; i += CHAINS * SL) {
            s0 = FloatVector.fromArray(S, a, i).fma(FloatVector.fromArray(S, b, i), s0);
            s1 = FloatVector.fromArray(S, a, i + SL).fma(FloatVector.fromArray(S, b, i + SL), s1);
            s2 = FloatVector.fromArray(S, a, i + 2 * SL).fma(FloatVector.fromArray(S, b, i + 2 * SL), s2);
            s3 = FloatVector.fromArray(S, a, i + 3 * SL).fma(FloatVector.fromArray(S, b, i + 3 * SL), s3);
            s4 = FloatVector.fromArray(S, a, i + 4 * SL).fma(FloatVector.fromArray(S, b, i + 4 * SL), s4);
            s5 = FloatVector.fromArray(S, a, i + 5 * SL).fma(FloatVector.fromArray(S, b, i + 5 * SL), s5);
            s6 = FloatVector.fromArray(S, a, i + 6 * SL).fma(FloatVector.fromArray(S, b, i + 6 * SL), s6);
            s7 = FloatVector.fromArray(S, a, i + 7 * SL).fma(FloatVector.fromArray(S, b, i + 7 * SL), s7);
        }
        for (int end = hi - SL; i <= end; i += SL) {
            s0 = FloatVector.fromArray(S, a, i).fma(FloatVector.fromArray(S, b, i), s0);
        }
        float s = s0.add(s1).add(s2.add(s3)).add(s4.add(s5).add(s6.add(s7))).reduceLanes(VectorOperators.ADD);
        for (; i < hi; i++) {
            s = Math.fma(a[i], b[i], s);
        }
        return s;
    }
}
