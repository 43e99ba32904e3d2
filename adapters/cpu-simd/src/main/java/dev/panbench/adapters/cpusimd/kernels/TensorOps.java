package dev.panbench.adapters.cpusimd.kernels;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorOperators;

import java.util.Arrays;

import static dev.panbench.adapters.cpusimd.kernels.Simd.F;
import static dev.panbench.adapters.cpusimd.kernels.Simd.L;

/**
 * Tensor creation (zeros, ones, uniform random), 2-D transpose and reshape-copy (materialising a strided
 * {@code rows x cols} view, row pitch {@code pitch}, into a contiguous buffer, what a reshape of a non-contiguous
 * tensor does).
 */
public final class TensorOps {

    private static final int GOLDEN = 0x9e3779b9;
    private static final IntVector LANE_INDEX = IntVector.zero(Simd.I).addIndex(1);
    private static final int TILE = 32;

    private TensorOps() {
    }

    public static void fillScalar(float[] a, float value) {
        for (int i = 0; i < a.length; i++) {
            a[i] = value;
        }
    }

    public static void fillSimd(float[] a, float value) {
        FloatVector v = FloatVector.broadcast(F, value);
        int i = 0;
        for (int end = F.loopBound(a.length); i < end; i += L) {
            v.intoArray(a, i);
        }
        for (; i < a.length; i++) {
            a[i] = value;
        }
    }

    /** Element {@code i} of the uniform [0, 1) stream for {@code seed}: murmur3's finaliser of a Weyl sequence. */
    public static float random(int seed, int i) {
        int h = seed + i * GOLDEN;
        h ^= h >>> 16;
        h *= 0x85ebca6b;
        h ^= h >>> 13;
        h *= 0xc2b2ae35;
        h ^= h >>> 16;
        return (h >>> 8) * 0x1p-24f;
    }

    public static void randomScalar(float[] a, int seed) {
        for (int i = 0; i < a.length; i++) {
            a[i] = random(seed, i);
        }
    }

    public static void randomSimd(float[] a, int seed) {
        int i = 0;
        for (int end = F.loopBound(a.length); i < end; i += L) {
            IntVector h = LANE_INDEX.add(i).mul(GOLDEN).add(seed);
            h = h.lanewise(VectorOperators.XOR, h.lanewise(VectorOperators.LSHR, 16)).mul(0x85ebca6b);
            h = h.lanewise(VectorOperators.XOR, h.lanewise(VectorOperators.LSHR, 13)).mul(0xc2b2ae35);
            h = h.lanewise(VectorOperators.XOR, h.lanewise(VectorOperators.LSHR, 16));
            ((FloatVector) h.lanewise(VectorOperators.LSHR, 8).convert(VectorOperators.I2F, 0)).mul(0x1p-24f)
                    .intoArray(a, i);
        }
        for (; i < a.length; i++) {
            a[i] = random(seed, i);
        }
    }

    /** {@code out[c][r] = in[r][c]}, the textbook loop. */
    public static void transposeScalar(float[] in, float[] out, int rows, int cols) {
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < cols; c++) {
                out[c * rows + r] = in[r * cols + c];
            }
        }
    }

    /**
     * Cache-blocked transpose whose inner step gathers one vector of a column of the input ({@code L} rows apart)
     * and stores it as a contiguous piece of an output row.
     */
    public static void transposeSimd(float[] in, float[] out, int rows, int cols, int[] columnOffsets) {
        for (int r0 = 0; r0 < rows; r0 += TILE) {
            int r1 = Math.min(rows, r0 + TILE);
            for (int c0 = 0; c0 < cols; c0 += TILE) {
                int c1 = Math.min(cols, c0 + TILE);
                for (int c = c0; c < c1; c++) {
                    int r = r0;
                    for (; r <= r1 - L; r += L) {
                        FloatVector.fromArray(F, in, r * cols + c, columnOffsets, 0).intoArray(out, c * rows + r);
                    }
                    for (; r < r1; r++) {
                        out[c * rows + r] = in[r * cols + c];
                    }
                }
            }
        }
    }

    /** Gather offsets for {@link #transposeSimd}: lane {@code i} reads {@code i * cols}. */
    public static int[] columnOffsets(int cols) {
        int[] o = new int[L];
        for (int i = 0; i < L; i++) {
            o[i] = i * cols;
        }
        return o;
    }

    public static void reshapeCopyScalar(float[] in, int pitch, float[] out, int rows, int cols) {
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < cols; c++) {
                out[r * cols + c] = in[r * pitch + c];
            }
        }
    }

    public static void reshapeCopySimd(float[] in, int pitch, float[] out, int rows, int cols) {
        int bound = F.loopBound(cols);
        for (int r = 0; r < rows; r++) {
            int src = r * pitch;
            int dst = r * cols;
            int c = 0;
            for (; c < bound; c += L) {
                FloatVector.fromArray(F, in, src + c).intoArray(out, dst + c);
            }
            for (; c < cols; c++) {
                out[dst + c] = in[src + c];
            }
        }
    }

    /** Zeros the array, the "zeros" baseline the JDK offers ({@link Arrays#fill}). */
    public static void zeros(float[] a) {
        Arrays.fill(a, 0f);
    }
}
