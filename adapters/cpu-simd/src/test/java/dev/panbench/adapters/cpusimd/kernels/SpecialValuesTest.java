package dev.panbench.adapters.cpusimd.kernels;

import dev.panbench.harness.catalog.Tolerance;
import dev.panbench.harness.spi.VerificationException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** NaN, infinities, signed zeros and range ends, placed inside full vectors so the SIMD path sees them. */
class SpecialValuesTest {

    private static final float[] SPECIALS = {Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, 0f, -0f,
            1f, -1f, 88f, -88f, 1e-40f, Float.MAX_VALUE, -Float.MAX_VALUE, Float.MIN_VALUE, 0.5f, 2f, 100f};

    /** The specials repeated over two full vectors and a tail. */
    private static float[] input() {
        float[] a = new float[2 * Simd.L + 5];
        for (int i = 0; i < a.length; i++) {
            a[i] = SPECIALS[i % SPECIALS.length];
        }
        return a;
    }

    @ParameterizedTest
    @EnumSource(Unary.Op.class)
    void unaryFunctionsFollowIeeeAtNanAndInfinity(Unary.Op op) throws VerificationException {
        float[] in = input();
        double[] ref = new double[in.length];
        for (int i = 0; i < in.length; i++) {
            ref[i] = op.reference(in[i]);
        }
        float[] scalar = new float[in.length];
        float[] simd = new float[in.length];
        Unary.scalar(op, in, scalar, 0, in.length);
        Unary.simd(op, in, simd, 0, in.length);
        Tolerance.ulps(op.ulpTolerance()).check("scalar " + op, ref, scalar);
        Tolerance.ulps(op.ulpTolerance()).check("simd " + op, ref, simd);
        assertTrue(Float.isNaN(simd[0]), "NaN in, NaN out");
    }

