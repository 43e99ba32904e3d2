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
 * Weight-only INT4 matrix multiply {@code C[m x n] = A[m x k] dequant(B)}, B symmetric INT4 with a float scale per
 * block of {@value #BLOCK} along k, as {@link WeightOnlyGemm} runs it.
 * <p>
 * Setup repacks the weights from ONNX Runtime's MatMulNBits layout ({@code [n][k/32][16]} bytes, column by column)
 * into panels of {@code NR = 2L} columns, still four bits a weight: for each pair of rows {@code (2r, 2r + 1)} of k,
 * {@code NR} bytes, byte {@code j} holding column {@code j}'s weight of row {@code 2r} in its low nibble and of row
 * {@code 2r + 1} in its high nibble. One vector of {@code L} bytes then unpacks into two rows of {@code L} columns
 * with the same operations for both halves: widen the bytes to int lanes, mask (low) or shift and mask (high),
 * convert to float; and one fused multiply-add applies the block's scale, {@code (q - 8) s = q s + (-8 s)}, exactly
 * the float32 product (the FMA rounds once, and {@code -8 s} is exact). The scales are stored per panel and block
 * as {@code NR} floats, two vector loads per 32 rows. ONNX Runtime prepacks its weights at session creation too.
 */
public final class Int4Gemm extends WeightOnlyGemm {

    public static final int BLOCK = 32;

    private final byte[] q;
    private final float[] scales;

    /**
     * @param packed MatMulNBits bytes, {@code [n][k/32][16]}, the even element of each pair in the low nibble
     * @param scale  {@code [n][k/32]}
     */
    public Int4Gemm(byte[] packed, float[] scale, int m, int n, int k, int threads) {
        this(packed, scale, m, n, k, threads, CacheSizes.cpu0());
    }

    Int4Gemm(byte[] packed, float[] scale, int m, int n, int k, int threads, CacheSizes caches) {
        super(m, n, k, BLOCK, threads, caches);
        int nb = k / BLOCK;
        int pairs = k / 2;
        this.q = new byte[Math.multiplyExact(panels * pairs, NR)];
        this.scales = new float[panels * nb * NR];
        for (int jp = 0; jp < panels; jp++) {
            for (int jj = 0; jj < NR; jj++) {
                int j = jp * NR + jj;
                for (int kb = 0; kb < nb; kb++) {
                    scales[(jp * nb + kb) * NR + jj] = j < n ? scale[j * nb + kb] : 0f;
                }
                for (int r = 0; r < pairs; r++) {
                    // a column past n: nibbles 8 with scale 0, so its floats are 0
                    int byt = j < n ? packed[(j * nb + 2 * r / BLOCK) * (BLOCK / 2) + r % (BLOCK / 2)] : 0x88;
                    q[(jp * pairs + r) * NR + jj] = (byte) byt;
                }
            }
        }
    }

    @Override
    public long weightBytes() {
        return q.length + 4L * scales.length;
    }

    /**
     * Each pair of rows: two vectors of {@code L} bytes, each unpacked into its columns of both rows. Written out in
     * the loop rather than in a helper taking the scales as vectors: a helper the JIT compiled on its own before its
     * caller would take them boxed, an allocation per call.
     */
    @Override
    void dequantize(int jp, int pc, int kc, float[] pan) {
        int nb = k / BLOCK;
        for (int p0 = 0; p0 < kc; p0 += BLOCK) {
            int so = (jp * nb + (pc + p0) / BLOCK) * NR;
            FloatVector s0 = FloatVector.fromArray(F, scales, so);
            FloatVector s1 = FloatVector.fromArray(F, scales, so + L);
            FloatVector z0 = s0.mul(-8f), z1 = s1.mul(-8f);
            int qo = (jp * (k / 2) + (pc + p0) / 2) * NR;
            for (int p = p0; p < p0 + BLOCK; p += 2, qo += NR) {
                int po = p * NR;
                IntVector v = (IntVector) ByteVector.fromArray(B, q, qo).convertShape(VectorOperators.B2I, I, 0);
                ((FloatVector) v.and(0xf).convert(VectorOperators.I2F, 0)).fma(s0, z0).intoArray(pan, po);
                ((FloatVector) v.lanewise(VectorOperators.LSHR, 4).and(0xf).convert(VectorOperators.I2F, 0))
                        .fma(s0, z0).intoArray(pan, po + NR);
                v = (IntVector) ByteVector.fromArray(B, q, qo + L).convertShape(VectorOperators.B2I, I, 0);
                ((FloatVector) v.and(0xf).convert(VectorOperators.I2F, 0)).fma(s1, z1).intoArray(pan, po + L);
                ((FloatVector) v.lanewise(VectorOperators.LSHR, 4).and(0xf).convert(VectorOperators.I2F, 0))
                        .fma(s1, z1).intoArray(pan, po + NR + L);
            }
        }
    }
}
