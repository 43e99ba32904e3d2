package dev.panbench.adapters.cpusimd.kernels;

import jdk.incubator.vector.FloatVector;

import static dev.panbench.adapters.cpusimd.kernels.Simd.F;
import static dev.panbench.adapters.cpusimd.kernels.Simd.L;

/**
 * The register tiles of {@link Gemm}: {@code C[MR x NR] (+)= Apanel[MR x kc] * Bpanel[kc x NR]} over packed panels
 * (A: {@code MR} values per step, B: {@code NR} values per step). Each accumulator is its own local so that the JIT
 * keeps it in a vector register; which tile a machine uses, and why, is {@link GemmTile}'s to say.
 *
 * <p>Java has no prefetch instruction, and the tile of C a kernel reads and writes at its end is usually not in any
 * cache near the core (C is swept once per pass of depth {@code kc}), so each kernel first reads a few elements of
 * every row of the <em>next</em> tile ({@code next}, its offset in C) and returns their sum for the
 * caller to keep. The loads issue before the multiply-add loop and nothing waits for them, so the lines arrive while
 * the loop runs; without them every tile stalled on its own lines of C (the blocked multiply at 1024 ran at 60
 * GFLOP/s instead of 72 on an AVX2 core). A row of a tile spans up to three cache lines (the 3 x 24 tile's 96 bytes
 * do when they start in the second half of a line, as every other tile's do at 1024), so a kernel reads the first
 * element of each of the row's vectors and its last element, never more than 64 bytes apart: reading only a row's
 * two ends left its middle line to miss, and the multiply at 1024 ran 3% to 6% slower (interleaved in one JVM).
 *
 * <p>The loop over k is one step per iteration on purpose. Unrolled by hand (two steps an iteration), C2 hoists the
 * second step's loads of B above the first step's multiply-adds, the 3 x 3 tile then needs more than 16 registers
 * and two B vectors go through the stack each step: 75 GFLOP/s where the plain loop runs at 91 to 95 on an AVX2
 * core whose multiply-add peak is 100. The loop reads plain {@code float[]} panels with indices linear in the loop
 * counter, so C2 proves every access in range once, before the loop; the same tile over native
 * {@code MemorySegment} panels ran at 46 GFLOP/s.
 *
 * <p>Each kernel writes its accumulators into C itself: no vector goes to a method of ours, nor comes back from one.
 * The Vector API's own methods are always inlined, ours only while C2's budget of nodes lasts, and a vector passed to
 * a call that was not inlined is boxed (an object and its array). The 8 x 2 tile used to store a row through a helper
 * of eight: C2 ran out of nodes before the last ones, boxed their accumulators, and since these are the loop's phis,
 * boxed them in every step: on AVX-512 (Zen 4) the multiply at 1024 allocated 1 GB per call and ran at 21 GFLOP/s
 * instead of 80, at 256 16 MB and 19 GFLOP/s instead of 86. {@code KernelsAllocateNothingTest} checks every kernel.
 */
final class GemmMicroKernels {

    private GemmMicroKernels() {
    }

