package dev.panbench.adapters.cpusimd.kernels;

import dev.panbench.harness.catalog.SeededInputs;
import dev.panbench.harness.catalog.Tolerance;
import dev.panbench.harness.spi.VerificationException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The SIMD max, sum, dot and tanh against their float64 references at lengths that leave a partial vector and a
 * partial unrolled block (1, lane-1, lane+1, a million and three), and max and tanh on NaN and the infinities. The
 * max and dot of operands read from memory ({@link Reductions#maxStream}, {@link Reductions#dotStream}, 256-bit vectors
 * where the preferred are wider) are taken here at the same sizes, which a cache holds.
 */
class ReductionAndTanhAtOddSizesTest {

    static IntStream sizes() {
        int l = Simd.L;
        return IntStream.of(1, Math.max(1, l - 1), l + 1, 8 * l + 3, 16 * l - 1, 1_000_003);
    }

    @ParameterizedTest
    @MethodSource("sizes")
    void maxIsExactAtOddSizes(int n) {
        float[] a = SeededInputs.uniform(n, 31, -1000f, 1000f);
        assertEquals(Reductions.maxScalar(a, 0, n), Reductions.maxSimd(a, 0, n));
        assertEquals(Reductions.maxScalar(a, 0, n), Reductions.maxStream(a, 0, n), "streamed");
        a[n - 1] = 5000f;
        assertEquals(5000f, Reductions.maxSimd(a, 0, n), "the largest in the last element");
        assertEquals(5000f, Reductions.maxStream(a, 0, n), "streamed, the largest in the last element");
        a[0] = 6000f;
        assertEquals(6000f, Reductions.maxSimd(a, 0, n), "the largest in the first element");
        assertEquals(6000f, Reductions.maxStream(a, 0, n), "streamed, the largest in the first element");
    }

    @ParameterizedTest
    @MethodSource("sizes")
    void maxOfANanBearingArrayIsNanWhereverTheNanIs(int n) {
        for (int at : new int[]{0, n / 2, n - 1}) {
            float[] a = SeededInputs.uniform(n, 32, -1f, 1f);
            a[at] = Float.NaN;
            assertTrue(Float.isNaN(Reductions.maxSimd(a, 0, n)), "NaN at " + at + " of " + n);
            assertTrue(Float.isNaN(Reductions.maxStream(a, 0, n)), "streamed, NaN at " + at + " of " + n);
        }
    }

    @Test
    void maxFindsTheLargestAndANanInEveryLaneOfAStep() {
        // a step of the SIMD max takes eight vectors and reduces them in pairs first, so each of its lanes is a
        // different place for the largest value or a NaN to hide; the array also spans two of its blocks
        int n = Reductions.MAX_BLOCK + 16 * Simd.L + 5;
        float[] base = SeededInputs.uniform(n, 33, -1f, 1f);
        for (int at = Reductions.MAX_BLOCK; at < Reductions.MAX_BLOCK + 8 * Simd.L; at++) {
            float[] a = base.clone();
            a[at] = 2f;
            assertEquals(2f, Reductions.maxSimd(a, 0, n), "the largest at " + at);
            assertEquals(2f, Reductions.maxStream(a, 0, n), "streamed, the largest at " + at);
            a[at] = Float.NaN;
            assertTrue(Float.isNaN(Reductions.maxSimd(a, 0, n)), "NaN at " + at);
            assertTrue(Float.isNaN(Reductions.maxStream(a, 0, n)), "streamed, NaN at " + at);
        }
    }

    @Test
    void maxSeesInfinitiesAndHugeValuesWithoutInventingNan() {
        int n = 8 * Simd.L + 5;
        float[] a = new float[n];
        java.util.Arrays.fill(a, Float.NEGATIVE_INFINITY);
        assertEquals(Float.NEGATIVE_INFINITY, Reductions.maxSimd(a, 0, n), "all -inf");
        java.util.Arrays.fill(a, Float.POSITIVE_INFINITY);
        assertEquals(Float.POSITIVE_INFINITY, Reductions.maxSimd(a, 0, n), "all +inf (inf - inf is NaN inside)");
        for (int i = 0; i < n; i++) {
            a[i] = i % 3 == 0 ? Float.MAX_VALUE : -Float.MAX_VALUE;
        }
        assertEquals(Float.MAX_VALUE, Reductions.maxSimd(a, 0, n), "sums of differences overflow");
        a[n / 2] = Float.POSITIVE_INFINITY;
        a[n / 3] = Float.NEGATIVE_INFINITY;
        assertEquals(Float.POSITIVE_INFINITY, Reductions.maxSimd(a, 0, n));
        assertEquals(Float.NEGATIVE_INFINITY, Reductions.maxSimd(a, 0, 0), "empty range");
    }

    @ParameterizedTest
    @MethodSource("sizes")
    void sumAndDotMatchFloat64AtOddSizes(int n) throws VerificationException {
        float[] a = SeededInputs.uniform(n, 33, -1f, 1f);
        float[] b = SeededInputs.uniform(n, 34, -1f, 1f);
        double sum = 0, sumAbs = 0, dot = 0, dotAbs = 0;
        for (int i = 0; i < n; i++) {
            sum += a[i];
            sumAbs += Math.abs(a[i]);
            dot += (double) a[i] * b[i];
            dotAbs += Math.abs((double) a[i] * b[i]);
        }
        Tolerance tol = Tolerance.scaled(Tolerance.sumTolerance(n), 1e-30);
        tol.check("sum of " + n, sum, sumAbs, Reductions.sumSimd(a, 0, n));
        tol.check("dot of " + n, dot, dotAbs, Reductions.dotSimd(a, b, 0, n));
        tol.check("dot of the range [1, n)", dot - (double) a[0] * b[0], dotAbs, Reductions.dotSimd(a, b, 1, n));
        tol.check("streamed dot of " + n, dot, dotAbs, Reductions.dotStream(a, b, 0, n));
        tol.check("streamed dot of the range [1, n)", dot - (double) a[0] * b[0], dotAbs,
                Reductions.dotStream(a, b, 1, n));
    }

    @ParameterizedTest
    @MethodSource("sizes")
    void tanhIsWithinItsUlpToleranceAtOddSizes(int n) {
        float[] in = SeededInputs.uniform(n, 35, -12f, 12f);
        in[0] = n % 2 == 0 ? 1e-5f : -0.3f;
        float[] out = new float[n];
        Unary.simd(Unary.Op.TANH, in, out, 0, n);
        for (int i = 0; i < n; i++) {
            assertWithinUlps(in[i], out[i]);
        }
    }

    @Test
    void tanhSweepsEveryRangeOfItsApproximation() {
        int n = 1 << 20;
        float[] in = new float[n];
        for (int i = 0; i < n; i++) {
            // dense near zero (the small-x and n = 0 ranges), then out to where tanh rounds to 1
            double t = (i - n / 2) / (double) (n / 2);
            in[i] = (float) (Math.signum(t) * 12 * t * t);
        }
        float[] out = new float[n];
        Unary.simd(Unary.Op.TANH, in, out, 0, n);
        for (int i = 0; i < n; i++) {
            assertWithinUlps(in[i], out[i]);
        }
    }

    @Test
    void tanhKeepsNanZeroSignsAndSaturatesAtInfinity() {
        float[] in = new float[2 * Simd.L + 3];
        float[] specials = {Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, -0f, 0f, 1e-40f, -1e-40f,
                20f, -20f, 9.05f, 0x1p-12f, -0x1p-12f};
        for (int i = 0; i < in.length; i++) {
            in[i] = specials[i % specials.length];
        }
        float[] out = new float[in.length];
        Unary.simd(Unary.Op.TANH, in, out, 0, in.length);
        for (int i = 0; i < in.length; i++) {
            float want = (float) Math.tanh(in[i]);
            if (Float.isNaN(want)) {
                assertTrue(Float.isNaN(out[i]), "tanh(NaN) = " + out[i]);
                continue;
            }
            assertEquals(Float.floatToRawIntBits(want), Float.floatToRawIntBits(out[i]),
                    "tanh(" + in[i] + ") = " + want + ", got " + out[i]);
        }
    }

    private static void assertWithinUlps(float x, float got) {
        float want = (float) Math.tanh(x);
        long ulps = Math.abs((long) Float.floatToRawIntBits(want) - Float.floatToRawIntBits(got));
        assertTrue(ulps <= Unary.Op.TANH.ulpTolerance(),
                "tanh(" + x + ") = " + want + ", got " + got + " (" + ulps + " ulp)");
    }
}
