package dev.panbench.adapters.cpusimd.kernels;

import jdk.incubator.vector.FloatVector;

import java.util.Arrays;

import static dev.panbench.adapters.cpusimd.kernels.Simd.F;
import static dev.panbench.adapters.cpusimd.kernels.Simd.L;

/**
 * Row-major single-precision matrix multiply {@code C[m x n] = A[m x k] * B[k x n]}: the naive triple loop, and a
 * blocked Vector API version in the BLIS style (pack a {@code kc x nc} panel of B and an {@code mc x kc} block of A,
 * then a register-tiled {@code MR x NR} micro-kernel). The tile and the block sizes are read from the machine (vector
 * width, register file, cache sizes) by {@link GemmBlocking}, which says why each is what it is.
 */
public final class Gemm {

    /** Rows of this machine's register tile. */
    public static final int MR = GemmBlocking.MACHINE.mr();
    /** Columns of this machine's register tile, a whole number of vectors. */
    public static final int NR = GemmBlocking.MACHINE.nr();

    private Gemm() {
    }

    /** This machine's tile and block sizes, e.g. {@code 3x24 tile, kc 256, mc 126, nc 16368}. */
    public static String describe() {
        return GemmBlocking.MACHINE.describe();
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
        private final GemmTile tile;
        private final int mr;
        private final int nr;
        private final int kc;
        private final int mc;
        private final int nc;
        private final float[] bPack;
        private final float[][] aPack;
        private final float[][] edge;

        public Blocked(int m, int n, int k, int threads) {
            this(m, n, k, threads, GemmBlocking.MACHINE);
        }

        Blocked(int m, int n, int k, int threads, GemmBlocking blocking) {
            this.m = m;
            this.n = n;
            this.k = k;
            this.threads = Math.max(1, threads);
            this.tile = blocking.tile();
            this.mr = blocking.mr();
            this.nr = blocking.nr();
            this.kc = Math.max(1, Math.min(k, blocking.kc()));
            this.mc = roundUp(Math.min(Math.max(m, 1), blocking.mcFor(this.kc)), mr);
            this.nc = roundUp(Math.min(Math.max(n, 1), blocking.nc()), nr);
            this.bPack = new float[kc * nc];
            this.aPack = new float[this.threads][mc * kc];
            this.edge = new float[this.threads][mr * nr];
        }

        public void multiply(float[] a, float[] b, float[] c) {
            if (a.length < m * k || b.length < k * n || c.length < m * n) {
                throw new IllegalArgumentException("arrays too short for " + m + "x" + n + "x" + k);
            }
            if (k == 0) {
                Arrays.fill(c, 0, m * n, 0f);
                return;
            }
            int mBlocks = (m + mc - 1) / mc;
            for (int jc = 0; jc < n; jc += nc) {
                int ncur = Math.min(nc, n - jc);
                for (int pc = 0; pc < k; pc += kc) {
                    int kcur = Math.min(kc, k - pc);
                    packB(b, pc, kcur, jc, ncur);
                    boolean accumulate = pc > 0;
                    if (threads == 1 || mBlocks == 1) {
                        for (int blk = 0; blk < mBlocks; blk++) {
                            block(a, c, blk * mc, jc, ncur, pc, kcur, accumulate, aPack[0], edge[0]);
                        }
                    } else {
                        int jc0 = jc;
                        int pc0 = pc;
                        Parallel.forRange(threads, threads, 1, (lo, hi) -> {
                            for (int t = lo; t < hi; t++) {
                                for (int blk = t; blk < mBlocks; blk += threads) {
                                    block(a, c, blk * mc, jc0, ncur, pc0, kcur, accumulate, aPack[t], edge[t]);
                                }
                            }
                        });
                    }
                }
            }
        }

        /**
         * B[pc.., jc..] as {@code nr}-wide micro-panels, each {@code kcur x nr} row after row, zero-padded. Panel by
         * panel, so that the stores go in order: row by row of B instead (reads in order, the stores of each row spread
         * over every micro-panel, whose starts are a multiple of 4 KiB apart at {@code kcur = 256} and so share the
         * same few sets of L1) packed 256 x 256 in 9.7 us where this takes 5.9 (Zen 4, 256 bits), and a pass of 256
         * x 1024 in 64 us where this takes 59. A micro-panel's row is whole vectors, written out for the tiles' two
         * and three.
         */
        private void packB(float[] b, int pc, int kcur, int jc, int ncur) {
            int full = ncur / nr * nr;
            int vectors = nr / L;
            for (int jr = 0; jr < full; jr += nr) {
                int d = jr * kcur;
                int s = pc * n + jc + jr;
                if (vectors == 3) {
                    for (int p = 0; p < kcur; p++, d += nr, s += n) {
                        FloatVector.fromArray(F, b, s).intoArray(bPack, d);
                        FloatVector.fromArray(F, b, s + L).intoArray(bPack, d + L);
                        FloatVector.fromArray(F, b, s + 2 * L).intoArray(bPack, d + 2 * L);
                    }
                } else if (vectors == 2) {
                    for (int p = 0; p < kcur; p++, d += nr, s += n) {
                        FloatVector.fromArray(F, b, s).intoArray(bPack, d);
                        FloatVector.fromArray(F, b, s + L).intoArray(bPack, d + L);
                    }
                } else {
                    for (int p = 0; p < kcur; p++, d += nr, s += n) {
                        for (int v = 0; v < nr; v += L) {
                            FloatVector.fromArray(F, b, s + v).intoArray(bPack, d + v);
                        }
                    }
                }
            }
            if (full < ncur) {
                int w = ncur - full;
                int d = full * kcur;
                int s = pc * n + jc + full;
                for (int p = 0; p < kcur; p++, d += nr, s += n) {
                    int j = 0;
                    for (; j + L <= w; j += L) {
                        FloatVector.fromArray(F, b, s + j).intoArray(bPack, d + j);
                    }
                    for (; j < w; j++) {
                        bPack[d + j] = b[s + j];
                    }
                    for (; j < nr; j++) {
                        bPack[d + j] = 0f;
                    }
                }
            }
        }

        /**
         * A[ic.., pc..] as {@code mr}-tall micro-panels, each {@code kcur} steps of {@code mr} values, zero-padded.
         * Step by step, so that the panel is written in order and each row of A is read in order ({@code mr} streams
         * the prefetcher follows); writing one row of the panel at a time instead strides the stores by {@code mr}
         * and goes over the panel {@code mr} times: packing A took 7% of a 1024 multiply's samples that way, 4% this
         * way, and the three- and eight-row tiles' packing is vectorized on top ({@link GemmPackA}). Reading A in
         * place instead of packing it (three rows {@code k} apart) ran the multiply at 64 GFLOP/s instead of 76: at
         * {@code k = 1024} the rows are 4 KiB apart and a block of them shares the same few sets of L1 and L2.
         */
        private void packA(float[] a, int ic, int mcur, int pc, int kcur, float[] ap) {
            for (int ir = 0; ir < mcur; ir += mr) {
                int h = Math.min(mr, mcur - ir);
                int base = ir * kcur;
                int src = (ic + ir) * k + pc;
                if (h == 3 && mr == 3) {
                    GemmPackA.rows3(a, src, src + k, src + 2 * k, kcur, ap, base);
                } else if (h == 4 && mr == 4 && L >= 4) {
                    GemmPackA.rows4(a, src, k, kcur, ap, base);
                } else if (h == 8 && mr == 8 && L >= 8) {
                    GemmPackA.rows8(a, src, k, kcur, ap, base);
                } else if (h == mr) {
                    for (int p = 0; p < kcur; p++) {
                        int d = base + p * mr;
                        for (int r = 0; r < mr; r++) {
                            ap[d + r] = a[src + r * k + p];
                        }
                    }
                } else {
                    for (int p = 0; p < kcur; p++) {
                        int d = base + p * mr;
                        for (int r = 0; r < mr; r++) {
                            ap[d + r] = r < h ? a[src + r * k + p] : 0f;
                        }
                    }
                }
            }
        }

        private void block(float[] a, float[] c, int ic, int jc, int ncur, int pc, int kcur, boolean accumulate,
                           float[] ap, float[] tileBuf) {
            int mcur = Math.min(mc, m - ic);
            packA(a, ic, mcur, pc, kcur, ap);
            float touched = 0f;
            for (int jr = 0; jr < ncur; jr += nr) {
                int w = Math.min(nr, ncur - jr);
                for (int ir = 0; ir < mcur; ir += mr) {
                    int h = Math.min(mr, mcur - ir);
                    int cOff = (ic + ir) * n + jc + jr;
                    if (h == mr && w == nr) {
                        touched += micro(ap, ir * kcur, jr * kcur, kcur, c, cOff, n, accumulate,
                                next(ic, jc, ncur, mcur, ir, jr, cOff));
                    } else if (h == mr && w % L == 0) {
                        GemmMicroKernels.narrow(tile, w / L, ap, ir * kcur, bPack, jr * kcur, nr, kcur, c, cOff, n,
                                accumulate);
                    } else {
                        touched += micro(ap, ir * kcur, jr * kcur, kcur, tileBuf, 0, nr, false, 0);
                        mergeEdge(tileBuf, c, cOff, h, w, accumulate);
                    }
                }
            }
            // kept where the JIT cannot drop it, so the loads that fetch the next tiles of C stay; the buffer's first
            // element is scratch, rewritten by the next edge tile before it is read
            tileBuf[0] = touched;
        }

        /** The {@code h x w} corner of a tile computed into {@code tileBuf}, into (or onto) C: a vector at a time. */
        private void mergeEdge(float[] tileBuf, float[] c, int cOff, int h, int w, boolean accumulate) {
            for (int r = 0; r < h; r++) {
                int src = r * nr;
                int dst = cOff + r * n;
                int j = 0;
                for (; j + L <= w; j += L) {
                    FloatVector v = FloatVector.fromArray(F, tileBuf, src + j);
                    (accumulate ? v.add(FloatVector.fromArray(F, c, dst + j)) : v).intoArray(c, dst + j);
                }
                for (; j < w; j++) {
                    c[dst + j] = accumulate ? c[dst + j] + tileBuf[src + j] : tileBuf[src + j];
                }
            }
        }

        /**
         * Where the register tile after {@code (ir, jr)} starts in C, for the micro-kernel to touch its lines while it
         * computes this one: the tile below, or the first of the next column of tiles; {@code cOff} itself when the
         * next tile is an edge tile (computed through the tile buffer) or there is none.
         */
        private int next(int ic, int jc, int ncur, int mcur, int ir, int jr, int cOff) {
            if (ir + 2 * mr <= mcur) {
                return cOff + mr * n;
            }
            return jr + 2 * nr <= ncur && mr <= mcur ? ic * n + jc + jr + nr : cOff;
        }

        private float micro(float[] ap, int aOff, int bOff, int kcur, float[] c, int cOff, int ldc,
                            boolean accumulate, int next) {
            return switch (tile) {
                case TILE_3X3 -> GemmMicroKernels.tile3x3(ap, aOff, bPack, bOff, kcur, c, cOff, ldc, accumulate, next);
                case TILE_4X3 -> GemmMicroKernels.tile4x3(ap, aOff, bPack, bOff, kcur, c, cOff, ldc, accumulate, next);
                case TILE_8X2 -> GemmMicroKernels.tile8x2(ap, aOff, bPack, bOff, kcur, c, cOff, ldc, accumulate, next);
            };
        }
    }

    private static int roundUp(int x, int to) {
        return (x + to - 1) / to * to;
    }
}