    /** 3 rows by 3 vectors: 9 accumulators, 3 loads of B and 3 broadcasts of A per step. */
    static float tile3x3(float[] ap, int aOff, float[] bp, int bOff, int kc, float[] c, int cOff, int ldc,
                        boolean accumulate, int next) {
        float touched = c[next] + c[next + L] + c[next + 3 * L - 1]
                + c[next + ldc] + c[next + ldc + L] + c[next + ldc + 3 * L - 1]
                + c[next + 2 * ldc] + c[next + 2 * ldc + L] + c[next + 2 * ldc + 3 * L - 1];
        FloatVector z = FloatVector.zero(F);
        FloatVector c00 = z, c01 = z, c02 = z, c10 = z, c11 = z, c12 = z, c20 = z, c21 = z;
        FloatVector c22 = z;
        int ai = aOff;
        int bi = bOff;
        for (int p = 0; p < kc; p++, ai += 3, bi += 3 * L) {
            FloatVector b0 = FloatVector.fromArray(F, bp, bi);
            FloatVector b1 = FloatVector.fromArray(F, bp, bi + L);
            FloatVector b2 = FloatVector.fromArray(F, bp, bi + 2 * L);
            FloatVector x0 = FloatVector.broadcast(F, ap[ai]);
            c00 = b0.fma(x0, c00);
            c01 = b1.fma(x0, c01);
            c02 = b2.fma(x0, c02);
            FloatVector x1 = FloatVector.broadcast(F, ap[ai + 1]);
            c10 = b0.fma(x1, c10);
            c11 = b1.fma(x1, c11);
            c12 = b2.fma(x1, c12);
            FloatVector x2 = FloatVector.broadcast(F, ap[ai + 2]);
            c20 = b0.fma(x2, c20);
            c21 = b1.fma(x2, c21);
            c22 = b2.fma(x2, c22);
        }
        if (accumulate) {
            c00 = c00.add(FloatVector.fromArray(F, c, cOff));
            c01 = c01.add(FloatVector.fromArray(F, c, cOff + L));
            c02 = c02.add(FloatVector.fromArray(F, c, cOff + 2 * L));
            c10 = c10.add(FloatVector.fromArray(F, c, cOff + ldc));
            c11 = c11.add(FloatVector.fromArray(F, c, cOff + ldc + L));
            c12 = c12.add(FloatVector.fromArray(F, c, cOff + ldc + 2 * L));
            c20 = c20.add(FloatVector.fromArray(F, c, cOff + 2 * ldc));
            c21 = c21.add(FloatVector.fromArray(F, c, cOff + 2 * ldc + L));
            c22 = c22.add(FloatVector.fromArray(F, c, cOff + 2 * ldc + 2 * L));
        }
        c00.intoArray(c, cOff);
        c01.intoArray(c, cOff + L);
        c02.intoArray(c, cOff + 2 * L);
        c10.intoArray(c, cOff + ldc);
        c11.intoArray(c, cOff + ldc + L);
        c12.intoArray(c, cOff + ldc + 2 * L);
        c20.intoArray(c, cOff + 2 * ldc);
        c21.intoArray(c, cOff + 2 * ldc + L);
        c22.intoArray(c, cOff + 2 * ldc + 2 * L);
        return touched;
    }

    /** 4 rows by 3 vectors: 12 accumulators, 3 loads of B and 4 broadcasts of A per step. */
    static float tile4x3(float[] ap, int aOff, float[] bp, int bOff, int kc, float[] c, int cOff, int ldc,
                        boolean accumulate, int next) {
        float touched = 0f;
        for (int r = 0, o = next; r < 4; r++, o += ldc) {
            touched += c[o] + c[o + L] + c[o + 3 * L - 1];
        }
        FloatVector z = FloatVector.zero(F);
        FloatVector c00 = z, c01 = z, c02 = z, c10 = z, c11 = z, c12 = z, c20 = z, c21 = z;
        FloatVector c22 = z, c30 = z, c31 = z, c32 = z;
        int ai = aOff;
        int bi = bOff;
        for (int p = 0; p < kc; p++, ai += 4, bi += 3 * L) {
            FloatVector b0 = FloatVector.fromArray(F, bp, bi);
            FloatVector b1 = FloatVector.fromArray(F, bp, bi + L);
            FloatVector b2 = FloatVector.fromArray(F, bp, bi + 2 * L);
            FloatVector x0 = FloatVector.broadcast(F, ap[ai]);
            c00 = b0.fma(x0, c00);
            c01 = b1.fma(x0, c01);
            c02 = b2.fma(x0, c02);
            FloatVector x1 = FloatVector.broadcast(F, ap[ai + 1]);
            c10 = b0.fma(x1, c10);
            c11 = b1.fma(x1, c11);
            c12 = b2.fma(x1, c12);
            FloatVector x2 = FloatVector.broadcast(F, ap[ai + 2]);
            c20 = b0.fma(x2, c20);
            c21 = b1.fma(x2, c21);
            c22 = b2.fma(x2, c22);
            FloatVector x3 = FloatVector.broadcast(F, ap[ai + 3]);
            c30 = b0.fma(x3, c30);
            c31 = b1.fma(x3, c31);
            c32 = b2.fma(x3, c32);
        }
        if (accumulate) {
            c00 = c00.add(FloatVector.fromArray(F, c, cOff));
            c01 = c01.add(FloatVector.fromArray(F, c, cOff + L));
            c02 = c02.add(FloatVector.fromArray(F, c, cOff + 2 * L));
            c10 = c10.add(FloatVector.fromArray(F, c, cOff + ldc));
            c11 = c11.add(FloatVector.fromArray(F, c, cOff + ldc + L));
            c12 = c12.add(FloatVector.fromArray(F, c, cOff + ldc + 2 * L));
            c20 = c20.add(FloatVector.fromArray(F, c, cOff + 2 * ldc));
            c21 = c21.add(FloatVector.fromArray(F, c, cOff + 2 * ldc + L));
            c22 = c22.add(FloatVector.fromArray(F, c, cOff + 2 * ldc + 2 * L));
            c30 = c30.add(FloatVector.fromArray(F, c, cOff + 3 * ldc));
            c31 = c31.add(FloatVector.fromArray(F, c, cOff + 3 * ldc + L));
            c32 = c32.add(FloatVector.fromArray(F, c, cOff + 3 * ldc + 2 * L));
        }
        c00.intoArray(c, cOff);
        c01.intoArray(c, cOff + L);
        c02.intoArray(c, cOff + 2 * L);
        c10.intoArray(c, cOff + ldc);
        c11.intoArray(c, cOff + ldc + L);
        c12.intoArray(c, cOff + ldc + 2 * L);
        c20.intoArray(c, cOff + 2 * ldc);
        c21.intoArray(c, cOff + 2 * ldc + L);
        c22.intoArray(c, cOff + 2 * ldc + 2 * L);
        c30.intoArray(c, cOff + 3 * ldc);
        c31.intoArray(c, cOff + 3 * ldc + L);
        c32.intoArray(c, cOff + 3 * ldc + 2 * L);
        return touched;
    }

