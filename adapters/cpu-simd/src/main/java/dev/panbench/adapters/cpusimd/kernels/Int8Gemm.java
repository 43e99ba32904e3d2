package dev.panbench.adapters.cpusimd.kernels;

import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorOperators;

import static dev.panbench.adapters.cpusimd.kernels.Simd.B;
import static dev.panbench.adapters.cpusimd.kernels.Simd.F;
import static dev.panbench.adapters.cpusimd.kernels.Simd.L;

/**
 * Weight-only INT8 matrix multiply {@code C[m x n] = A[m x k] dequant(B)}, B symmetric INT8 with a float scale per
 * block of {@value #BLOCK} along k, as {@link WeightOnlyGemm} runs it.
 * <p>
 * Setup repacks the weights from ONNX Runtime's MatMulNBits layout at 8 bits ({@code [n][k/32][32]} unsigned bytes
 * with the zero point 128, column by column) into panels of {@code NR = 2L} columns, one signed byte a weight
 * ({@code q = u - 128}), row by row along k: the zero point is taken out once here, so a multiply widens the bytes to
 * float (the Vector API's byte-to-float conversion: a sign extension and an int-to-float convert) and multiplies by
 * the block's scale, {@code q s}, exactly the float32 product the reference dequantizes to. The scales are stored per
 * panel and block as {@code NR} floats.
 */
public final class Int8Gemm extends WeightOnlyGemm {

    public static final int BLOCK = 32;
    /** The zero point of MatMulNBits at 8 bits when it has no zero-point input. */
    static final int ZERO_POINT = 128;

    private final byte[] q;
    private final float[] scales;

    /**
     * @param packed MatMulNBits bytes at 8 bits, {@code [n][k/32][32]}, each {@code q + 128}
     * @param scale  {@code [n][k/32]}
     */
    public Int8Gemm(byte[] packed, float[] scale, int m, int n, int k, int threads) {
        this(packed, scale, m, n, k, threads, CacheSizes.cpu0());
    }

    Int8Gemm(byte[] packed, float[] scale, int m, int n, int k, int threads, CacheSizes caches) {
        super(m, n, k, BLOCK, threads, caches);
        int nb = k / BLOCK;
        this.q = new byte[Math.multiplyExact(panels * k, NR)];
        this.scales = new float[panels * nb * NR];
        for (int jp = 0; jp < panels; jp++) {
            for (int jj = 0; jj < NR; jj++) {
                int j = jp * NR + jj;
                if (j >= n) {
                    continue; // a column past n: weights 0, scales 0
                }
                for (int kb = 0; kb < nb; kb++) {
                    scales[(jp * nb + kb) * NR + jj] = scale[j * nb + kb];
                }
                for (int p = 0; p < k; p++) {
                    q[(jp * k + p) * NR + jj] = (byte) ((packed[j * k + p] & 0xff) - ZERO_POINT);
                }
            }
        }
    }

    @Override
    public long weightBytes() {
        return q.length + 4L * scales.length;
    }

    /** Row by row, both vectors written out in the loop (no helper taking the scales as vectors: see {@link Int4Gemm}). */
    @Override
    void dequantize(int jp, int pc, int kc, float[] pan) {
        int nb = k / BLOCK;
        for (int p0 = 0; p0 < kc; p0 += BLOCK) {
            int so = (jp * nb + (pc + p0) / BLOCK) * NR;
            FloatVector s0 = FloatVector.fromArray(F, scales, so);
            FloatVector s1 = FloatVector.fromArray(F, scales, so + L);
            int qo = (jp * k + pc + p0) * NR;
            for (int p = p0; p < p0 + BLOCK; p++, qo += NR) {
                int po = p * NR;
                ((FloatVector) ByteVector.fromArray(B, q, qo).convertShape(VectorOperators.B2F, F, 0)).mul(s0)
                        .intoArray(pan, po);
                ((FloatVector) ByteVector.fromArray(B, q, qo + L).convertShape(VectorOperators.B2F, F, 0)).mul(s1)
                        .intoArray(pan, po + L);
            }
        }
    }
}
