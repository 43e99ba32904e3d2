package dev.panbench.adapters.cpusimd.kernels;

import dev.panbench.harness.catalog.SeededInputs;
import dev.panbench.harness.catalog.Tolerance;
import dev.panbench.harness.spi.VerificationException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** The blocked GEMM's choices read from the machine, and every register tile against float64 at awkward shapes. */
class GemmBlockingTest {

    @ParameterizedTest
    @EnumSource(GemmTile.class)
    void everyTileMatchesFloat64AtShapesThatAreNotMultiplesOfTheTile(GemmTile tile) throws VerificationException {
        int l = Simd.L;
        // small blocks so that one multiply takes several passes of depth, blocks of A and panels of B
        GemmBlocking small = new GemmBlocking(tile, tile.rows, tile.columns(l), 16, 2 * tile.rows,
                2 * tile.columns(l));
        int[][] shapes = {{1, 1, 1}, {tile.rows + 1, tile.columns(l) - 1, 17}, {tile.rows - 1, l + 1, 33},
                {5 * tile.rows + 2, 3 * tile.columns(l) + 5, 50}, {1, 2 * l + 3, 40}, {37, 1, 19},
                {l - 1, l - 1, l + 1}, {l + 1, l + 1, l - 1},
                // a last column of tiles one or two whole vectors wide, at full and partial height, alone and after
                // a panel of B
                {2 * tile.rows + 1, tile.columns(l) + l, 21}, {tile.rows, tile.columns(l) - l, 5},
                {7, 2 * tile.columns(l) + 2 * l, 30}, {tile.rows + 2, l, 9}};
        for (int[] s : shapes) {
            for (GemmBlocking blocking : new GemmBlocking[]{small, GemmBlocking.of(tile, l, CacheSizes.DEFAULTS)}) {
                for (int threads : new int[]{1, 3}) {
                    assertMatchesFloat64(new Gemm.Blocked(s[0], s[1], s[2], threads, blocking), s[0], s[1], s[2],
                            tile + " " + blocking.describe() + " threads=" + threads);
                }
            }
        }
    }

    @Test
    void aSecondMultiplyOverwritesInsteadOfAccumulating() throws VerificationException {
        Gemm.Blocked g = new Gemm.Blocked(13, 29, 300, 1);
        assertMatchesFloat64(g, 13, 29, 300, "first");
        assertMatchesFloat64(g, 13, 29, 300, "second");
    }

    @Test
    void registerFileIsWhatTheJitAllocatesFrom() {
        assertEquals(16, GemmTile.vectorRegisters("amd64", 8, false), "AVX2: 16 ymm registers");
        assertEquals(16, GemmTile.vectorRegisters("amd64", 4, false), "SSE: 16 xmm registers");
        assertEquals(32, GemmTile.vectorRegisters("amd64", 8, true), "AVX-512 capped at 256 bits: 32 ymm registers");
        assertEquals(32, GemmTile.vectorRegisters("amd64", 16, true), "AVX-512: 32 zmm registers");
        assertEquals(16, GemmTile.vectorRegisters("amd64", 8, null), "unknown encoding, 8 lanes: AVX2 assumed");
        assertEquals(32, GemmTile.vectorRegisters("x86_64", 16, null), "16 lanes only with AVX-512");
        assertEquals(32, GemmTile.vectorRegisters("aarch64", 4, null), "NEON: 32 registers");
        assertEquals(16, GemmTile.vectorRegisters("riscv64", 8, null));
    }

    @Test
    void tileFitsTheRegisterFile() {
        assertEquals(GemmTile.TILE_3X3, GemmTile.forRegisters(16, 8), "AVX2");
        assertEquals(GemmTile.TILE_3X3, GemmTile.forRegisters(16, 4), "SSE");
        assertEquals(GemmTile.TILE_4X3, GemmTile.forRegisters(32, 8), "AVX-512 capped at 256 bits");
        assertEquals(GemmTile.TILE_8X2, GemmTile.forRegisters(32, 16), "AVX-512");
        assertEquals(GemmTile.TILE_8X2, GemmTile.forRegisters(32, 4), "NEON");
        for (GemmTile t : GemmTile.values()) {
            int file = t == GemmTile.TILE_3X3 ? 16 : 32;
            assertTrue(t.registers() <= file, t + " needs " + t.registers() + " of " + file + " registers");
            assertTrue(t.rows * t.vectors >= 8, t + " keeps 8 multiply-add chains in flight");
        }
    }

    @Test
    void thisJvmsTileFollowsItsEncoding() {
        String arch = System.getProperty("os.arch");
        assertEquals(GemmTile.forRegisters(GemmTile.vectorRegisters(arch, Simd.L, JitVectorRegisters.EVEX), Simd.L),
                GemmTile.forMachine(arch, Simd.L));
        assumeTrue(JitVectorRegisters.EVEX != null, "this JVM does not report UseAVX");
        if (Simd.L == 16) {
            assertTrue(JitVectorRegisters.EVEX, "a 512-bit preferred species is only there with EVEX");
        }
    }

