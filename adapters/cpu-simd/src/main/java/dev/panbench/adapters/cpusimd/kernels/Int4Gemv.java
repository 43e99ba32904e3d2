package dev.panbench.adapters.cpusimd.kernels;

import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorOperators;

import static dev.panbench.adapters.cpusimd.kernels.Simd.B;
import static dev.panbench.adapters.cpusimd.kernels.Simd.F;
import static dev.panbench.adapters.cpusimd.kernels.Simd.I;
import static dev.panbench.adapters.cpusimd.kernels.Simd.L;

/**
 * {@code y[n] = x[k] dequant(W)} for one row x (a decode step's token) and W weight-only INT4 with a float scale per
 * block of {@value #BLOCK} along k, the dequantizing fused into the multiply-adds: where {@link Int4Gemm} writes each
 * slice of weights out as float32 and runs register tiles over it (many rows of x share that work), one row has
 * nothing to share it with, so here each weight is read, unpacked and multiplied once, in registers.
 * <p>
 * Setup repacks ONNX Runtime's MatMulNBits bytes ({@code [n][k/32][16]}, column by column) into panels of
 * {@code NR = 2L} columns, four bits a weight: for each pair of rows {@code (2r, 2r + 1)}, {@code NR} bytes, byte
 * {@code j} holding column {@code j}'s weight of row {@code 2r} in its low nibble as stored ({@code q + 8}, 0..15) and
 * of row {@code 2r + 1} in its high nibble as a signed nibble ({@code q}, -8..7: the stored byte with its top bit
 * flipped). A vector of {@code L} bytes widened to int lanes (sign-extended) then gives row {@code 2r} with one
 * {@code and 15} and row {@code 2r + 1} with one arithmetic shift by 4, each converted to float and multiplied by
 * {@code x[2r]} or {@code x[2r + 1]} into its own accumulator. After each block of 32 rows the two accumulators are
 * scaled by the block's scales (a vector of {@code NR} per panel and block, stored beside the bytes) into the column
 * sums; the low nibbles' offset 8 comes off there too, as {@code 8 s sum(x[2r])} over the block's even rows, a sum
 * made once per call. {@code threads} split the panels.
 */
public final class Int4Gemv {

    public static final int BLOCK = 32;
    static final int NR = 2 * L;
    private static final int PAIRS = BLOCK / 2;

    private final int n, k, panels, blocks, threads;
    private final byte[] q;
    private final float[] scales;
    private final float[] evenSums;
    private final float[][] tail;

    /**
     * @param packed MatMulNBits bytes, {@code [n][k/32][16]}, the even element of each pair in the low nibble
     * @param scale  {@code [n][k/32]}
     */
    public Int4Gemv(byte[] packed, float[] scale, int k, int n, int threads) {
        if (n < 1 || k < BLOCK || k % BLOCK != 0) {
            throw new IllegalArgumentException("n=" + n + ", k=" + k + ": expected n positive, k a multiple of "
                    + BLOCK);
        }
        this.n = n;
        this.k = k;
        this.panels = (n + NR - 1) / NR;
        this.blocks = k / BLOCK;
        this.threads = Math.max(1, threads);
        int pairs = k / 2;
        this.q = new byte[Math.multiplyExact(panels * pairs, NR)];
        this.scales = new float[panels * blocks * NR];
        repack(packed, scale, n, k, NR, q, scales);
        this.evenSums = new float[blocks];
        this.tail = new float[this.threads][NR];
    }

    /**
     * Repacks MatMulNBits bytes and scales into panels of {@code nr} columns as the class comment lays them out (the
     * layout {@link Int4DynamicGemv} reads too, with its own {@code nr}): {@code q} holds {@code panels x k/2 x nr}
     * bytes, {@code scales} {@code panels x k/32 x nr} floats.
     */
    static void repack(byte[] packed, float[] scale, int n, int k, int nr, byte[] q, float[] scales) {
        int panels = (n + nr - 1) / nr, blocks = k / BLOCK, pairs = k / 2;
        for (int jp = 0; jp < panels; jp++) {
            for (int jj = 0; jj < nr; jj++) {
                int j = jp * nr + jj;
                for (int kb = 0; kb < blocks; kb++) {
                    scales[(jp * blocks + kb) * nr + jj] = j < n ? scale[j * blocks + kb] : 0f;
                }
                for (int r = 0; r < pairs; r++) {
                    // a column past n: low nibble 8 and high 0, both zero weights, and its scale is 0 besides
                    int b = j < n ? packed[(j * blocks + r / PAIRS) * PAIRS + r % PAIRS] ^ 0x80 : 0x08;
                    q[(jp * pairs + r) * nr + jj] = (byte) b;
                }
            }
        }
    }