    /** 8 rows by 2 vectors: 16 accumulators, 2 loads of B and 8 broadcasts of A per step. */
    static float tile8x2(float[] ap, int aOff, float[] bp, int bOff, int kc, float[] c, int cOff, int ldc,
                        boolean accumulate, int next) {
        float touched = 0f;
        for (int r = 0, o = next; r < 8; r++, o += ldc) {
            touched += c[o] + c[o + L] + c[o + 2 * L - 1];
        }
        FloatVector z = FloatVector.zero(F);
        FloatVector c00 = z, c01 = z, c10 = z, c11 = z, c20 = z, c21 = z, c30 = z, c31 = z;
        FloatVector c40 = z, c41 = z, c50 = z, c51 = z, c60 = z, c61 = z, c70 = z, c71 = z;
        int ai = aOff;
        int bi = bOff;
        for (int p = 0; p < kc; p++, ai += 8, bi += 2 * L) {
            FloatVector b0 = FloatVector.fromArray(F, bp, bi);
            FloatVector b1 = FloatVector.fromArray(F, bp, bi + L);
            FloatVector x0 = FloatVector.broadcast(F, ap[ai]);
            c00 = b0.fma(x0, c00);
            c01 = b1.fma(x0, c01);
            FloatVector x1 = FloatVector.broadcast(F, ap[ai + 1]);
            c10 = b0.fma(x1, c10);
            c11 = b1.fma(x1, c11);
            FloatVector x2 = FloatVector.broadcast(F, ap[ai + 2]);
            c20 = b0.fma(x2, c20);
            c21 = b1.fma(x2, c21);
            FloatVector x3 = FloatVector.broadcast(F, ap[ai + 3]);
            c30 = b0.fma(x3, c30);
            c31 = b1.fma(x3, c31);
            FloatVector x4 = FloatVector.broadcast(F, ap[ai + 4]);
            c40 = b0.fma(x4, c40);
            c41 = b1.fma(x4, c41);
            FloatVector x5 = FloatVector.broadcast(F, ap[ai + 5]);
            c50 = b0.fma(x5, c50);
            c51 = b1.fma(x5, c51);
            FloatVector x6 = FloatVector.broadcast(F, ap[ai + 6]);
            c60 = b0.fma(x6, c60);
            c61 = b1.fma(x6, c61);
            FloatVector x7 = FloatVector.broadcast(F, ap[ai + 7]);
            c70 = b0.fma(x7, c70);
            c71 = b1.fma(x7, c71);
        }
        if (accumulate) {
            c00 = c00.add(FloatVector.fromArray(F, c, cOff));
            c01 = c01.add(FloatVector.fromArray(F, c, cOff + L));
            c10 = c10.add(FloatVector.fromArray(F, c, cOff + ldc));
            c11 = c11.add(FloatVector.fromArray(F, c, cOff + ldc + L));
            c20 = c20.add(FloatVector.fromArray(F, c, cOff + 2 * ldc));
            c21 = c21.add(FloatVector.fromArray(F, c, cOff + 2 * ldc + L));
            c30 = c30.add(FloatVector.fromArray(F, c, cOff + 3 * ldc));
            c31 = c31.add(FloatVector.fromArray(F, c, cOff + 3 * ldc + L));
            c40 = c40.add(FloatVector.fromArray(F, c, cOff + 4 * ldc));
            c41 = c41.add(FloatVector.fromArray(F, c, cOff + 4 * ldc + L));
            c50 = c50.add(FloatVector.fromArray(F, c, cOff + 5 * ldc));
            c51 = c51.add(FloatVector.fromArray(F, c, cOff + 5 * ldc + L));
            c60 = c60.add(FloatVector.fromArray(F, c, cOff + 6 * ldc));
            c61 = c61.add(FloatVector.fromArray(F, c, cOff + 6 * ldc + L));
            c70 = c70.add(FloatVector.fromArray(F, c, cOff + 7 * ldc));
            c71 = c71.add(FloatVector.fromArray(F, c, cOff + 7 * ldc + L));
        }
        c00.intoArray(c, cOff);
        c01.intoArray(c, cOff + L);
        c10.intoArray(c, cOff + ldc);
        c11.intoArray(c, cOff + ldc + L);
        c20.intoArray(c, cOff + 2 * ldc);
        c21.intoArray(c, cOff + 2 * ldc + L);
        c30.intoArray(c, cOff + 3 * ldc);
        c31.intoArray(c, cOff + 3 * ldc + L);
        c40.intoArray(c, cOff + 4 * ldc);
        c41.intoArray(c, cOff + 4 * ldc + L);
        c50.intoArray(c, cOff + 5 * ldc);
        c51.intoArray(c, cOff + 5 * ldc + L);
        c60.intoArray(c, cOff + 6 * ldc);
        c61.intoArray(c, cOff + 6 * ldc + L);
        c70.intoArray(c, cOff + 7 * ldc);
        c71.intoArray(c, cOff + 7 * ldc + L);
        return touched;
    }