    @Test
    void blockSizesFollowTheCaches() {
        GemmBlocking avx2 = GemmBlocking.of(GemmTile.TILE_3X3, 8, new CacheSizes(32 << 10, 512 << 10, 32 << 20));
        assertEquals(24, avx2.nr());
        assertEquals(680, avx2.kc(), "an eighth of a 512 KiB L2 in 24-float rows, a multiple of 8");
        assertEquals(24, avx2.mc(), "an eighth of L2 in rows of 680 floats, a multiple of 3");
        GemmBlocking zen4 = GemmBlocking.of(GemmTile.TILE_8X2, 16, new CacheSizes(32 << 10, 1 << 20, 32 << 20));
        assertEquals(1024, zen4.kc(), "the 8 x 2 tile's micro-panel of B from L2: an eighth of 1 MiB in 32-float rows");
        assertEquals(32, zen4.mc(), "an eighth of L2 in rows of 1024 floats");
        assertEquals(128, zen4.mcFor(256), "the same bytes of A at a depth of 256");
        assertEquals(32, zen4.mcFor(4096), "a deeper multiply goes in passes of kc");
        GemmBlocking zen4Avx2 = GemmBlocking.of(GemmTile.TILE_4X3, 8, new CacheSizes(32 << 10, 1 << 20, 32 << 20));
        assertEquals(1024, zen4Avx2.kc(), "the 4 x 3 tile's micro-panel of B from L2 as well, at the cap");
        assertEquals(32, zen4Avx2.mc());
        assertEquals(255, avx2.mcFor(64), "a shallow multiply's block of A keeps an eighth of L2, a multiple of 3");
        GemmBlocking bigger = GemmBlocking.of(GemmTile.TILE_8X2, 16, new CacheSizes(48 << 10, 2 << 20, 64 << 20));
        assertEquals(1024, bigger.kc(), "an eighth of 2 MiB, at the cap");
        assertEquals(0, bigger.mc() % 8);
        assertEquals(0, bigger.nc() % 32);
        assertEquals(1024, GemmBlocking.of(GemmTile.TILE_3X3, 8, new CacheSizes(32 << 10, 2 << 20, 32 << 20)).kc(),
                "the 3 x 3 tile's micro-panel from L2 too: an eighth of 2 MiB, at the cap");
        GemmBlocking tiny = GemmBlocking.of(GemmTile.TILE_3X3, 4, new CacheSizes(4 << 10, 64 << 10, 256 << 10));
        assertTrue(tiny.kc() >= 32 && tiny.mc() >= 3 && tiny.nc() >= 12, tiny.describe());
    }

    @Test
    void cacheSizesComeFromSysfsWithDefaultsForWhatIsMissing(@TempDir Path dir) throws IOException {
        level(dir, 0, 1, "Data", "48K");
        level(dir, 1, 1, "Instruction", "32K");
        level(dir, 2, 2, "Unified", "2048K");
        assertEquals(new CacheSizes(48 << 10, 2 << 20, CacheSizes.DEFAULTS.l3()), CacheSizes.read(dir));
        level(dir, 3, 3, "Unified", "garbage");
        assertEquals(CacheSizes.DEFAULTS.l3(), CacheSizes.read(dir).l3(), "an unparsable size keeps the default");
        assertEquals(CacheSizes.DEFAULTS, CacheSizes.read(dir.resolve("absent")));
    }

    private static void level(Path dir, int index, int level, String type, String size) throws IOException {
        Path d = Files.createDirectories(dir.resolve("index" + index));
        Files.writeString(d.resolve("level"), level + "\n");
        Files.writeString(d.resolve("type"), type + "\n");
        Files.writeString(d.resolve("size"), size + "\n");
    }

    private static void assertMatchesFloat64(Gemm.Blocked g, int m, int n, int k, String what)
            throws VerificationException {
        float[] a = SeededInputs.uniform(m * k, 21, -1f, 1f);
        float[] b = SeededInputs.uniform(k * n, 22, -1f, 1f);
        float[] c = SeededInputs.uniform(m * n, 23, -1f, 1f);
        g.multiply(a, b, c);
        double[] row = new double[n];
        double[] abs = new double[n];
        Tolerance tol = Tolerance.scaled(Tolerance.sumTolerance(k), 1e-30);
        for (int i = 0; i < m; i++) {
            Gemm.referenceRow(a, b, n, k, i, row, abs);
            for (int j = 0; j < n; j++) {
                tol.check(what + " " + m + "x" + n + "x" + k + " C[" + i + "," + j + "]", row[j], abs[j], c[i * n + j]);
            }
        }
    }
}
