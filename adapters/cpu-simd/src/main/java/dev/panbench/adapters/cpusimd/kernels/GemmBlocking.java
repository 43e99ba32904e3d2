package dev.panbench.adapters.cpusimd.kernels;

/**
 * The block sizes of {@link Gemm}, BLIS's scheme with the sizes read from the machine instead of a table:
 * <ul>
 *   <li>{@code mr x nr}: the register tile ({@link GemmTile}), {@code nr} a whole number of vectors.</li>
 *   <li>{@code kc}: the depth of one pass. The {@code kc x nr} micro-panel of packed B is reused by every register
 *   tile of a block of A, so it should stay near the core. Each pass reads and writes all of C once, so a deeper
 *   pass costs less C traffic. A tile whose micro-panel of B must sit in L1 ({@link GemmTile#bFromL2} false) takes
 *   three quarters of L1, the rest for the {@code mr x kc} micro-panel of A streaming past and the lines of C (on
 *   an AVX2 core, 32 KiB L1 and a 3 x 24 tile, a depth of a half of L1 ran the multiply at 1024 about 8% slower than
 *   three quarters). The tiles take their micro-panel from L2 as fast as they multiply (the 3 x 3: 3 vectors a step
 *   for 9 multiply-adds; the 4 x 3: 3 for 12; the 8 x 2: 2 for 16), so their depth is sized by L2: an eighth of it, on Zen 4
 *   (1 MiB L2) 1024 for both, so that a multiply of depth up to 1024 is one pass and writes C once, without
 *   reading it back. At 1024 on Zen 4 (interleaved in one JVM, fastest of 16), against the depths sized from L1
 *   (4 x 3, kc 256) and from a sixteenth of L2 (8 x 2, kc 512): 4 x 3 from 21.05 to 20.01 ms, 8 x 2 from 20.52 to
 *   19.87 ms; depths of 512 and 768 lay between. Paired ({@code panbench ab}): 1024 from 20.8 to 19.9 ms at 512
 *   bits (-3.9%), from 21.2 to 20.1 ms at 256 bits (-5.4%), 256 unchanged at both. At least 32, a multiple of 8, at
 *   most 1024.</li>
 *   <li>{@code mc}: rows of the packed {@code mc x kc} block of A, which every micro-panel of B sweeps in turn, from
 *   L2: a quarter of L2 where B's micro-panel is in L1 (B's micro-panels and C pass through it too; half of L2 ran
 *   5% slower), an eighth where B's micro-panel streams from L2 beside it (4 x 3 at 1024 on Zen 4, kc 1024: 16 to
 *   64 rows within 1% of each other, 256 rows 2% slower), a multiple of {@code mr}. The block's bytes are what L2
 *   holds, so a multiply shallower than {@code kc} takes more rows ({@link #mcFor}): at 256 the 4 x 3 tile's 32
 *   rows of depth 1024 become 128 of depth 256 (32 ran 1.5% slower there).</li>
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
        long panelBytes = tile.bFromL2() ? caches.l2() / 8 : caches.l1() * 3 / 4;
        int kc = clamp(panelBytes / ((long) Float.BYTES * nr), 32, 1024) / 8 * 8;
        long blockBytes = tile.bFromL2() ? caches.l2() / 8 : caches.l2() / 4;
        int mc = Math.max(mr, clamp(blockBytes / ((long) Float.BYTES * kc), mr, 4096) / mr * mr);
        int nc = Math.max(nr, clamp(caches.l3() / 2 / ((long) Float.BYTES * kc), nr, 1 << 16) / nr * nr);
        return new GemmBlocking(tile, mr, nr, kc, mc, nc);
    }

    /** Rows of A in a block of depth {@code kcur} (at most {@code kc}) that take the bytes of {@code mc x kc}. */
    int mcFor(int kcur) {
        long rows = (long) mc * kc / Math.max(1, Math.min(kc, kcur));
        return Math.max(mr, clamp(rows, mr, Math.max(mc, 4096)) / mr * mr);
    }

    private static int clamp(long v, int lo, int hi) {
        return (int) Math.max(lo, Math.min(hi, v));
    }

    /** One line for reports and logs, e.g. {@code 3x24 tile, kc 256, mc 126, nc 16368}. */
    String describe() {
        return mr + "x" + nr + " tile, kc " + kc + ", mc " + mc + ", nc " + nc;
    }
}