    /**
     * The last, narrower column of tiles, when its width is a whole number of vectors short of the tile's: the tile's
     * rows by {@code vectors} vectors of the packed micro-panel, whose steps stay {@code bStep} floats apart (the full
     * tile's width; the columns past {@code vectors} are padding and are not read), straight into C. Through the full
     * tile and a buffer instead, a third or more of such a tile's multiply-adds were on padding and its results went
     * to C a float at a time. At 64, 128 and 256 such a tile is every third, sixth and eleventh of the multiply's
     * (3 x 24 tiles on AVX2), and going straight made them 7%, 4% and 1% faster (fastest of about 500 multiplies,
     * interleaved with the buffered way in one JVM; 1% at 1024).
     */
    static void narrow(GemmTile tile, int vectors, float[] ap, int aOff, float[] bp, int bOff, int bStep, int kc,
                       float[] c, int cOff, int ldc, boolean accumulate) {
        if (tile == GemmTile.TILE_8X2) {
            narrow8x1(ap, aOff, bp, bOff, bStep, kc, c, cOff, ldc, accumulate);
        } else if (tile == GemmTile.TILE_4X3) {
            if (vectors == 2) {
                narrow4x2(ap, aOff, bp, bOff, bStep, kc, c, cOff, ldc, accumulate);
            } else {
                narrow4x1(ap, aOff, bp, bOff, bStep, kc, c, cOff, ldc, accumulate);
            }
        } else if (vectors == 2) {
            narrow3x2(ap, aOff, bp, bOff, bStep, kc, c, cOff, ldc, accumulate);
        } else {
            narrow3x1(ap, aOff, bp, bOff, bStep, kc, c, cOff, ldc, accumulate);
        }
    }

