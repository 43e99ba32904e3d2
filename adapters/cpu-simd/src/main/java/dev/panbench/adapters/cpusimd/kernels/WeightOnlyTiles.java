package dev.panbench.adapters.cpusimd.kernels;

import jdk.incubator.vector.FloatVector;

import static dev.panbench.adapters.cpusimd.kernels.Simd.F;
import static dev.panbench.adapters.cpusimd.kernels.Simd.L;

/**
 * The register tiles of the weight-only quantized products ({@link WeightOnlyGemm}): rows of A, read in place
 * (row-major, each value broadcast), against a dequantized panel {@code [kc][NR]} ({@code NR = 2L} columns side by
 * side) that sits in L1, into C.
 * <p>
 * Whole tiles of six rows run {@link PanelKernels#micro6}, twelve accumulators, the panel's two vectors and the
 * broadcasts of A (the JIT loads two at a time), all 16 registers of AVX2 and no spill; in isolation it runs at this
 * machine's FMA peak. The rows left over are where a product loses most: a one-row tile keeps only a fifth of the
 * multiply-adds in flight and is bound by its loads, so at {@code m = 128} (21 tiles and 2 rows) those two rows
 * would cost as much as four. The rows that are left over therefore run as four-row tiles (eight accumulators, six
 * loads per eight multiply-adds) where they can, taking back one six-row tile when two rows are left
 * ({@code 6q + 2 = 6(q - 1) + 4 + 4}), then a two-row tile over two steps of k at a time (again eight chains), and a
 * single row last.
 */
final class WeightOnlyTiles {

    static final int NR = PanelKernels.NR;
    static final int MR = PanelKernels.MR;

    private WeightOnlyTiles() {
    }

    /** Four rows by two vectors: eight accumulators. */
    static void micro4(float[] a, int lda, int aOff, int kc, float[] pan, float[] c, int co, int ldc, boolean acc) {
        FloatVector c00 = FloatVector.zero(F), c01 = c00, c10 = c00, c11 = c00;
        FloatVector c20 = c00, c21 = c00, c30 = c00, c31 = c00;
        int a0 = aOff, a1 = a0 + lda, a2 = a1 + lda, a3 = a2 + lda;
        for (int p = 0; p < kc; p++) {
            int bo = p * NR;
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
        }
        c00.intoArray(c, co);
        c01.intoArray(c, co + L);
        c10.intoArray(c, co + ldc);
        c11.intoArray(c, co + ldc + L);
        c20.intoArray(c, co + 2 * ldc);
        c21.intoArray(c, co + 2 * ldc + L);
        c30.intoArray(c, co + 3 * ldc);
        c31.intoArray(c, co + 3 * ldc + L);
    }

    /** Two rows by two vectors over two steps of k at a time: eight accumulators. */
    static void micro2(float[] a, int lda, int aOff, int kc, float[] pan, float[] c, int co, int ldc, boolean acc) {
        FloatVector c00 = FloatVector.zero(F), c01 = c00, c10 = c00, c11 = c00;
        FloatVector d00 = c00, d01 = c00, d10 = c00, d11 = c00;
        int a0 = aOff, a1 = a0 + lda;
        int p = 0;
        for (; p + 1 < kc; p += 2) {
            int bo = p * NR;
            FloatVector b0 = FloatVector.fromArray(F, pan, bo);
            FloatVector b1 = FloatVector.fromArray(F, pan, bo + L);
            FloatVector x = FloatVector.broadcast(F, a[a0 + p]);
            c00 = b0.fma(x, c00);
            c01 = b1.fma(x, c01);
            x = FloatVector.broadcast(F, a[a1 + p]);
            c10 = b0.fma(x, c10);
            c11 = b1.fma(x, c11);
            b0 = FloatVector.fromArray(F, pan, bo + NR);
            b1 = FloatVector.fromArray(F, pan, bo + NR + L);
            x = FloatVector.broadcast(F, a[a0 + p + 1]);
            d00 = b0.fma(x, d00);
            d01 = b1.fma(x, d01);
            x = FloatVector.broadcast(F, a[a1 + p + 1]);
            d10 = b0.fma(x, d10);
            d11 = b1.fma(x, d11);
        }
        if (p < kc) {
            int bo = p * NR;
            FloatVector b0 = FloatVector.fromArray(F, pan, bo);
            FloatVector b1 = FloatVector.fromArray(F, pan, bo + L);
            FloatVector x = FloatVector.broadcast(F, a[a0 + p]);
            c00 = b0.fma(x, c00);
            c01 = b1.fma(x, c01);
            x = FloatVector.broadcast(F, a[a1 + p]);
            c10 = b0.fma(x, c10);
            c11 = b1.fma(x, c11);
        }
        c00 = c00.add(d00);
        c01 = c01.add(d01);
        c10 = c10.add(d10);
        c11 = c11.add(d11);
        if (acc) {
            c00 = c00.add(FloatVector.fromArray(F, c, co));
            c01 = c01.add(FloatVector.fromArray(F, c, co + L));
            c10 = c10.add(FloatVector.fromArray(F, c, co + ldc));
            c11 = c11.add(FloatVector.fromArray(F, c, co + ldc + L));
        }
        c00.intoArray(c, co);
        c01.intoArray(c, co + L);
        c10.intoArray(c, co + ldc);
        c11.intoArray(c, co + ldc + L);
    }

