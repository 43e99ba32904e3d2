package dev.panbench.adapters.cpusimd.kernels;

import dev.panbench.harness.catalog.DynamicInt8;
import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorOperators;

import static dev.panbench.adapters.cpusimd.kernels.Simd.B;
import static dev.panbench.adapters.cpusimd.kernels.Simd.F;
import static dev.panbench.adapters.cpusimd.kernels.Simd.I;
import static dev.panbench.adapters.cpusimd.kernels.Simd.L;

/**
 * {@code C[m x n] = A[m x k] W} for many rows (a layer's tokens) with dynamic INT8 quantization ({@link DynamicInt8},
 * what ONNX's {@code DynamicQuantizeLinear} and {@code MatMulInteger} compute): W int8 with a float scale per output
 * column, quantized once; A quantized at every call to uint8 with one scale {@code a} and zero point {@code z} over
 * the whole tensor, kept as {@code p - z}; the sums exact, rescaled {@code c_ij = acc_ij (a s_j)}.
 * <p>
 * The weights are repacked at construction into {@link Int8DynamicGemv}'s panels ({@code NR = 2L} columns, a signed
 * byte a weight, row by row along k). A multiply quantizes A once (as {@link Int8DynamicGemv} does a row, into
 * floats), then per panel widens its bytes to float32 (exact) into a buffer and runs {@link PanelKernels}' six-row
 * register tile over it, {@value #KC} rows of k at a time: products of integers up to 255 and 127 and sums of
 * {@value #KC} of them ({@code |sum| <= 8,290,560 < 2^24}) are exact in float32, so each slice's float sums are the
 * int32 ones; they are converted and added into int32 accumulators, which the last slice rescales into C. The
 * multiply-adds run at the float32 tile's rate; the weights are read at a byte each. {@code threads} split the
 * panels, each with its own buffers. Allocates nothing per multiply.
 */
public final class Int8DynamicGemm {

    static final int NR = PanelKernels.NR;
    static final int MR = PanelKernels.MR;
    /** Rows of k summed in float32 at a time: see the class comment. */
    static final int KC = 256;
    private static final float ROUND_MAGIC = 12582912f;

    private final int n, k, maxRows, panels, threads;
    private final byte[] q;
    private final float[] scales;
    private final float[] xq;
    private final float[][] pan, part;
    private final int[][] acc;
    private final float[][] tail;

    /**
     * @param w       int8 weights, row-major {@code [k][n]}
     * @param scale   {@code [n]}, one a column
     * @param maxRows the most rows of A a multiply takes
     */
    public Int8DynamicGemm(byte[] w, float[] scale, int k, int n, int maxRows, int threads) {
        if (k < 1 || n < 1 || maxRows < 1 || w.length != (long) k * n || scale.length != n) {
            throw new IllegalArgumentException("k=" + k + ", n=" + n + ", rows=" + maxRows + ": expected "
                    + (long) k * n + " weights and " + n + " scales, got " + w.length + " and " + scale.length);
        }
        this.n = n;
        this.k = k;
        this.maxRows = maxRows;
        this.panels = (n + NR - 1) / NR;
        this.threads = Math.max(1, threads);
        this.q = new byte[Math.multiplyExact(panels * NR, k)];
        this.scales = new float[panels * NR];
        System.arraycopy(scale, 0, scales, 0, n);
        for (int jp = 0; jp < panels; jp++) {
            int j0 = jp * NR, nr = Math.min(NR, n - j0);
            for (int p = 0; p < k; p++) {
                System.arraycopy(w, p * n + j0, q, (jp * k + p) * NR, nr);
            }
        }
        this.xq = new float[Math.multiplyExact(maxRows, k)];
        this.pan = new float[this.threads][k * NR];
        this.part = new float[this.threads][MR * NR];
        this.acc = new int[this.threads][MR * NR];
        this.tail = new float[this.threads][NR];
    }

    /** Bytes of the repacked weights and scales: what a multiply reads besides A. */
    public long weightBytes() {
        return q.length + 4L * scales.length;
    }

    /** {@code c[m][n]} for {@code a[m][k]}, {@code m <= maxRows}. */
    public void multiply(float[] a, int m, float[] c) {
        if (m < 1 || m > maxRows) {
            throw new IllegalArgumentException("m=" + m + ": expected 1 to " + maxRows + " rows");
        }
        float s = quantize(a, m * k);
        if (threads == 1) {
            for (int jp = 0; jp < panels; jp++) {
                panel(jp, m, s, c, 0);
            }
            return;
        }
        int per = (panels + threads - 1) / threads;
        Parallel.forRange(threads, threads, 1, (lo, hi) -> {
            for (int t = lo; t < hi; t++) {
                for (int jp = Math.min(panels, t * per); jp < Math.min(panels, (t + 1) * per); jp++) {
                    panel(jp, m, s, c, t);
                }
            }
        });
    }