    private static void narrow4x2(float[] ap, int aOff, float[] bp, int bOff, int bStep, int kc, float[] c, int cOff,
                                  int ldc, boolean accumulate) {
        FloatVector z = FloatVector.zero(F);
        FloatVector c00 = z, c01 = z, c10 = z, c11 = z, c20 = z, c21 = z, c30 = z, c31 = z;
        int ai = aOff;
        int bi = bOff;
        for (int p = 0; p < kc; p++, ai += 4, bi += bStep) {
            FloatVector b0 = FloatVector.fromArray(F, bp, bi);
            FloatVector b1 = FloatVector.fromArray(F, bp, bi + L);
            FloatVector x0 = FloatVector.broadcast(F, ap[ai]);
            c00 = b0.fma(x0, c00);
            c01 = b1.fma(x0, c01);
            FloatVector x1 = FloatVector.broadcast(F, ap[ai + 1]);
            c10 = b0.fma(x1, c10);
            c11 = b1.fma(x1, c11);
            FloatVector x2 = FloatVector.broadcast(F, ap[ai + 2]);
            c20 = b0.fma(x2, c20);
            c21 = b1.fma(x2, c21);
            FloatVector x3 = FloatVector.broadcast(F, ap[ai + 3]);
            c30 = b0.fma(x3, c30);
            c31 = b1.fma(x3, c31);
        }
        if (accumulate) {
            c00 = c00.add(FloatVector.fromArray(F, c, cOff));
            c01 = c01.add(FloatVector.fromArray(F, c, cOff + L));
            c10 = c10.add(FloatVector.fromArray(F, c, cOff + ldc));
            c11 = c11.add(FloatVector.fromArray(F, c, cOff + ldc + L));
            c20 = c20.add(FloatVector.fromArray(F, c, cOff + 2 * ldc));
            c21 = c21.add(FloatVector.fromArray(F, c, cOff + 2 * ldc + L));
            c30 = c30.add(FloatVector.fromArray(F, c, cOff + 3 * ldc));
            c31 = c31.add(FloatVector.fromArray(F, c, cOff + 3 * ldc + L));
        }
        c00.intoArray(c, cOff);
        c01.intoArray(c, cOff + L);
        c10.intoArray(c, cOff + ldc);
        c11.intoArray(c, cOff + ldc + L);
        c20.intoArray(c, cOff + 2 * ldc);
        c21.intoArray(c, cOff + 2 * ldc + L);
        c30.intoArray(c, cOff + 3 * ldc);
        c31.intoArray(c, cOff + 3 * ldc + L);
    }

    private static void narrow4x1(float[] ap, int aOff, float[] bp, int bOff, int bStep, int kc, float[] c, int cOff,
                                  int ldc, boolean accumulate) {
        FloatVector z = FloatVector.zero(F);
        FloatVector c00 = z, c10 = z, c20 = z, c30 = z;
        int ai = aOff;
        int bi = bOff;
        for (int p = 0; p < kc; p++, ai += 4, bi += bStep) {
            FloatVector b0 = FloatVector.fromArray(F, bp, bi);
            FloatVector x0 = FloatVector.broadcast(F, ap[ai]);
            c00 = b0.fma(x0, c00);
            FloatVector x1 = FloatVector.broadcast(F, ap[ai + 1]);
            c10 = b0.fma(x1, c10);
            FloatVector x2 = FloatVector.broadcast(F, ap[ai + 2]);
            c20 = b0.fma(x2, c20);
            FloatVector x3 = FloatVector.broadcast(F, ap[ai + 3]);
            c30 = b0.fma(x3, c30);
        }
        if (accumulate) {
            c00 = c00.add(FloatVector.fromArray(F, c, cOff));
            c10 = c10.add(FloatVector.fromArray(F, c, cOff + ldc));
            c20 = c20.add(FloatVector.fromArray(F, c, cOff + 2 * ldc));
            c30 = c30.add(FloatVector.fromArray(F, c, cOff + 3 * ldc));
        }
        c00.intoArray(c, cOff);
        c10.intoArray(c, cOff + ldc);
        c20.intoArray(c, cOff + 2 * ldc);
        c30.intoArray(c, cOff + 3 * ldc);
    }

    private static void narrow3x2(float[] ap, int aOff, float[] bp, int bOff, int bStep, int kc, float[] c, int cOff,
                                  int ldc, boolean accumulate) {
        FloatVector z = FloatVector.zero(F);
        FloatVector c00 = z, c01 = z, c10 = z, c11 = z, c20 = z, c21 = z;
        int ai = aOff;
        int bi = bOff;
        for (int p = 0; p < kc; p++, ai += 3, bi += bStep) {
            FloatVector b0 = FloatVector.fromArray(F, bp, bi);
            FloatVector b1 = FloatVector.fromArray(F, bp, bi + L);
            FloatVector x0 = FloatVector.broadcast(F, ap[ai]);
            c00 = b0.fma(x0, c00);
            c01 = b1.fma(x0, c01);
            FloatVector x1 = FloatVector.broadcast(F, ap[ai + 1]);
            c10 = b0.fma(x1, c10);
            c11 = b1.fma(x1, c11);
            FloatVector x2 = FloatVector.broadcast(F, ap[ai + 2]);
            c20 = b0.fma(x2, c20);
            c21 = b1.fma(x2, c21);
        }
        if (accumulate) {
            c00 = c00.add(FloatVector.fromArray(F, c, cOff));
            c01 = c01.add(FloatVector.fromArray(F, c, cOff + L));
            c10 = c10.add(FloatVector.fromArray(F, c, cOff + ldc));
            c11 = c11.add(FloatVector.fromArray(F, c, cOff + ldc + L));
            c20 = c20.add(FloatVector.fromArray(F, c, cOff + 2 * ldc));
            c21 = c21.add(FloatVector.fromArray(F, c, cOff + 2 * ldc + L));
        }
        c00.intoArray(c, cOff);
        c01.intoArray(c, cOff + L);
        c10.intoArray(c, cOff + ldc);
        c11.intoArray(c, cOff + ldc + L);
        c20.intoArray(c, cOff + 2 * ldc);
        c21.intoArray(c, cOff + 2 * ldc + L);
    }

