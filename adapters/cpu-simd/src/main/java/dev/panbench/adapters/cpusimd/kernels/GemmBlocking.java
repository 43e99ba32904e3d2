package dev.panbench.adapters.cpusimd.kernels;

/**
 * The block sizes of {@link Gemm}, BLIS's scheme with the sizes read from the machine instead of a table:
 * <ul>
 *   <li>{@code mr x nr}: the register tile ({@link GemmTile}), {@code nr} a whole number of vectors.</li>
 *   <li>{@code kc}: the depth of one pass. The {@code kc x nr} micro-panel of packed B is reused by every register
 *   tile of a block of A, so it should stay near the core. Each pass reads and writes all of C once, so a deeper
 *   pass costs less C traffic. A tile that loads a vector of B for every two or three multiply-adds (the 3 x 3)
 *   keeps its micro-panel in L1: three quarters of it, the rest for the {@code mr x kc} micro-panel of A streaming
 *   past and the lines of C; on an AVX2 core (32 KiB L1, 3 x 24 tile) a depth of a half of L1 (168) ran the
 *   multiply at 1024 about 8% slower than three quarters (256), and deeper still gained nothing. The 4 x 3 tile (one
 *   vector of B for every four multiply-adds) is sized the same way: at 1024 on Zen 4 at 256 bits, depths of 256, 320,
 *   384 and 512 ran within 2% of each other (interleaved in one JVM, 512 the fastest by 1%). A tile that loads
 *   one for eight or more (the 8 x 2: 2 vectors a step for 16 multiply-adds, 8 bytes a cycle at 512 bits) can take
 *   its micro-panel from L2 as fast as it multiplies, so its depth is sized by L2 instead: a sixteenth of it, as
 *   deep as BLIS's 480 for Zen 4 (its 32 x 12 tile streams its wider operand from L2 as well). On Zen 4 (1 MiB L2)
 *   that is 512 where three quarters of L1 gave 192: six passes over C at 1024 became two, and the multiply ran at
 *   97 GFLOP/s instead of 87 (fastest of 30, interleaved in one JVM; 384 ran at 94, 1024 at 100). At least 32, a
 *   multiple of 8, at most 1024.</li>
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
        long panelBytes = tile.bFromL2() ? caches.l2() / 16 : caches.l1() * 3 / 4;
        int kc = clamp(panelBytes / ((long) Float.BYTES * nr), 32, 1024) / 8 * 8;
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