    /**
     * {@code C[m x n] (+)= A[m x k]} (columns {@code pc .. pc + kc}) times the panel {@code pan} for columns
     * {@code j0 .. j0 + NR} of C, accumulating when {@code pc > 0}. Written straight into C when the panel is whole,
     * else through {@code tile} ({@code MR x NR}), only the {@code n - j0} columns that exist copied back.
     */
    static void panel(float[] a, int m, int k, int pc, int kc, float[] pan, float[] c, int n, int j0, float[] tile) {
        int nr = Math.min(NR, n - j0);
        boolean acc = pc > 0;
        // six-row tiles, leaving 4 + 4 rather than 2
        int six = m % MR == 2 && m >= MR + 2 ? m / MR - 1 : m / MR;
        int i = 0;
        for (; i < six * MR; i += MR) {
            if (nr == NR) {
                PanelKernels.micro6(a, k, i * k + pc, kc, pan, 0, c, i * n + j0, n, acc);
            } else {
                load(c, i, MR, n, j0, nr, tile, acc);
                PanelKernels.micro6(a, k, i * k + pc, kc, pan, 0, tile, 0, NR, acc);
                save(tile, i, MR, n, j0, nr, c);
            }
        }
        for (; i + 4 <= m; i += 4) {
            if (nr == NR) {
                micro4(a, k, i * k + pc, kc, pan, c, i * n + j0, n, acc);
            } else {
                load(c, i, 4, n, j0, nr, tile, acc);
                micro4(a, k, i * k + pc, kc, pan, tile, 0, NR, acc);
                save(tile, i, 4, n, j0, nr, c);
            }
        }
        if (i + 2 <= m) {
            if (nr == NR) {
                micro2(a, k, i * k + pc, kc, pan, c, i * n + j0, n, acc);
            } else {
                load(c, i, 2, n, j0, nr, tile, acc);
                micro2(a, k, i * k + pc, kc, pan, tile, 0, NR, acc);
                save(tile, i, 2, n, j0, nr, c);
            }
            i += 2;
        }
        if (i < m) {
            if (nr == NR) {
                PanelKernels.micro1(a, i * k + pc, kc, pan, 0, c, i * n + j0, acc);
            } else {
                load(c, i, 1, n, j0, nr, tile, acc);
                PanelKernels.micro1(a, i * k + pc, kc, pan, 0, tile, 0, acc);
                save(tile, i, 1, n, j0, nr, c);
            }
        }
    }

    private static void load(float[] c, int i, int rows, int n, int j0, int nr, float[] tile, boolean acc) {
        if (acc) {
            for (int r = 0; r < rows; r++) {
                System.arraycopy(c, (i + r) * n + j0, tile, r * NR, nr);
            }
        }
    }

    private static void save(float[] tile, int i, int rows, int n, int j0, int nr, float[] c) {
        for (int r = 0; r < rows; r++) {
            System.arraycopy(tile, r * NR, c, (i + r) * n + j0, nr);
        }
    }
}