    private static void narrow3x1(float[] ap, int aOff, float[] bp, int bOff, int bStep, int kc, float[] c, int cOff,
                                  int ldc, boolean accumulate) {
        FloatVector c0 = FloatVector.zero(F), c1 = c0, c2 = c0;
        int ai = aOff;
        int bi = bOff;
        for (int p = 0; p < kc; p++, ai += 3, bi += bStep) {
            FloatVector b0 = FloatVector.fromArray(F, bp, bi);
            c0 = b0.fma(FloatVector.broadcast(F, ap[ai]), c0);
            c1 = b0.fma(FloatVector.broadcast(F, ap[ai + 1]), c1);
            c2 = b0.fma(FloatVector.broadcast(F, ap[ai + 2]), c2);
        }
        if (accumulate) {
            c0 = c0.add(FloatVector.fromArray(F, c, cOff));
            c1 = c1.add(FloatVector.fromArray(F, c, cOff + ldc));
            c2 = c2.add(FloatVector.fromArray(F, c, cOff + 2 * ldc));
        }
        c0.intoArray(c, cOff);
        c1.intoArray(c, cOff + ldc);
        c2.intoArray(c, cOff + 2 * ldc);
    }

    private static void narrow8x1(float[] ap, int aOff, float[] bp, int bOff, int bStep, int kc, float[] c, int cOff,
                                  int ldc, boolean accumulate) {
        FloatVector c0 = FloatVector.zero(F), c1 = c0, c2 = c0, c3 = c0, c4 = c0, c5 = c0, c6 = c0, c7 = c0;
        int ai = aOff;
        int bi = bOff;
        for (int p = 0; p < kc; p++, ai += 8, bi += bStep) {
            FloatVector b0 = FloatVector.fromArray(F, bp, bi);
            c0 = b0.fma(FloatVector.broadcast(F, ap[ai]), c0);
            c1 = b0.fma(FloatVector.broadcast(F, ap[ai + 1]), c1);
            c2 = b0.fma(FloatVector.broadcast(F, ap[ai + 2]), c2);
            c3 = b0.fma(FloatVector.broadcast(F, ap[ai + 3]), c3);
            c4 = b0.fma(FloatVector.broadcast(F, ap[ai + 4]), c4);
            c5 = b0.fma(FloatVector.broadcast(F, ap[ai + 5]), c5);
            c6 = b0.fma(FloatVector.broadcast(F, ap[ai + 6]), c6);
            c7 = b0.fma(FloatVector.broadcast(F, ap[ai + 7]), c7);
        }
        if (accumulate) {
            c0 = c0.add(FloatVector.fromArray(F, c, cOff));
            c1 = c1.add(FloatVector.fromArray(F, c, cOff + ldc));
            c2 = c2.add(FloatVector.fromArray(F, c, cOff + 2 * ldc));
            c3 = c3.add(FloatVector.fromArray(F, c, cOff + 3 * ldc));
            c4 = c4.add(FloatVector.fromArray(F, c, cOff + 4 * ldc));
            c5 = c5.add(FloatVector.fromArray(F, c, cOff + 5 * ldc));
            c6 = c6.add(FloatVector.fromArray(F, c, cOff + 6 * ldc));
            c7 = c7.add(FloatVector.fromArray(F, c, cOff + 7 * ldc));
        }
        c0.intoArray(c, cOff);
        c1.intoArray(c, cOff + ldc);
        c2.intoArray(c, cOff + 2 * ldc);
        c3.intoArray(c, cOff + 3 * ldc);
        c4.intoArray(c, cOff + 4 * ldc);
        c5.intoArray(c, cOff + 5 * ldc);
        c6.intoArray(c, cOff + 6 * ldc);
        c7.intoArray(c, cOff + 7 * ldc);
    }
}