    /** Quantizes {@code a[0 .. len)} over its whole range into {@code xq} as {@code p - z}; returns the scale. */
    float quantize(float[] a, int len) {
        FloatVector lo = FloatVector.zero(F), hi = lo;
        int i = 0;
        for (int bound = F.loopBound(len); i < bound; i += L) {
            FloatVector v = FloatVector.fromArray(F, a, i);
            lo = lo.min(v);
            hi = hi.max(v);
        }
        float mn = lo.reduceLanes(VectorOperators.MIN), mx = hi.reduceLanes(VectorOperators.MAX);
        for (; i < len; i++) {
            mn = Math.min(mn, a[i]);
            mx = Math.max(mx, a[i]);
        }
        float s = DynamicInt8.scale(mn, mx);
        int z = DynamicInt8.zeroPoint(mn, s);
        FloatVector vs = FloatVector.broadcast(F, s);
        float low = -z, high = DynamicInt8.LEVELS - z;
        i = 0;
        for (int bound = F.loopBound(len); i < bound; i += L) {
            FloatVector.fromArray(F, a, i).div(vs).max(low).min(high).add(ROUND_MAGIC).sub(ROUND_MAGIC)
                    .intoArray(xq, i);
        }
        for (; i < len; i++) {
            xq[i] = DynamicInt8.quantize(a[i], s, z) - z;
        }
        return s;
    }

    /** The last multiply's quantized activation {@code p - z} at {@code i}. */
    float quantized(int i) {
        return xq[i];
    }

    private void panel(int jp, int m, float s, float[] c, int t) {
        float[] pn = pan[t], pt = part[t];
        int[] ac = acc[t];
        for (int p = 0, qo = jp * k * NR; p < k; p++, qo += NR) {
            ((FloatVector) ByteVector.fromArray(B, q, qo).convertShape(VectorOperators.B2F, F, 0))
                    .intoArray(pn, p * NR);
            ((FloatVector) ByteVector.fromArray(B, q, qo + L).convertShape(VectorOperators.B2F, F, 0))
                    .intoArray(pn, p * NR + L);
        }
        int j0 = jp * NR;
        FloatVector s0 = FloatVector.fromArray(F, scales, j0).mul(s);
        FloatVector s1 = FloatVector.fromArray(F, scales, j0 + L).mul(s);
        int i = 0;
        for (; i + MR <= m; i += MR) {
            for (int pc = 0; pc < k; pc += KC) {
                PanelKernels.micro6(xq, k, i * k + pc, Math.min(KC, k - pc), pn, pc * NR, pt, 0, NR, false);
                addInto(ac, pt, MR, pc == 0);
            }
            store(ac, MR, i, s0, s1, c, j0, tail[t]);
        }
        for (; i < m; i++) {
            for (int pc = 0; pc < k; pc += KC) {
                PanelKernels.micro1(xq, i * k + pc, Math.min(KC, k - pc), pn, pc * NR, pt, 0, false);
                addInto(ac, pt, 1, pc == 0);
            }
            store(ac, 1, i, s0, s1, c, j0, tail[t]);
        }
    }

    /** The slice's exact float sums of {@code rows} rows added into the int32 accumulators (set at the first). */
    private static void addInto(int[] ac, float[] pt, int rows, boolean first) {
        for (int o = 0; o < rows * NR; o += L) {
            IntVector v = (IntVector) FloatVector.fromArray(F, pt, o).convert(VectorOperators.F2I, 0);
            (first ? v : v.add(IntVector.fromArray(I, ac, o))).intoArray(ac, o);
        }
    }

    /** Rows {@code i ..} of the panel's columns, rescaled, into C. */
    private void store(int[] ac, int rows, int i, FloatVector s0, FloatVector s1, float[] c, int j0, float[] tl) {
        for (int r = 0; r < rows; r++) {
            FloatVector y0 = ((FloatVector) IntVector.fromArray(I, ac, r * NR).convert(VectorOperators.I2F, 0))
                    .mul(s0);
            FloatVector y1 = ((FloatVector) IntVector.fromArray(I, ac, r * NR + L).convert(VectorOperators.I2F, 0))
                    .mul(s1);
            int co = (i + r) * n + j0;
            if (j0 + NR <= n) {
                y0.intoArray(c, co);
                y1.intoArray(c, co + L);
            } else {
                y0.intoArray(tl, 0);
                y1.intoArray(tl, L);
                System.arraycopy(tl, 0, c, co, n - j0);
            }
        }
    }
}
