package dev.panbench.adapters.cpusimd.kernels;

import jdk.incubator.vector.FloatVector;

import static dev.panbench.adapters.cpusimd.kernels.Simd.F;
import static dev.panbench.adapters.cpusimd.kernels.Simd.L;

/**
 * {@code C[m x n] = A[m x k] B[k x n]}, row-major, for a few rows of A (a decode step's tokens): B is read once, in
 * place, row by row, without the packing {@link Gemm.Blocked} does (which for one row costs as much as the product).
 * Register tiles of 3 rows x 4 vectors (twelve accumulators), then 1 row x 4 vectors, 1 x 1 vector and scalars at the
 * edges; {@code threads} split the columns.
 */
public final class SkinnyGemm {

    private static final int W = 4 * L;

    private SkinnyGemm() {
    }

    public static void multiply(float[] a, float[] b, float[] c, int m, int n, int k, int threads) {
        int blocks = n / W;
        Parallel.forRange(threads, blocks, 1, (lo, hi) -> {
            for (int blk = lo; blk < hi; blk++) {
                int j = blk * W;
                int i = 0;
                for (; i + 3 <= m; i += 3) {
                    tile3(a, b, c, i, j, n, k);
                }
                for (; i < m; i++) {
                    tile1(a, b, c, i, j, n, k);
                }
            }
        });
        for (int j = blocks * W; j < n; j += L) {
            if (j + L <= n) {
                for (int i = 0; i < m; i++) {
                    FloatVector acc = FloatVector.zero(F);
                    for (int p = 0; p < k; p++) {
                        acc = FloatVector.fromArray(F, b, p * n + j).fma(FloatVector.broadcast(F, a[i * k + p]), acc);
                    }
                    acc.intoArray(c, i * n + j);
                }
            } else {
                for (int i = 0; i < m; i++) {
                    for (int jj = j; jj < n; jj++) {
                        float s = 0;
                        for (int p = 0; p < k; p++) {
                            s += a[i * k + p] * b[p * n + jj];
                        }
                        c[i * n + jj] = s;
                    }
                }
            }
        }
    }

    private static void tile3(float[] a, float[] b, float[] c, int i, int j, int n, int k) {
        FloatVector c00 = FloatVector.zero(F), c01 = c00, c02 = c00, c03 = c00;
        FloatVector c10 = c00, c11 = c00, c12 = c00, c13 = c00, c20 = c00, c21 = c00, c22 = c00, c23 = c00;
        int a0 = i * k, a1 = a0 + k, a2 = a1 + k;
        for (int p = 0, bo = j; p < k; p++, bo += n) {
            FloatVector b0 = FloatVector.fromArray(F, b, bo);
            FloatVector b1 = FloatVector.fromArray(F, b, bo + L);
            FloatVector b2 = FloatVector.fromArray(F, b, bo + 2 * L);
            FloatVector b3 = FloatVector.fromArray(F, b, bo + 3 * L);
            FloatVector x = FloatVector.broadcast(F, a[a0 + p]);
            c00 = b0.fma(x, c00);
            c01 = b1.fma(x, c01);
            c02 = b2.fma(x, c02);
            c03 = b3.fma(x, c03);
            x = FloatVector.broadcast(F, a[a1 + p]);
            c10 = b0.fma(x, c10);
            c11 = b1.fma(x, c11);
            c12 = b2.fma(x, c12);
            c13 = b3.fma(x, c13);
            x = FloatVector.broadcast(F, a[a2 + p]);
            c20 = b0.fma(x, c20);
            c21 = b1.fma(x, c21);
            c22 = b2.fma(x, c22);
            c23 = b3.fma(x, c23);
        }
        int o = i * n + j;
        store(c, o, c00, c01, c02, c03);
        store(c, o + n, c10, c11, c12, c13);
        store(c, o + 2 * n, c20, c21, c22, c23);
    }

    private static void tile1(float[] a, float[] b, float[] c, int i, int j, int n, int k) {
        FloatVector c0 = FloatVector.zero(F), c1 = c0, c2 = c0, c3 = c0;
        int a0 = i * k;
        for (int p = 0, bo = j; p < k; p++, bo += n) {
            FloatVector x = FloatVector.broadcast(F, a[a0 + p]);
            c0 = FloatVector.fromArray(F, b, bo).fma(x, c0);
            c1 = FloatVector.fromArray(F, b, bo + L).fma(x, c1);
            c2 = FloatVector.fromArray(F, b, bo + 2 * L).fma(x, c2);
            c3 = FloatVector.fromArray(F, b, bo + 3 * L).fma(x, c3);
        }
        store(c, i * n + j, c0, c1, c2, c3);
    }

    private static void store(float[] c, int o, FloatVector v0, FloatVector v1, FloatVector v2, FloatVector v3) {
        v0.intoArray(c, o);
        v1.intoArray(c, o + L);
        v2.intoArray(c, o + 2 * L);
        v3.intoArray(c, o + 3 * L);
    }
}
