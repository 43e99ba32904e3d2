package dev.panbench.adapters.cpusimd.kernels;

/**
 * {@code C[m x n] = A[m x k] W[k x n]} for a weight matrix W known in advance (a layer's): W is packed once, at
 * construction, into panels of {@code NR = 2L} columns ({@code [n / NR][k][NR]}, the last panel zero-padded), so a
 * multiply packs nothing. Per panel and per {@code KC} rows of k (an L1-sized slice), every six-row tile of C runs
 * the {@link PanelKernels} register tile with A read in place; {@code threads} split the panels. Any m: the rows of
 * a layer's tokens or a decode step's few.
 */
public final class PackedGemm {

    static final int NR = PanelKernels.NR;
    static final int KC = 256;

    private final int n;
    private final int k;
    private final int panels;
    private final int threads;
    private final float[] packed;
    private final float[][] tile;

    public PackedGemm(float[] w, int k, int n, int threads) {
        this.n = n;
        this.k = k;
        this.panels = (n + NR - 1) / NR;
        this.threads = Math.max(1, threads);
        this.packed = new float[Math.multiplyExact(panels * NR, k)];
        for (int jp = 0; jp < panels; jp++) {
            int j0 = jp * NR;
            int nr = Math.min(NR, n - j0);
            for (int p = 0; p < k; p++) {
                System.arraycopy(w, p * n + j0, packed, (jp * k + p) * NR, nr);
            }
        }
        this.tile = new float[this.threads][PanelKernels.MR * NR];
    }

    public void multiply(float[] a, int m, float[] c) {
        if (threads == 1) {
            for (int jp = 0; jp < panels; jp++) {
                panel(a, m, c, jp, tile[0]);
            }
            return;
        }
        Parallel.forRange(threads, threads, 1, (lo, hi) -> {
            for (int t = lo; t < hi; t++) {
                for (int jp = t; jp < panels; jp += threads) {
                    panel(a, m, c, jp, tile[t]);
                }
            }
        });
    }

    private void panel(float[] a, int m, float[] c, int jp, float[] tl) {
        for (int pc = 0; pc < k; pc += KC) {
            int kc = Math.min(KC, k - pc);
            PanelKernels.panel(a, m, k, pc, kc, packed, (jp * k + pc) * NR, c, n, jp * NR, tl);
        }
    }
}
