package dev.panbench.adapters.cpusimd.kernels;

import java.util.Locale;

/**
 * The register tile of {@link Gemm}'s micro-kernel, {@code rows x vectors} accumulators, and the choice of one for
 * the machine. The rule that picks it: in every step of its loop a tile holds {@code rows * vectors} accumulators,
 * {@code vectors} values of B, and, because HotSpot's C2 schedules all of a step's broadcasts of A ahead of the
 * multiply-adds, {@code rows} broadcasts at once; the sum must fit the vector register file or an accumulator spills
 * to the stack and its chain of multiply-adds then runs through a store and a load, halving the kernel (a 6 x 2 tile
 * needs 20 of AVX2's 16 registers and ran at 44 GFLOP/s where 3 x 3, 15 registers, ran at 95; 4 x 3, 19 registers,
 * ran at 45). Within the register
 * file the tile keeps at least 8 independent accumulators, enough to cover a fused multiply-add's latency (4 cycles)
 * on two FMA pipes.
 */
enum GemmTile {

    /** 16 registers (x86 up to AVX2): 9 accumulators + 3 B + 3 A = 15; 3 loads of B and 3 broadcasts per 9 FMAs. */
    TILE_3X3(3, 3),
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
     * Whether the tile loads few enough vectors of B per multiply-add (one for every eight or more) that its packed
     * micro-panel of B can stream from L2 as fast as the tile multiplies, so {@link GemmBlocking} sizes the depth of a
     * pass by L2 rather than L1.
     */
    boolean bFromL2() {
        return rows >= 8;
    }

    /** Vector registers the tile needs at most (accumulators, B values, broadcasts of A). */
    int registers() {
        return rows * vectors + vectors + rows;
    }

    /** The largest tile that fits this machine's vector register file. */
    static GemmTile forMachine(String osArch, int lanes) {
        return forRegisters(vectorRegisters(osArch, lanes));
    }

    static GemmTile forRegisters(int registers) {
        return registers >= TILE_8X2.registers() ? TILE_8X2 : TILE_3X3;
    }

    /**
     * The vector register file as the JIT sees it: x86 has 16 registers up to AVX2 and 32 with AVX-512 (the only
     * x86 whose preferred species has 16 float lanes); AArch64 has 32; anything else is assumed to have 16.
     */
    static int vectorRegisters(String osArch, int lanes) {
        String arch = osArch.toLowerCase(Locale.ROOT);
        if (arch.equals("aarch64") || arch.equals("arm64")) {
            return 32;
        }
        return (arch.equals("amd64") || arch.equals("x86_64")) && lanes >= 16 ? 32 : 16;
    }
}
