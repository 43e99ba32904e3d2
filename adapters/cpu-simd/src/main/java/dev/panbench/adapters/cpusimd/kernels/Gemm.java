package dev.panbench.adapters.cpusimd.kernels;

import jdk.incubator.vector.FloatVector;

import java.util.Arrays;

import static dev.panbench.adapters.cpusimd.kernels.Simd.F;
import static dev.panbench.adapters.cpusimd.kernels.Simd.L;

/**
 * Row-major single-precision matrix multiply {@code C[m x n] = A[m x k] * B[k x n]}: the naive triple loop, and a
 * blocked Vector API version in the BLIS style (pack a {@code KC x NC} panel of B and an {@code MC x KC} block of A,
 * then a register-tiled {@code MR x NR} micro-kernel with {@code MR * NR / L} vector accumulators).
 */
public final class Gemm {

    /** Rows of the register tile. */
    public static final int MR = 6;
    /** Columns of the register tile: two vectors. */
    public static final int NR = 2 * L;
    static final int KC = 256;
    static final int MC = 16 * MR;
    static final int NC = 1024;

    private Gemm() {
    }

    /** The textbook loop: one dot product per element of C, in order. */
    public static void naive(float[] a, float[] b, float[] c, int m, int n, int k) {
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < n; j++) {
                float s = 0f;
                for (int p = 0; p < k; p++) {
                    s += a[i * k + p] * b[p * n + j];
                }
                c[i * n + j] = s;
            }
        }
    }

    /** Row {@code i} of the float64 product, and {@code sum |a||b|} per element (the scale of rounding error). */
    public static void referenceRow(float[] a, float[] b, int n, int k, int i, double[] row, double[] absRow) {
        Arrays.fill(row, 0, n, 0);
        Arrays.fill(absRow, 0, n, 0);
        for (int p = 0; p < k; p++) {
            double av = a[i * k + p];
            int bo = p * n;
            for (int j = 0; j < n; j++) {
                row[j] += av * b[bo + j];
                absRow[j] += Math.abs(av * b[bo + j]);
            }
        }
    }

    /** Packing buffers for one shape and thread count, made once so a multiply allocates nothing. */
    public static final class Blocked {
        private final int m;
        private final int n;
        private final int k;
        private final int threads;
        private final float[] bPack;
        private final float[][] aPack;
        private final float[][] edge;

        public Blocked(int m, int n, int k, int threads) {
            this.m = m;
            this.n = n;
            this.k = k;
            this.threads = Math.max(1, threads);
            int ncMax = roundUp(Math.min(n, NC), NR);
            this.bPack = new float[Math.min(k, KC) * ncMax];
            this.aPack = new float[this.threads][MC * Math.min(k, KC)];
            this.edge = new float[this.threads][MR * NR];
        }

        public void multiply(float[] a, float[] b, float[] c) {
            if (a.length < m * k || b.length < k * n || c.length < m * n) {
                throw new IllegalArgumentException("arrays too short for " + m + "x" + n + "x" + k);
            }
            if (k == 0) {
                Arrays.fill(c, 0, m * n, 0f);
                return;
            }
            int mBlocks = (m + MC - 1) / MC;
            for (int jc = 0; jc < n; jc += NC) {
                int nc = Math.min(NC, n - jc);
                for (int pc = 0; pc < k; pc += KC) {
                    int kc = Math.min(KC, k - pc);
                    packB(b, pc, kc, jc, nc);
                    boolean accumulate = pc > 0;
                    if (threads == 1 || mBlocks == 1) {
                        for (int blk = 0; blk < mBlocks; blk++) {
                            block(a, c, blk * MC, jc, nc, pc, kc, accumulate, aPack[0], edge[0]);
                        }
                    } else {
                        int jc0 = jc;
                        int pc0 = pc;
                        Parallel.forRange(threads, threads, 1, (lo, hi) -> {
                            for (int t = lo; t < hi; t++) {
                                for (int blk = t; blk < mBlocks; blk += threads) {
                                    block(a, c, blk * MC, jc0, nc, pc0, kc, accumulate, aPack[t], edge[t]);
                                }
                            }
                        });
                    }
                }
            }
        }

        private void packB(float[] b, int pc, int kc, int jc, int nc) {
            for (int jr = 0; jr < nc; jr += NR) {
                int nr = Math.min(NR, nc - jr);
                int base = jr * kc;
                for (int p = 0; p < kc; p++) {
                    int src = (pc + p) * n + jc + jr;
                    int dst = base + p * NR;
                    if (nr == NR) {
                        FloatVector.fromArray(F, b, src).intoArray(bPack, dst);
                        FloatVector.fromArray(F, b, src + L).intoArray(bPack, dst + L);
                    } else {
                        for (int j = 0; j < NR; j++) {
                            bPack[dst + j] = j < nr ? b[src + j] : 0f;
                        }
                    }
                }
            }
        }

        private void block(float[] a, float[] c, int ic, int jc, int nc, int pc, int kc, boolean accumulate,
                           float[] ap, float[] tile) {
            int mc = Math.min(MC, m - ic);
            for (int ir = 0; ir < mc; ir += MR) {
                int mr = Math.min(MR, mc - ir);
                int base = ir * kc;
                for (int p = 0; p < kc; p++) {
                    int dst = base + p * MR;
                    for (int r = 0; r < MR; r++) {
                        ap[dst + r] = r < mr ? a[(ic + ir + r) * k + pc + p] : 0f;
                    }
                }
            }
            for (int jr = 0; jr < nc; jr += NR) {
                int nr = Math.min(NR, nc - jr);
                for (int ir = 0; ir < mc; ir += MR) {
                    int mr = Math.min(MR, mc - ir);
                    int cOff = (ic + ir) * n + jc + jr;
                    if (mr == MR && nr == NR) {
                        micro(ap, ir * kc, bPack, jr * kc, kc, c, cOff, n, accumulate);
                    } else {
                        micro(ap, ir * kc, bPack, jr * kc, kc, tile, 0, NR, false);
                        for (int r = 0; r < mr; r++) {
                            for (int j = 0; j < nr; j++) {
                                float v = tile[r * NR + j];
                                c[cOff + r * n + j] = accumulate ? c[cOff + r * n + j] + v : v;
                            }
                        }
                    }
                }
            }
        }
    }

    /** The {@code MR x NR} register tile over {@code kc} packed steps; twelve accumulators live in registers. */
    private static void micro(float[] ap, int aOff, float[] bp, int bOff, int kc, float[] c, int cOff, int ldc,
                              boolean accumulate) {
        FloatVector c00 = FloatVector.zero(F), c01 = c00, c10 = c00, c11 = c00, c20 = c00, c21 = c00;
        FloatVector c30 = c00, c31 = c00, c40 = c00, c41 = c00, c50 = c00, c51 = c00;
        int ai = aOff;
        int bi = bOff;
        for (int p = 0; p < kc; p++, ai += MR, bi += NR) {
            FloatVector b0 = FloatVector.fromArray(F, bp, bi);
            FloatVector b1 = FloatVector.fromArray(F, bp, bi + L);
            FloatVector x = FloatVector.broadcast(F, ap[ai]);
            c00 = b0.fma(x, c00);
            c01 = b1.fma(x, c01);
            x = FloatVector.broadcast(F, ap[ai + 1]);
            c10 = b0.fma(x, c10);
            c11 = b1.fma(x, c11);
            x = FloatVector.broadcast(F, ap[ai + 2]);
            c20 = b0.fma(x, c20);
            c21 = b1.fma(x, c21);
            x = FloatVector.broadcast(F, ap[ai + 3]);
            c30 = b0.fma(x, c30);
            c31 = b1.fma(x, c31);
            x = FloatVector.broadcast(F, ap[ai + 4]);
            c40 = b0.fma(x, c40);
            c41 = b1.fma(x, c41);
            x = FloatVector.broadcast(F, ap[ai + 5]);
            c50 = b0.fma(x, c50);
            c51 = b1.fma(x, c51);
        }
        store(c, cOff, c00, c01, accumulate);
        store(c, cOff + ldc, c10, c11, accumulate);
        store(c, cOff + 2 * ldc, c20, c21, accumulate);
        store(c, cOff + 3 * ldc, c30, c31, accumulate);
        store(c, cOff + 4 * ldc, c40, c41, accumulate);
        store(c, cOff + 5 * ldc, c50, c51, accumulate);
    }

    private static void store(float[] c, int off, FloatVector v0, FloatVector v1, boolean accumulate) {
        if (accumulate) {
            v0 = v0.add(FloatVector.fromArray(F, c, off));
            v1 = v1.add(FloatVector.fromArray(F, c, off + L));
        }
        v0.intoArray(c, off);
        v1.intoArray(c, off + L);
    }

    private static int roundUp(int x, int to) {
        return (x + to - 1) / to * to;
    }
}
