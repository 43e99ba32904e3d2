package dev.panbench.adapters.cpusimd.kernels;

import jdk.incubator.vector.FloatVector;

import static dev.panbench.adapters.cpusimd.kernels.Simd.F;
import static dev.panbench.adapters.cpusimd.kernels.Simd.L;

/**
 * The register tiles of {@link PackedGemm} and {@link Int4Gemm}: rows of A, read in place (row-major, each value
 * broadcast), against a panel of B packed {@code [k][NR]} ({@code NR = 2L} columns side by side), into C. Six rows
 * keep twelve accumulators in registers; one row (the rows left over) keeps four, two steps of k at a time. Each
 * tile writes its accumulators into C itself: a vector passed to a helper that C2 does not inline is boxed (see
 * {@link GemmMicroKernels}).
 */
final class PanelKernels {

    static final int NR = 2 * L;
    static final int MR = 6;

    private PanelKernels() {
    }

    /** Rows {@code aOff}, {@code aOff + lda}, ... (six) over {@code kc} steps of the panel at {@code po}. */
    static void micro6(float[] a, int lda, int aOff, int kc, float[] pan, int po, float[] c, int co, int ldc,
                       boolean acc) {
        FloatVector c00 = FloatVector.zero(F), c01 = c00, c10 = c00, c11 = c00, c20 = c00, c21 = c00;
        FloatVector c30 = c00, c31 = c00, c40 = c00, c41 = c00, c50 = c00, c51 = c00;
        int a0 = aOff;
        int a1 = a0 + lda, a2 = a1 + lda, a3 = a2 + lda, a4 = a3 + lda, a5 = a4 + lda;
        for (int p = 0, bo = po; p < kc; p++, bo += NR) {
            FloatVector b0 = FloatVector.fromArray(F, pan, bo);
            FloatVector b1 = FloatVector.fromArray(F, pan, bo + L);
            FloatVector x = FloatVector.broadcast(F, a[a0 + p]);
            c00 = b0.fma(x, c00);
            c01 = b1.fma(x, c01);
            x = FloatVector.broadcast(F, a[a1 + p]);
            c10 = b0.fma(x, c10);
            c11 = b1.fma(x, c11);
            x = FloatVector.broadcast(F, a[a2 + p]);
            c20 = b0.fma(x, c20);
            c21 = b1.fma(x, c21);
            x = FloatVector.broadcast(F, a[a3 + p]);
            c30 = b0.fma(x, c30);
            c31 = b1.fma(x, c31);
            x = FloatVector.broadcast(F, a[a4 + p]);
            c40 = b0.fma(x, c40);
            c41 = b1.fma(x, c41);
            x = FloatVector.broadcast(F, a[a5 + p]);
            c50 = b0.fma(x, c50);
            c51 = b1.fma(x, c51);
        }
        if (acc) {
            c00 = c00.add(FloatVector.fromArray(F, c, co));
            c01 = c01.add(FloatVector.fromArray(F, c, co + L));
            c10 = c10.add(FloatVector.fromArray(F, c, co + ldc));
            c11 = c11.add(FloatVector.fromArray(F, c, co + ldc + L));
            c20 = c20.add(FloatVector.fromArray(F, c, co + 2 * ldc));
            c21 = c21.add(FloatVector.fromArray(F, c, co + 2 * ldc + L));
            c30 = c30.add(FloatVector.fromArray(F, c, co + 3 * ldc));
            c31 = c31.add(FloatVector.fromArray(F, c, co + 3 * ldc + L));
            c40 = c40.add(FloatVector.fromArray(F, c, co + 4 * ldc));
            c41 = c41.add(FloatVector.fromArray(F, c, co + 4 * ldc + L));
            c50 = c50.add(FloatVector.fromArray(F, c, co + 5 * ldc));
            c51 = c51.add(FloatVector.fromArray(F, c, co + 5 * ldc + L));
        }
        c00.intoArray(c, co);
        c01.intoArray(c, co + L);
        c10.intoArray(c, co + ldc);
        c11.intoArray(c, co + ldc + L);
        c20.intoArray(c, co + 2 * ldc);
        c21.intoArray(c, co + 2 * ldc + L);
        c30.intoArray(c, co + 3 * ldc);
        c31.intoArray(c, co + 3 * ldc + L);
        c40.intoArray(c, co + 4 * ldc);
        c41.intoArray(c, co + 4 * ldc + L);
        c50.intoArray(c, co + 5 * ldc);
        c51.intoArray(c, co + 5 * ldc + L);
    }

    /** One row of A at {@code aOff} over {@code kc} steps of the panel at {@code po}. */
    static void micro1(float[] a, int aOff, int kc, float[] pan, int po, float[] c, int co, boolean acc) {
        FloatVector c0 = FloatVector.zero(F), c1 = c0, d0 = c0, d1 = c0;
        int p = 0;
        for (; p + 1 < kc; p += 2) {
            int bo = po + p * NR;
            FloatVector x = FloatVector.broadcast(F, a[aOff + p]);
            c0 = FloatVector.fromArray(F, pan, bo).fma(x, c0);
            c1 = FloatVector.fromArray(F, pan, bo + L).fma(x, c1);
            x = FloatVector.broadcast(F, a[aOff + p + 1]);
            d0 = FloatVector.fromArray(F, pan, bo + NR).fma(x, d0);
            d1 = FloatVector.fromArray(F, pan, bo + NR + L).fma(x, d1);
        }
        for (; p < kc; p++) {
            FloatVector x = FloatVector.broadcast(F, a[aOff + p]);
            c0 = FloatVector.fromArray(F, pan, po + p * NR).fma(x, c0);
            c1 = FloatVector.fromArray(F, pan, po + p * NR + L).fma(x, c1);
        }
        c0 = c0.add(d0);
        c1 = c1.add(d1);
        if (acc) {
            c0 = c0.add(FloatVector.fromArray(F, c, co));
            c1 = c1.add(FloatVector.fromArray(F, c, co + L));
        }
        c0.intoArray(c, co);
        c1.intoArray(c, co + L);
    }

    /**
     * {@code C[m x n] (+)= A[m x k]} times one panel's {@code kc} rows from k-offset {@code pc}: whole six-row tiles
     * straight into C, the last partial panel ({@code nr < NR} columns) through {@code tile}.
     */
    static void panel(float[] a, int m, int k, int pc, int kc, float[] pan, int po, float[] c, int n, int j0,
                      float[] tile) {
        int nr = Math.min(NR, n - j0);
        boolean acc = pc > 0;
        int i = 0;
        for (; i + MR <= m; i += MR) {
            if (nr == NR) {
                micro6(a, k, i * k + pc, kc, pan, po, c, i * n + j0, n, acc);
            } else {
                if (acc) {
                    for (int r = 0; r < MR; r++) {
                        System.arraycopy(c, (i + r) * n + j0, tile, r * NR, nr);
                    }
                }
                micro6(a, k, i * k + pc, kc, pan, po, tile, 0, NR, acc);
                for (int r = 0; r < MR; r++) {
                    System.arraycopy(tile, r * NR, c, (i + r) * n + j0, nr);
                }
            }
        }
        for (; i < m; i++) {
            if (nr == NR) {
                micro1(a, i * k + pc, kc, pan, po, c, i * n + j0, acc);
            } else {
                if (acc) {
                    System.arraycopy(c, i * n + j0, tile, 0, nr);
                }
                micro1(a, i * k + pc, kc, pan, po, tile, 0, acc);
                System.arraycopy(tile, 0, c, i * n + j0, nr);
            }
        }
    }
}
