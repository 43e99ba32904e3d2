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
 * block of {@value #BLOCK} along k, dequantized on the fly.
 * <p>
 * Setup repacks the weights from ONNX Runtime's MatMulNBits layout ({@code [n][k/32][16]} bytes, column by column)
 * into panels of {@code NR = 2L} columns, still four bits a weight: for each k, {@code L} bytes whose low nibbles are
 * the panel's first {@code L} columns and high nibbles its last {@code L} (ONNX Runtime prepacks its weights at
 * session creation too). Each multiply then, per panel and per {@code KC} rows of k: unpacks the nibbles with the
 * Vector API (a byte load widened to int lanes, mask and shift, int to float) and scales them with one FMA,
 * {@code (q - 8) s = q s + (-8 s)}, exactly the float32 product, into an L1-resident {@code KC x NR} float panel;
 * then every {@code 6 x NR} tile of C runs over it with twelve FMA accumulators, A broadcast in place. The weights
 * are read once per multiply (at an eighth of their float32 size) and dequantized once.
 */
public final class Int4Gemm {

    public static final int BLOCK = 32;
    static final int NR = PanelKernels.NR;
    static final int MR = PanelKernels.MR;
    static final int KC = 256;

    private final int m;
    private final int n;
    private final int k;
    private final int threads;
    private final int panels;
    private final byte[] q;
    private final float[] scales;
    private final float[][] panel;
    private final float[][] tile;

    /**
     * @param packed MatMulNBits bytes, {@code [n][k/32][16]}, the even element of each pair in the low nibble
     * @param scale  {@code [n][k/32]}
     */
    public Int4Gemm(byte[] packed, float[] scale, int m, int n, int k, int threads) {
        if (k % BLOCK != 0) {
            throw new IllegalArgumentException("k=" + k + ": expected a multiple of " + BLOCK);
        }
        this.m = m;
        this.n = n;
        this.k = k;
        this.threads = Math.max(1, threads);
        this.panels = (n + NR - 1) / NR;
        int nb = k / BLOCK;
        int half = NR / 2;
        this.q = new byte[panels * k * half];
        this.scales = new float[panels * nb * NR];
        for (int jp = 0; jp < panels; jp++) {
            for (int jj = 0; jj < NR; jj++) {
                int j = jp * NR + jj;
                for (int kb = 0; kb < nb; kb++) {
                    scales[(jp * nb + kb) * NR + jj] = j < n ? scale[j * nb + kb] : 0f;
                }
                for (int p = 0; p < k; p++) {
                    int nibble = 8;
                    if (j < n) {
                        int byt = packed[(j * nb + p / BLOCK) * (BLOCK / 2) + (p % BLOCK) / 2] & 0xff;
                        nibble = p % 2 == 0 ? byt & 0xf : byt >>> 4;
                    }
                    int at = (jp * k + p) * half + jj % half;
                    q[at] |= (byte) (jj < half ? nibble : nibble << 4);
                }
            }
        }
        this.panel = new float[this.threads][KC * NR];
        this.tile = new float[this.threads][MR * NR];
    }

    /** Bytes of the repacked weights and scales (what a multiply reads besides A). */
    public long weightBytes() {
        return q.length + 4L * scales.length;
    }

    public void multiply(float[] a, float[] c) {
        if (threads == 1) {
            for (int jp = 0; jp < panels; jp++) {
                panel(a, c, jp, panel[0], tile[0]);
            }
            return;
        }
        Parallel.forRange(threads, threads, 1, (lo, hi) -> {
            for (int t = lo; t < hi; t++) {
                for (int jp = t; jp < panels; jp += threads) {
                    panel(a, c, jp, panel[t], tile[t]);
                }
            }
        });
    }

    private void panel(float[] a, float[] c, int jp, float[] pan, float[] tl) {
        for (int pc = 0; pc < k; pc += KC) {
            int kc = Math.min(KC, k - pc);
            dequantize(jp, pc, kc, pan);
            PanelKernels.panel(a, m, k, pc, kc, pan, 0, c, n, jp * NR, tl);
        }
    }

    /** Rows {@code pc .. pc + kc} of panel {@code jp} as floats, {@code [kc][NR]}. */
    private void dequantize(int jp, int pc, int kc, float[] pan) {
        int nb = k / BLOCK;
        int half = NR / 2;
        for (int p0 = 0; p0 < kc; p0 += BLOCK) {
            int so = (jp * nb + (pc + p0) / BLOCK) * NR;
            FloatVector s0 = FloatVector.fromArray(F, scales, so);
            FloatVector s1 = FloatVector.fromArray(F, scales, so + L);
            FloatVector z0 = s0.mul(-8f);
            FloatVector z1 = s1.mul(-8f);
            int end = Math.min(kc, p0 + BLOCK);
            for (int p = p0; p < end; p++) {
                IntVector v = (IntVector) ByteVector.fromArray(B, q, (jp * k + pc + p) * half)
                        .convertShape(VectorOperators.B2I, I, 0);
                FloatVector lo = (FloatVector) v.and(0xf).convert(VectorOperators.I2F, 0);
                FloatVector hi = (FloatVector) v.lanewise(VectorOperators.ASHR, 4).and(0xf)
                        .convert(VectorOperators.I2F, 0);
                lo.fma(s0, z0).intoArray(pan, p * NR);
                hi.fma(s1, z1).intoArray(pan, p * NR + L);
            }
        }
    }
}
