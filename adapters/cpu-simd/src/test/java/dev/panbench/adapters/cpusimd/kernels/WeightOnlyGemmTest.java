package dev.panbench.adapters.cpusimd.kernels;

import dev.panbench.harness.catalog.Int4Blocks;
import dev.panbench.harness.catalog.Int8Blocks;
import dev.panbench.harness.catalog.SeededInputs;
import dev.panbench.harness.catalog.Tolerance;
import dev.panbench.harness.spi.VerificationException;
import org.junit.jupiter.api.Test;

import static dev.panbench.adapters.cpusimd.kernels.Simd.L;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The INT4 and INT8 weight-only products ({@link Int4Gemm}, {@link Int8Gemm}) against the float64 product of A and
 * the dequantized weights, at shapes that leave every kind of edge: one row, a vector's lanes plus one, each count
 * of rows left after the six-row tiles, n odd and below a panel, k of one scale block, and k cut into several slices.
 */
class WeightOnlyGemmTest {

    /** m, k, n: partial tiles of rows (m mod 6 = 0..5) and columns (n mod 2L), k from one block up. */
    private static final int[][] SHAPES = {{1, 32, 1}, {1, 64, 33}, {L + 1, 32, 2 * L + 1}, {2, 96, 2 * L - 1},
            {3, 32, 5}, {4, 64, 40}, {5, 128, 3}, {6, 32, 2 * L}, {7, 96, 17}, {8, 64, 4 * L}, {13, 160, 4 * L + 3},
            {14, 64, 41}, {20, 32, 9}};

    /** A cache so small that k is cut into slices of one block each (partial sums read back into C). */
    private static final CacheSizes TINY = new CacheSizes(4 << 10, 4 << 10, 256 << 10);

    @Test
    void int4MatchesTheFloat64ProductAtOddShapes() throws VerificationException {
        for (int[] s : SHAPES) {
            int m = s[0], k = s[1], n = s[2];
            Int4Blocks.Packed b = Int4Blocks.quantize(SeededInputs.normal(k * n, 5, 0.02), k, n);
            float[] w = Int4Blocks.dequantize(b);
            for (int threads : new int[]{1, 2}) {
                for (CacheSizes caches : new CacheSizes[]{CacheSizes.cpu0(), TINY}) {
                    check("int4 " + m + "x" + k + "x" + n + " threads=" + threads, m, k, n, w,
                            new Int4Gemm(b.data(), b.scales(), m, n, k, threads, caches));
                }
            }
        }
    }

    @Test
    void int8MatchesTheFloat64ProductAtOddShapes() throws VerificationException {
        for (int[] s : SHAPES) {
            int m = s[0], k = s[1], n = s[2];
            Int4Blocks.Packed b = Int8Blocks.quantize(SeededInputs.normal(k * n, 6, 0.02), k, n);
            float[] w = Int8Blocks.dequantize(b);
            for (int threads : new int[]{1, 2}) {
                for (CacheSizes caches : new CacheSizes[]{CacheSizes.cpu0(), TINY}) {
                    check("int8 " + m + "x" + k + "x" + n + " threads=" + threads, m, k, n, w,
                            new Int8Gemm(b.data(), b.scales(), m, n, k, threads, caches));
                }
            }
        }
    }

    @Test
    void theExtremeCodesDequantizeExactly() {
        // every nibble 0..15 and the bytes 0 and 255 (q = -8..7, -128 and 127), scale 0.5: products exact in float32
        int m = 1, k = 32, n = 3;
        byte[] p4 = new byte[n * k / 2];
        for (int i = 0; i < p4.length; i++) {
            p4[i] = (byte) ((i % 16) | ((15 - i % 16) << 4));
        }
        byte[] p8 = new byte[n * k];
        for (int i = 0; i < p8.length; i++) {
            p8[i] = (byte) (i % 2 == 0 ? 0 : 255);
        }
        float[] scales = {0.5f, 0.5f, 0.5f};
        float[] a = new float[k];
        a[5] = 1;
        float[] c = new float[n];
        new Int4Gemm(p4, scales, m, n, k, 1).multiply(a, c);
        // row 5 is the high nibble of byte 2 of each column: 15 - 2 - 8 = 5 at scale 0.5
        assertArrayEquals(new float[]{2.5f, (15 - 2 - 8) * 0.5f, (15 - 2 - 8) * 0.5f}, c);
        new Int8Gemm(p8, scales, m, n, k, 1).multiply(a, c);
        assertArrayEquals(new float[]{127 * 0.5f, 127 * 0.5f, 127 * 0.5f}, c);
        a[5] = 0;
        a[4] = 1;
        new Int8Gemm(p8, scales, m, n, k, 1).multiply(a, c);
        assertArrayEquals(new float[]{-64f, -64f, -64f}, c);
    }

    @Test
    void depthCoversKInEqualSlicesOfWholeBlocks() {
        CacheSizes l2 = new CacheSizes(32 << 10, 512 << 10, 32 << 20);
        int nr = WeightOnlyGemm.NR;
        long fits = l2.l2() / 4 / (4L * nr);
        for (int k : new int[]{32, 96, 768, 3072, 4096 + 32, 16384}) {
            int kc = WeightOnlyGemm.depth(l2, 32, k, 128);
            assertEquals(0, kc % 32, "k=" + k + " kc=" + kc);
            assertEquals((k + fits - 1) / fits, (k + kc - 1) / kc, "k=" + k + " kc=" + kc + ": the fewest slices");
            assertTrue(kc <= fits + 32, "k=" + k + " kc=" + kc + ": the panel fits a quarter of L2, within a block");
        }
        assertEquals(32, WeightOnlyGemm.depth(TINY, 32, 96, 128));
        // a row or a few: a slice of half of L1
        long fitsL1 = l2.l1() / 2 / (4L * nr);
        int kc1 = WeightOnlyGemm.depth(l2, 32, 768, 1);
        assertEquals((768 + fitsL1 - 1) / fitsL1, (768 + kc1 - 1) / kc1, "kc=" + kc1);
        assertThrows(IllegalArgumentException.class, () -> new Int4Gemm(new byte[16], new float[1], 1, 1, 20, 1));
    }

    private static void check(String label, int m, int k, int n, float[] w, WeightOnlyGemm g)
            throws VerificationException {
        float[] a = SeededInputs.normal(m * k, 9, 1);
        float[] c = new float[m * n];
        java.util.Arrays.fill(c, Float.NaN);
        g.multiply(a, c);
        Tolerance tol = Tolerance.scaled(Tolerance.sumTolerance(k), 1e-30);
        double[] row = new double[n];
        double[] abs = new double[n];
        for (int i = 0; i < m; i++) {
            Gemm.referenceRow(a, w, n, k, i, row, abs);
            for (int j = 0; j < n; j++) {
                tol.check(label + " C[" + i + "," + j + "]", row[j], abs[j], c[i * n + j]);
            }
        }
    }
}
