package dev.panbench.adapters.cpusimd.kernels;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.ShortVector;
import jdk.incubator.vector.VectorOperators;

import static dev.panbench.adapters.cpusimd.kernels.Simd.F;
import static dev.panbench.adapters.cpusimd.kernels.Simd.I;
import static dev.panbench.adapters.cpusimd.kernels.Simd.L;
import static dev.panbench.adapters.cpusimd.kernels.Simd.S;

/**
 * {@code C[m x n] = A[m x k] W[k x n]} with W in bfloat16 and A, C and every sum in float32: the weights stay 16 bits
 * a value in memory and are widened in registers, never written out as float32. W is packed once into panels of
 * {@code NR = 2L} columns ({@code [n / NR][k][NR]} 16-bit patterns, the last panel zero-padded), as
 * {@link PackedGemm} packs float32; a panel row is two vectors of {@code L} shorts, each sign-extended to int lanes
 * and shifted left by 16, which is the float32 whose top half the pattern is (exact), then multiply-added in float32.
 * Six rows of A share each widened row of the panel (twelve accumulators, the {@link PanelKernels} tile); a single
 * row (a decode step's token) runs two steps of k at a time into four. From two tiles of rows on (a layer's tokens)
 * each {@code KC}-row slice of a panel is widened once into a float32 buffer of the thread's, {@code KC x NR} (32 KiB
 * at 512 bits, in L1 or L2), and every tile runs {@link PanelKernels}' float32 tile on it: widening in registers costs
 * a conversion and a shift per vector of every tile, while the buffer pays them once per slice. {@code threads} split
 * the panels.
 */
public final class Bf16Gemm {

    static final int NR = 2 * L;
    static final int MR = 6;
    static final int KC = 256;

    private final int n, k, panels, threads;
    private final short[] packed;
    private final float[][] tile, wide;

    /** @param w the 16-bit patterns of W, row-major {@code [k][n]} */
    public Bf16Gemm(short[] w, int k, int n, int threads) {
        if (k < 1 || n < 1 || w.length != (long) k * n) {
            throw new IllegalArgumentException("k=" + k + ", n=" + n + ": expected " + (long) k * n
                    + " patterns, got " + w.length);
        }
        this.n = n;
        this.k = k;
        this.panels = (n + NR - 1) / NR;
        this.threads = Math.max(1, threads);
        this.packed = new short[Math.multiplyExact(panels * NR, k)];
        for (int jp = 0; jp < panels; jp++) {
            int j0 = jp * NR, nr = Math.min(NR, n - j0);
            for (int p = 0; p < k; p++) {
                System.arraycopy(w, p * n + j0, packed, (jp * k + p) * NR, nr);
            }
        }
        this.tile = new float[this.threads][MR * NR];
        this.wide = new float[this.threads][Math.min(KC, k) * NR];
    }

    /** Bytes of the packed weights: what a multiply reads besides A. */
    public long weightBytes() {
        return 2L * packed.length;
    }

    /** {@code [k][sum of n_i]}: each {@code [k][n_i]} part's columns after the previous part's. */
    public static short[] joinColumns(int k, short[]... parts) {
        int n = 0;
        for (short[] part : parts) {
            n += part.length / k;
        }
        short[] w = new short[Math.multiplyExact(k, n)];
        int col = 0;
        for (short[] part : parts) {
            int width = part.length / k;
            for (int p = 0; p < k; p++) {
                System.arraycopy(part, p * width, w, p * n + col, width);
            }
            col += width;
        }
        return w;
    }

    public void multiply(float[] a, int m, float[] c) {
        if (threads == 1) {
            for (int jp = 0; jp < panels; jp++) {
                panel(a, m, c, jp, tile[0], wide[0]);
            }
            return;
        }
        int per = (panels + threads - 1) / threads;
        Parallel.forRange(threads, threads, 1, (lo, hi) -> {
            for (int t = lo; t < hi; t++) {
                for (int jp = Math.min(panels, t * per); jp < Math.min(panels, (t + 1) * per); jp++) {
                    panel(a, m, c, jp, tile[t], wide[t]);
                }
            }
        });
    }