    public int n() {
        return n;
    }

    public int k() {
        return k;
    }

    /** Bytes of the repacked weights and scales: what a multiply reads besides x. */
    public long weightBytes() {
        return q.length + 4L * scales.length;
    }

    /** {@code y[0 .. n) = x[0 .. k) dequant(W)}. */
    public void multiply(float[] x, float[] y) {
        for (int kb = 0; kb < blocks; kb++) {
            float s = 0;
            for (int i = kb * BLOCK; i < (kb + 1) * BLOCK; i += 2) {
                s += x[i];
            }
            evenSums[kb] = 8 * s;
        }
        if (threads == 1) {
            panels(x, y, 0, panels, tail[0]);
            return;
        }
        int per = (panels + threads - 1) / threads;
        Parallel.forRange(threads, threads, 1, (lo, hi) -> {
            for (int t = lo; t < hi; t++) {
                panels(x, y, Math.min(panels, t * per), Math.min(panels, (t + 1) * per), tail[t]);
            }
        });
    }

    private void panels(float[] x, float[] y, int from, int to, float[] tl) {
        int pairs = k / 2;
        for (int jp = from; jp < to; jp++) {
            FloatVector acc0 = FloatVector.zero(F), acc1 = FloatVector.zero(F);
            int qo = jp * pairs * NR;
            int so = jp * blocks * NR;
            for (int kb = 0; kb < blocks; kb++, so += NR) {
                FloatVector lo0 = FloatVector.zero(F), hi0 = FloatVector.zero(F);
                FloatVector lo1 = FloatVector.zero(F), hi1 = FloatVector.zero(F);
                int xo = kb * BLOCK;
                for (int r = 0; r < PAIRS; r++, qo += NR) {
                    FloatVector xe = FloatVector.broadcast(F, x[xo + 2 * r]);
                    FloatVector xd = FloatVector.broadcast(F, x[xo + 2 * r + 1]);
                    IntVector v0 = (IntVector) ByteVector.fromArray(B, q, qo)
                            .convertShape(VectorOperators.B2I, I, 0);
                    IntVector v1 = (IntVector) ByteVector.fromArray(B, q, qo + L)
                            .convertShape(VectorOperators.B2I, I, 0);
                    lo0 = ((FloatVector) v0.and(0xf).convert(VectorOperators.I2F, 0)).fma(xe, lo0);
                    hi0 = ((FloatVector) v0.lanewise(VectorOperators.ASHR, 4).convert(VectorOperators.I2F, 0))
                            .fma(xd, hi0);
                    lo1 = ((FloatVector) v1.and(0xf).convert(VectorOperators.I2F, 0)).fma(xe, lo1);
                    hi1 = ((FloatVector) v1.lanewise(VectorOperators.ASHR, 4).convert(VectorOperators.I2F, 0))
                            .fma(xd, hi1);
                }
                FloatVector offset = FloatVector.broadcast(F, evenSums[kb]);
                acc0 = lo0.add(hi0).sub(offset).fma(FloatVector.fromArray(F, scales, so), acc0);
                acc1 = lo1.add(hi1).sub(offset).fma(FloatVector.fromArray(F, scales, so + L), acc1);
            }
            int j0 = jp * NR;
            if (j0 + NR <= n) {
                acc0.intoArray(y, j0);
                acc1.intoArray(y, j0 + L);
            } else {
                acc0.intoArray(tl, 0);
                acc1.intoArray(tl, L);
                System.arraycopy(tl, 0, y, j0, n - j0);
            }
        }
    }
}
