package dev.panbench.adapters.cpusimd.kernels;

import java.util.Locale;

/**
 * The register tile of {@link Gemm}'s micro-kernel, {@code rows x vectors} accumulators, and the choice of one for
 * the machine. The rule that picks it: in every step of its loop a tile holds {@code rows * vectors} accumulators,
 * {@code vectors} values of B, and, because HotSpot's C2 schedules all of a step's broadcasts of A ahead of the
 * multiply-adds, {@code rows} broadcasts at once; the sum must fit the vector register file or an accumulator spills
 * to the stack and its chain of multiply-adds then runs through a store and a load, halving the kernel (a 6 x 2 tile
 * needs 20 of AVX2's 16 registers and ran at 44 GFLOP/s where 3 x 3, 15 registers, ran at 95; 4 x 3, 19 registers,
 * ran at 45). C2's scheduler turns to register pressure only past 14 live vectors, and then breaks ties between a
 * load and a multiply-add that frees nothing by their order in its work list: at {@code -XX:UseAVX=2} on Zen 4 the
 * 6 x 2 held three broadcasts at once and the 5 x 2 all five, each one register too many, and each spilled an
 * accumulator (51 and 43 GFLOP/s in L1, against 108 for the 3 x 3). Giving every multiply-add a broadcast of its own
 * (A packed twice over) makes each one free a register, and the 6 x 2 then fits in 15, but at 14 loads and 36
 * instructions per 12 multiply-adds it ran at 90. Within the register file the tile keeps at least 8 independent accumulators, enough to cover a fused
 * multiply-add's latency (4 cycles) on two FMA pipes, and more where they fit: with 9 a step's multiply-adds take
 * 4.5 cycles against a chain's 4, and any late load stalls a pipe. On Zen 4 at the AVX2 width
 * ({@code -XX:MaxVectorSize=32}, 32 ymm registers through AVX-512VL), over micro-panels in L1, the 3 x 3 tile ran at
 * 101 to 106 GFLOP/s, 6 x 2 at 109 to 111, 8 x 2 at 107 and 4 x 3 at 111 to 114, of a peak of 115; with the same
 * CPU held to 16 registers ({@code -XX:UseAVX=2}) 6 x 2 and 4 x 3 fell to 50 and 3 x 3 kept its speed. The whole
 * multiply with the 4 x 3 tile in place of the 3 x 3 there, paired ({@code panbench ab}): 256 from 359 to 333 us
 * (-7.6%), 1024 from 22.6 to 21.6 ms (-4.5%).
 */
enum GemmTile {

    /** 16 registers (x86 up to AVX2): 9 accumulators + 3 B + 3 A = 15; 3 loads of B and 3 broadcasts per 9 FMAs. */
    TILE_3X3(3, 3),
    /**
     * 32 registers and 8 floats a vector (an AVX-512 x86 at the AVX2 width): 12 accumulators + 3 B + 4 A = 19; 7 loads
     * per 12 FMAs.
     */
    TILE_4X3(4, 3),
    /** 32 registers (AVX-512, ARM NEON/SVE): 16 accumulators + 2 B + 8 A = 26; 10 loads per 16 FMAs. */
    TILE_8X2(8, 2);

    final int rows;
    final int vectors;

    GemmTile(int rows, int vectors) {
        this.rows = rows;
        this.vectors = vectors;
    }

    /** Columns of the tile for {@code lanes} floats per vector. */
    int columns(int lanes) {
        return vectors * lanes;
    }

    /**
     * Whether the tile's packed micro-panel of B streams from L2 rather than sitting in L1, so {@link GemmBlocking}
     * sizes the depth of a pass by L2: every tile does, a deeper pass writing C fewer times. The 4 x 3 and the 8 x 2
     * load one vector of B for every four or more multiply-adds; the 3 x 3 loads one for every three and still kept up
     * at a depth of 1024 on Zen 4 with HotSpot at {@code -XX:UseAVX=2} (16 registers), where the depth from L1 (256)
     * made four passes over C: paired ({@code panbench ab}, 5 pairs), 1024 from 23.4 to 22.0 ms (-5.0%, 90% CI
     * [-6.6%, -3.4%]), 256 unchanged.
     */
    boolean bFromL2() {
        return rows >= 3;
    }

    /** Vector registers the tile needs at most (accumulators, B values, broadcasts of A). */
    int registers() {
        return rows * vectors + vectors + rows;
    }

    /** The tile for this JVM: its architecture, its vector width and the register file its JIT allocates from. */
    static GemmTile forMachine(String osArch, int lanes) {
        return forRegisters(vectorRegisters(osArch, lanes, JitVectorRegisters.EVEX), lanes);
    }

    /**
     * The largest tile that fits {@code registers} at {@code lanes} floats a vector: with 32, the 4 x 3 tile at 8 lanes
     * (the kernel comparison in this class's note; the whole multiply at 1024 on Zen 4 ran at a median 98 GFLOP/s with
     * it and 86 with the 8 x 2, interleaved in one JVM) and the 8 x 2 elsewhere (at 16 lanes on Zen 4 it runs the
     * multiply at 1024 at 97 GFLOP/s and is what AVX-512 has been measured with; NEON's 4 lanes keep it too).
     */
    static GemmTile forRegisters(int registers, int lanes) {
        if (registers >= TILE_8X2.registers()) {
            return lanes == 8 ? TILE_4X3 : TILE_8X2;
        }
        return TILE_3X3;
    }

    /**
     * The vector register file as the JIT sees it: x86 has 16 registers up to AVX2 and 32 where the JIT encodes with
     * EVEX (an AVX-512 CPU whose {@code UseAVX} was left at 3), at every vector width, so an AVX-512 CPU capped at
     * {@code -XX:MaxVectorSize=32} still has 32 ymm registers while {@code -XX:UseAVX=2} gives it AVX2's 16; AArch64
     * has 32; anything else is assumed to have 16. {@code evex} is null where the JVM does not say: then only a
     * preferred species of 16 float lanes implies AVX-512.
     */
    static int vectorRegisters(String osArch, int lanes, Boolean evex) {
        String arch = osArch.toLowerCase(Locale.ROOT);
        if (arch.equals("aarch64") || arch.equals("arm64")) {
            return 32;
        }
        if (!arch.equals("amd64") && !arch.equals("x86_64")) {
            return 16;
        }
        return (evex == null ? lanes >= 16 : evex) ? 32 : 16;
    }
}