    @ParameterizedTest
    @EnumSource(Binary.Op.class)
    void binaryOpsAreCorrectlyRoundedWithSpecials(Binary.Op op) throws VerificationException {
        float[] a = input();
        float[] b = new float[a.length];
        for (int i = 0; i < b.length; i++) {
            b[i] = a[(i * 7 + 3) % a.length];
        }
        double[] ref = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            ref[i] = op.reference(a[i], b[i]);
        }
        float[] c = new float[a.length];
        Binary.simd(op, a, b, c, 0, a.length);
        Tolerance.ulps(0).check("simd " + op, ref, c);
    }

    @Test
    void maxPropagatesNanAndSeesInfinity() {
        float[] a = new float[4 * Simd.L + 3];
        a[5] = Float.POSITIVE_INFINITY;
        assertEquals(Float.POSITIVE_INFINITY, Reductions.maxSimd(a, 0, a.length));
        a[Simd.L + 1] = Float.NaN;
        assertTrue(Float.isNaN(Reductions.maxSimd(a, 0, a.length)));
        assertTrue(Float.isNaN(Reductions.maxScalar(a, 0, a.length)));
        assertEquals(Float.NEGATIVE_INFINITY, Reductions.maxSimd(a, 0, 0), "empty range");
    }

    @Test
    void sumOfInfinityAndNan() {
        float[] a = new float[3 * Simd.L];
        a[3] = Float.POSITIVE_INFINITY;
        assertEquals(Float.POSITIVE_INFINITY, Reductions.sumSimd(a, 0, a.length));
        a[4] = Float.NEGATIVE_INFINITY;
        assertTrue(Float.isNaN(Reductions.sumSimd(a, 0, a.length)));
        assertTrue(Float.isNaN(Reductions.dotSimd(a, a, 0, a.length)) == false
                && Reductions.dotSimd(a, a, 0, a.length) == Float.POSITIVE_INFINITY, "inf*inf + inf*inf");
    }

    @Test
    void quantizeSaturatesInfinitiesAndMapsNanToZero() {
        float[] x = input();
        byte[] scalar = new byte[x.length];
        byte[] simd = new byte[x.length];
        Quant.quantizeScalar(x, scalar, 20f, -3);
        Quant.quantizeSimd(x, simd, 20f, -3);
        assertEquals(0, simd[0], "NaN");
        assertEquals(127, simd[1], "+inf");
        assertEquals(-128, simd[2], "-inf");
        assertEquals(-3, simd[3], "zero maps to the zero point");
        for (int i = 0; i < x.length; i++) {
            assertEquals(scalar[i], simd[i], "element " + i + " = " + x[i]);
        }
    }

    @Test
    void quantizeRoundsHalfToEven() {
        float[] x = new float[Simd.L];
        for (int i = 0; i < x.length; i++) {
            x[i] = i - 7.5f;
        }
        byte[] q = new byte[x.length];
        Quant.quantizeSimd(x, q, 1f, 0);
        for (int i = 0; i < x.length; i++) {
            assertEquals((int) Math.rint(x[i]), q[i], "x = " + x[i]);
        }
    }

    @Test
    void halfConversionsMatchTheJdkOnSpecialsSubnormalsAndOverflow() {
        float[] x = new float[4 * Simd.L];
        float[] extra = {65504f, 65520f, 65519.99f, 6.1e-5f, 5.96e-8f, 2.98e-8f, 2.99e-8f, 1e-9f, -65536f,
                Float.intBitsToFloat(0x7f800001), 1.00048828125f, 1.0014648f};
        for (int i = 0; i < x.length; i++) {
            x[i] = i < SPECIALS.length ? SPECIALS[i] : i - SPECIALS.length < extra.length
                    ? extra[i - SPECIALS.length] : (i - 40) * 1.37e-6f;
        }
        short[] simd = new short[x.length];
        HalfFloat.toF16Simd(x, simd);
        for (int i = 0; i < x.length; i++) {
            short ref = Float.floatToFloat16(x[i]);
            if (Float.isNaN(x[i])) {
                assertTrue(Float.isNaN(Float.float16ToFloat(simd[i])), "NaN stays NaN");
            } else {
                assertEquals(ref, simd[i], "f16 of " + x[i]);
            }
        }
        short[] all = new short[65536];
        for (int i = 0; i < all.length; i++) {
            all[i] = (short) i;
        }
        float[] back = new float[all.length];
        HalfFloat.fromF16Simd(all, back);
        float[] bf = new float[all.length];
        HalfFloat.fromBf16Simd(all, bf);
        for (int i = 0; i < all.length; i++) {
            assertEquals(Float.floatToIntBits(Float.float16ToFloat(all[i])), Float.floatToIntBits(back[i]),
                    "f16 0x" + Integer.toHexString(i));
            assertEquals(Float.floatToIntBits(Float.intBitsToFloat(i << 16)), Float.floatToIntBits(bf[i]),
                    "bf16 0x" + Integer.toHexString(i));
        }
    }

    @Test
    void bf16RoundsToNearestEvenAndKeepsNanQuiet() {
        // the specials and the ties, then at least one full vector of ordinary values, whatever the vector width
        float[] x = new float[SPECIALS.length + 5 + 2 * Simd.L];
        float[] extra = {Float.intBitsToFloat(0x3f808000), Float.intBitsToFloat(0x3f818000),
                Float.intBitsToFloat(0x3f808001), Float.MAX_VALUE, Float.intBitsToFloat(0x7f800001)};
        for (int i = 0; i < x.length; i++) {
            x[i] = i < SPECIALS.length ? SPECIALS[i] : i - SPECIALS.length < extra.length
                    ? extra[i - SPECIALS.length] : i * 3.3e-3f;
        }
        short[] simd = new short[x.length];
        HalfFloat.toBf16Simd(x, simd);
        for (int i = 0; i < x.length; i++) {
            if (Float.isNaN(x[i])) {
                assertTrue(Float.isNaN(HalfFloat.fromBf16(simd[i])), "NaN stays NaN");
            } else {
                assertEquals(HalfFloat.referenceBf16(x[i]), simd[i], "bf16 of " + x[i]);
            }
        }
        assertEquals((short) 0x3f80, simd[SPECIALS.length], "tie to even, down");
        assertEquals((short) 0x3f82, simd[SPECIALS.length + 1], "tie to even, up");
        assertEquals((short) 0x3f81, simd[SPECIALS.length + 2], "above the tie");
        assertEquals((short) 0x7f80, simd[SPECIALS.length + 3], "MAX_VALUE rounds to infinity");
    }

    @Test
    void checkRejectsOneUlpWhenExactnessIsRequired() {
        double[] ref = {1.0};
        float[] got = {Math.nextUp(1f)};
        assertThrows(VerificationException.class, () -> Tolerance.ulps(0).check("x", ref, got));
    }
}