    private void panel(float[] a, int m, float[] c, int jp, float[] tl, float[] wd) {
        int j0 = jp * NR, nr = Math.min(NR, n - j0);
        boolean widened = m >= 2 * MR;
        for (int pc = 0; pc < k; pc += KC) {
            int kc = Math.min(KC, k - pc), po = (jp * k + pc) * NR;
            boolean acc = pc > 0;
            if (widened) {
                for (int p = 0, o = po; p < kc; p++, o += NR) {
                    widen(o).intoArray(wd, p * NR);
                    widen(o + L).intoArray(wd, p * NR + L);
                }
            }
            int i = 0;
            for (; i + MR <= m; i += MR) {
                if (nr == NR) {
                    if (widened) {
                        PanelKernels.micro6(a, k, i * k + pc, kc, wd, 0, c, i * n + j0, n, acc);
                    } else {
                        micro6(a, k, i * k + pc, kc, po, c, i * n + j0, n, acc);
                    }
                } else {
                    for (int r = 0; acc && r < MR; r++) {
                        System.arraycopy(c, (i + r) * n + j0, tl, r * NR, nr);
                    }
                    if (widened) {
                        PanelKernels.micro6(a, k, i * k + pc, kc, wd, 0, tl, 0, NR, acc);
                    } else {
                        micro6(a, k, i * k + pc, kc, po, tl, 0, NR, acc);
                    }
                    for (int r = 0; r < MR; r++) {
                        System.arraycopy(tl, r * NR, c, (i + r) * n + j0, nr);
                    }
                }
            }
            for (; i < m; i++) {
                if (nr == NR) {
                    micro1(a, i * k + pc, kc, po, c, i * n + j0, acc);
                } else {
                    if (acc) {
                        System.arraycopy(c, i * n + j0, tl, 0, nr);
                    }
                    micro1(a, i * k + pc, kc, po, tl, 0, acc);
                    System.arraycopy(tl, 0, c, i * n + j0, nr);
                }
            }
        }
    }

    /** {@code L} patterns at {@code o}, widened: sign-extended to int lanes, shifted into the top half. */
    private FloatVector widen(int o) {
        return ((IntVector) ShortVector.fromArray(S, packed, o).convertShape(VectorOperators.S2I, I, 0))
                .lanewise(VectorOperators.LSHL, 16).reinterpretAsFloats();
    }

    private void micro6(float[] a, int lda, int aOff, int kc, int po, float[] c, int co, int ldc, boolean acc) {
        FloatVector c00 = FloatVector.zero(F), c01 = c00, c10 = c00, c11 = c00, c20 = c00, c21 = c00;
        FloatVector c30 = c00, c31 = c00, c40 = c00, c41 = c00, c50 = c00, c51 = c00;
        int a0 = aOff, a1 = a0 + lda, a2 = a1 + lda, a3 = a2 + lda, a4 = a3 + lda, a5 = a4 + lda;
        for (int p = 0, bo = po; p < kc; p++, bo += NR) {
            FloatVector b0 = widen(bo);
            FloatVector b1 = widen(bo + L);
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

    private void micro1(float[] a, int aOff, int kc, int po, float[] c, int co, boolean acc) {
        FloatVector c0 = FloatVector.zero(F), c1 = c0, d0 = c0, d1 = c0;
        int p = 0;
        for (; p + 1 < kc; p += 2) {
            int bo = po + p * NR;
            FloatVector x = FloatVector.broadcast(F, a[aOff + p]);
            c0 = widen(bo).fma(x, c0);
            c1 = widen(bo + L).fma(x, c1);
            x = FloatVector.broadcast(F, a[aOff + p + 1]);
            d0 = widen(bo + NR).fma(x, d0);
            d1 = widen(bo + NR + L).fma(x, d1);
        }
        for (; p < kc; p++) {
            FloatVector x = FloatVector.broadcast(F, a[aOff + p]);
            c0 = widen(po + p * NR).fma(x, c0);
            c1 = widen(po + p * NR + L).fma(x, c1);
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
}
