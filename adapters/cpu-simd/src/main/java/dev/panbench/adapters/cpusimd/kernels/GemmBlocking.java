package dev.panbench.adapters.cpusimd.kernels;

/**
 * The block sizes of {@link Gemm}, BLIS's scheme with the sizes read from the machine instead of a table:
 * <ul>
 *   <li>{@code mr x nr}: the register tile ({@link GemmTile}), {@code nr} a whole number of vectors.</li>
 *   <li>{@code kc}: the depth of one pass. The {@code kc x nr} micro-panel of packed B is reused by every register
 *   tile of a block of A, so it should stay near the core: three quarters of L1, the rest for the {@code mr x kc}
 *   micro-panel of A streaming past and the lines of C. Each pass reads and writes all of C once, so a deeper pass
 *   costs less C traffic; on an AVX2 core (32 KiB L1, 3 x 24 tile) a depth of a half of L1 (168) ran the multiply at
 *   1024 about 8% slower than three quarters (256), and deeper still gained nothing. At least 32, a multiple of 8.</li>
 *   <li>{@code mc}: rows of the packed {@code mc x kc} block of A, which every micro-panel of B sweeps in turn, from
 *   L2: a quarter of L2 (B's micro-panels and C pass through it too; half of L2 ran 5% slower), a multiple of
 *   {@code mr}.</li>
 *   <li>{@code nc}: columns of the packed {@code kc x nc} panel of B, read once per block of A: half of L3 (shared by
 *   the cores, and other data is there too), a multiple of {@code nr}.</li>
 * </ul>
 */
record GemmBlocking(GemmTile tile, int mr, int nr, int kc, int mc, int nc) {

    /** The blocking for this machine: its vector width and architecture, and cpu0's caches. */
    static final GemmBlocking MACHINE = of(GemmTile.forMachine(System.getProperty("os.arch"), Simd.L), Simd.L,
            CacheSizes.cpu0());

    static GemmBlocking of(GemmTile tile, int lanes, CacheSizes caches) {
        int mr = tile.rows;
        int nr = tile.columns(lanes);
        int kc = clamp(caches.l1() * 3 / 4 / (Float.BYTES * nr), 32, 1024) / 8 * 8;
        int mc = Math.max(mr, clamp(caches.l2() / 4 / ((long) Float.BYTES * kc), mr, 4096) / mr * mr);
        int nc = Math.max(nr, clamp(caches.l3() / 2 / ((long) Float.BYTES * kc), nr, 1 << 16) / nr * nr);
        return new GemmBlocking(tile, mr, nr, kc, mc, nc);
    }

    private static int clamp(long v, int lo, int hi) {
        return (int) Math.max(lo, Math.min(hi, v));
    }

    /** One line for reports and logs, e.g. {@code 3x24 tile, kc 256, mc 126, nc 16368}. */
    String describe() {
        return mr + "x" + nr + " tile, kc " + kc + ", mc " + mc + ", nc " + nc;
    }
}
