package dev.panbench.adapters.cpusimd.kernels;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** The vectorized packing of A (three, four and eight rows) writes exactly the step-by-step interleaving, at every length. */
class GemmPackATest {

    @Test
    void interleavesThreeRowsAtLengthsThatAreNotMultiplesOfTheVector() {
        int l = Simd.L;
        for (int kcur : new int[]{1, l - 1, l, l + 1, 2 * l + 3, 257}) {
            int lda = kcur + 5;
            float[] a = new float[3 * lda + 7];
            for (int i = 0; i < a.length; i++) {
                a[i] = i + 0.5f;
            }
            int s0 = 2;
            float[] expected = new float[3 * kcur + 4];
            for (int p = 0; p < kcur; p++) {
                for (int r = 0; r < 3; r++) {
                    expected[1 + 3 * p + r] = a[s0 + r * lda + p];
                }
            }
            float[] packed = new float[expected.length];
            GemmPackA.rows3(a, s0, s0 + lda, s0 + 2 * lda, kcur, packed, 1);
            assertArrayEquals(expected, packed, "kcur=" + kcur + " (" + l + " lanes)");
        }
    }

    @Test
    void interleavesFourRowsAtLengthsThatAreNotMultiplesOfTheVector() {
        int l = Simd.L;
        assumeTrue(l >= 4, () -> "four-row packing is for vectors of 4 lanes or more, not " + l);
        for (int kcur : new int[]{1, l - 1, l, l + 1, 2 * l + 3, 257}) {
            int lda = kcur + 5;
            float[] a = new float[4 * lda + 7];
            for (int i = 0; i < a.length; i++) {
                a[i] = i + 0.5f;
            }
            int s0 = 2;
            float[] expected = new float[4 * kcur + 4];
            for (int p = 0; p < kcur; p++) {
                for (int r = 0; r < 4; r++) {
                    expected[1 + 4 * p + r] = a[s0 + r * lda + p];
                }
            }
            float[] packed = new float[expected.length];
            GemmPackA.rows4(a, s0, lda, kcur, packed, 1);
            assertArrayEquals(expected, packed, "kcur=" + kcur + " (" + l + " lanes)");
        }
    }

    @Test
    void interleavesEightRowsAtLengthsThatAreNotMultiplesOfTheVector() {
        int l = Simd.L;
        assumeTrue(l >= 8, () -> "eight-row packing is for vectors of 8 lanes or more, not " + l);
        for (int kcur : new int[]{1, l - 1, l, l + 1, 2 * l + 3, 257}) {
            int lda = kcur + 5;
            float[] a = new float[8 * lda + 7];
            for (int i = 0; i < a.length; i++) {
                a[i] = i + 0.5f;
            }
            int s0 = 2;
            float[] expected = new float[8 * kcur + 4];
            for (int p = 0; p < kcur; p++) {
                for (int r = 0; r < 8; r++) {
                    expected[1 + 8 * p + r] = a[s0 + r * lda + p];
                }
            }
            float[] packed = new float[expected.length];
            GemmPackA.rows8(a, s0, lda, kcur, packed, 1);
            assertArrayEquals(expected, packed, "kcur=" + kcur + " (" + l + " lanes)");
        }
    }
}
