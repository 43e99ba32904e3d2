package dev.panbench.adapters.cpusimd.kernels;

/**
 * {@code C[m x n] = A[m x k] dequant(W)} for weights stored in few bits with float scales ({@link Int4Gemm},
 * {@link Int8Gemm}): the float32 GEMM's multiply-adds, with the weights read at their stored size and each
 * dequantized once per multiply.
 * <p>
 * The weights are repacked at construction into panels of {@code NR} columns ({@link WeightOnlyTiles}), each stored
 * along k in its own compact layout. A multiply walks panel by panel; for each slice of {@code kc} rows of k it
 * dequantizes the slice into a float32 {@code kc x NR} buffer, then runs every row of A past it with the register
 * tiles. Dequantizing costs a few vector operations per {@code L} weights and is paid once, while the multiply-adds on
 * the slice are {@code m} times as many, so from a few rows of A on the quantized product runs at the float32 tile's
 * rate on a panel that is always in cache, where a float32 product streams its packed weights (four or eight times
 * the bytes) from L3 or memory.
 * <p>
 * {@code kc}, the rows of k dequantized at a time: all of k when its float32 panel takes at most a quarter of L2
 * ({@link CacheSizes}), else k cut into the fewest equal slices that do, each a whole number of scale blocks. One
 * slice means C is written once, with no partial sums read back: a row of C is {@code 4n} bytes, so at the BERT FFN's
 * {@code n = 3072} the rows of a register tile fall in one set of L1 and every pass that reloads them misses (slices
 * of 256 rows, three passes at {@code k = 768}, ran 5-8% slower on an AVX2 core, 12% at {@code k = 3072}). The panel,
 * reread from L2 by every tile of rows, costs a six-row tile one 64-byte load per six cycles, which L2 and its
 * prefetcher sustain. With fewer than two tiles of rows (a decode step's few tokens) C is small and dequantizing
 * is most of the work, so the slice is sized to half of L1 instead, where the rows read it back at once (at
 * {@code m = 1} an L2-sized slice ran 15% slower). {@code threads} split the panels between them, each with its own buffer.
 */
public abstract sealed class WeightOnlyGemm permits Int4Gemm, Int8Gemm {

    static final int NR = WeightOnlyTiles.NR;

    protected final int m;
    protected final int n;
    protected final int k;
    protected final int panels;
    private final int threads;
    private final int kc;
    private final float[][] buffer;
    private final float[][] tile;

    WeightOnlyGemm(int m, int n, int k, int block, int threads, CacheSizes caches) {
        if (m < 1 || n < 1 || k < 1 || k % block != 0) {
            throw new IllegalArgumentException("m=" + m + ", n=" + n + ", k=" + k
                    + ": expected positive sizes, k a multiple of " + block);
        }
        this.m = m;
        this.n = n;
        this.k = k;
        this.panels = (n + NR - 1) / NR;
        this.threads = Math.max(1, threads);
        this.kc = depth(caches, block, k, m);
        this.buffer = new float[this.threads][kc * NR];
        this.tile = new float[this.threads][WeightOnlyTiles.MR * NR];
    }

    /**
     * Rows of k per slice: the fewest equal slices of whole blocks whose panel fits a quarter of L2, or half of L1
     * for fewer than two tiles of rows.
     */
    static int depth(CacheSizes caches, int block, int k, int m) {
        long budget = m < 2 * WeightOnlyTiles.MR ? caches.l1() / 2 : caches.l2() / 4;
        long rows = Math.max(block, budget / ((long) Float.BYTES * NR));
        long slices = (k + rows - 1) / rows;
        int blocks = k / block;
        return (int) ((blocks + slices - 1) / slices) * block;
    }

    /** Bytes of the repacked weights and scales (what a multiply reads besides A). */
    public abstract long weightBytes();

    /** Rows {@code pc .. pc + kc} of panel {@code jp} as float32, {@code [kc][NR]}, zero past the last column. */
    abstract void dequantize(int jp, int pc, int kc, float[] pan);

    public final void multiply(float[] a, float[] c) {
        if (threads == 1) {
            for (int jp = 0; jp < panels; jp++) {
                panel(a, c, jp, buffer[0], tile[0]);
            }
            return;
        }
        Parallel.forRange(threads, threads, 1, (lo, hi) -> {
            for (int t = lo; t < hi; t++) {
                for (int jp = t; jp < panels; jp += threads) {
                    panel(a, c, jp, buffer[t], tile[t]);
                }
            }
        });
    }

    private void panel(float[] a, float[] c, int jp, float[] pan, float[] tl) {
        for (int pc = 0; pc < k; pc += kc) {
            int depth = Math.min(kc, k - pc);
            dequantize(jp, pc, depth, pan);
            WeightOnlyTiles.panel(a, m, k, pc, depth, pan, c, n, jp * NR, tl);
        }
    }
}
