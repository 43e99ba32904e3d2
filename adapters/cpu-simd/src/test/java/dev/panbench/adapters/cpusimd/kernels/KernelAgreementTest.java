package dev.panbench.adapters.cpusimd.kernels;

import dev.panbench.adapters.cpusimd.blas.OpenBlas;
import dev.panbench.harness.catalog.SeededInputs;
import dev.panbench.harness.catalog.Tolerance;
import dev.panbench.harness.spi.VerificationException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Kernels against float64 references where the workload tests do not reach: FFT vs DFT, threads, OpenBLAS. */
class KernelAgreementTest {

    /** The tolerance of a k-term float sum against {@code sum |terms|}. */
    private static Tolerance sums(long k) {
        return Tolerance.scaled(Tolerance.sumTolerance(k), 1e-30);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4, 16, 64, 256})
    void fftMatchesTheDefinitionOfTheDft(int n) {
        float[] re = SeededInputs.uniform(n, 1, -1f, 1f);
        float[] im = SeededInputs.uniform(n, 2, -1f, 1f);
        double[][] fast = Fft.reference(re, im);
        for (int k = 0; k < n; k++) {
            double sr = 0;
            double si = 0;
            for (int j = 0; j < n; j++) {
                double a = -2 * Math.PI * ((long) j * k % n) / n;
                sr += re[j] * Math.cos(a) - im[j] * Math.sin(a);
                si += re[j] * Math.sin(a) + im[j] * Math.cos(a);
            }
            assertEquals(sr, fast[0][k], 1e-9 * n, "re X[" + k + "]");
            assertEquals(si, fast[1][k], 1e-9 * n, "im X[" + k + "]");
        }
    }

    @Test
    void gemmRegisterTileAndEdgesMatchNaiveForManyShapes() throws VerificationException {
        int[][] shapes = {{1, 1, 1}, {6, 32, 1}, {7, 33, 5}, {13, 17, 300}, {96, 64, 256}, {100, 1, 7}, {1, 100, 7}};
        for (int[] s : shapes) {
            int m = s[0], n = s[1], k = s[2];
            float[] a = SeededInputs.uniform(m * k, 3, -1f, 1f);
            float[] b = SeededInputs.uniform(k * n, 4, -1f, 1f);
            float[] c = new float[m * n];
            for (int threads : new int[]{1, 2}) {
                new Gemm.Blocked(m, n, k, threads).multiply(a, b, c);
                double[] row = new double[n];
                double[] abs = new double[n];
                for (int i = 0; i < m; i++) {
                    Gemm.referenceRow(a, b, n, k, i, row, abs);
                    for (int j = 0; j < n; j++) {
                        sums(k).check(m + "x" + n + "x" + k + " C[" + i + "," + j + "]", row[j], abs[j],
                                c[i * n + j]);
                    }
                }
            }
        }
    }

    @Test
    void gemmCheckCatchesAMissingTerm() {
        int m = 8, n = 40, k = 64;
        float[] a = SeededInputs.uniform(m * k, 5, -1f, 1f);
        float[] b = SeededInputs.uniform(k * n, 6, -1f, 1f);
        float[] c = new float[m * n];
        new Gemm.Blocked(m, n, k, 1).multiply(a, b, c);
        c[3 * n + 5] -= a[3 * k + 10] * b[10 * n + 5];
        double[] row = new double[n];
        double[] abs = new double[n];
        Gemm.referenceRow(a, b, n, k, 3, row, abs);
        assertThrows(VerificationException.class,
                () -> sums(k).check("C[3,5]", row[5], abs[5], c[3 * n + 5]));
    }

    @Test
    void openBlasAgreesWithTheFloat64Reference() throws VerificationException {
        var blas = OpenBlas.load();
        assumeTrue(blas.isPresent(), () -> "skipped: " + OpenBlas.missingReason());
        OpenBlas lib = blas.get();
        lib.setNumThreads(1);
        int m = 37, n = 53, k = 129;
        float[] a = SeededInputs.uniform(m * k, 7, -1f, 1f);
        float[] b = SeededInputs.uniform(k * n, 8, -1f, 1f);
        float[] c = new float[m * n];
        lib.sgemm(m, n, k, OpenBlas.wrap(a), OpenBlas.wrap(b), OpenBlas.wrap(c));
        double[] row = new double[n];
        double[] abs = new double[n];
        for (int i = 0; i < m; i++) {
            Gemm.referenceRow(a, b, n, k, i, row, abs);
            for (int j = 0; j < n; j++) {
                sums(k).check("sgemm C[" + i + "," + j + "]", row[j], abs[j], c[i * n + j]);
            }
        }
        float[] x = SeededInputs.uniform(4097, 9, 0f, 1f);
        float[] y = SeededInputs.uniform(4097, 10, 0f, 1f);
        double dot = 0;
        for (int i = 0; i < x.length; i++) {
            dot += (double) x[i] * y[i];
        }
        sums(x.length).check("sdot", dot, dot, lib.sdot(x.length, OpenBlas.wrap(x), OpenBlas.wrap(y)));
        float[] y2 = y.clone();
        lib.saxpy(y.length, 0.5f, OpenBlas.wrap(x), OpenBlas.wrap(y2));
        for (int i = 0; i < y.length; i++) {
            assertEquals(y[i] + 0.5 * x[i], y2[i], 4 * Tolerance.EPS, "saxpy [" + i + "]");
        }
        assertEquals(1, lib.numThreads());
    }

    @Test
    void parallelDotSplitsTheRangeWithoutLosingElements() {
        float[] a = new float[10_001];
        java.util.Arrays.fill(a, 1f);
        double s = Parallel.sumChunks(3, c -> Reductions.dotSimd(a, a, a.length * c / 3, a.length * (c + 1) / 3));
        assertEquals(10_001.0, s);
    }
}
