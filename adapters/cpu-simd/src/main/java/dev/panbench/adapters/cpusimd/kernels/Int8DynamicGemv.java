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
 * {@code y[n] = x[k] W} for one row x with dynamic INT8 quantization ({@link DynamicInt8}, what ONNX's
 * {@code DynamicQuantizeLinear} and {@code MatMulInteger} compute): W int8 with a float scale per output column,
 * quantized once; x quantized at every call to uint8 with one scale {@code a} and zero point {@code z} from its own
 * range; the products summed exactly in int32 and rescaled, {@code y_j = acc_j (a s_j)}.
 * <p>
 * The call first finds x's range and quantizes it (the division, a clamp and a round to nearest even by adding and
 * subtracting 1.5 * 2^23, as {@link Quant} does), keeping {@code p - z} (-255..255) as ints, so the zero point needs
 * no column sums. W is repacked at setup into panels of {@code NR = 2L} columns, one signed byte a weight, row by row
 * along k ({@code [n / NR][k][NR]}): each row of a panel is two vectors of {@code L} bytes, sign-extended to int
 * lanes and multiplied by the row's broadcast activation into int accumulators, two rows of k at a time into four
 * (|acc| stays below 11008 x 255 x 127 at the 7B shape, far inside int32). {@code threads} split the panels.
 */
public final class Int8DynamicGemv {

    static final int NR = 2 * L;
    private static final float ROUND_MAGIC = 12582912f;

    private final int n, k, panels, threads;
    private final byte[] q;
    private final float[] scales;
    private final int[] xq;
    private final float[][] tail;

    /**
     * @param w     int8 weights, row-major {@code [k][n]}
     * @param scale {@code [n]}, one a column
     */
    public Int8DynamicGemv(byte[] w, float[] scale, int k, int n, int threads) {
        if (k < 1 || n < 1 || w.length != (long) k * n || scale.length != n) {
            throw new IllegalArgumentException("k=" + k + ", n=" + n + ": expected " + (long) k * n + " weights and "
                    + n + " scales, got " + w.length + " and " + scale.length);
        }
        this.n = n;
        this.k = k;
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
        this.xq = new int[k];
        this.tail = new float[this.threads][NR];
    }

    /** Bytes of the repacked weights and scales: what a multiply reads besides x. */
    public long weightBytes() {
        return q.length + 4L * scales.length;
    }

    /** {@code [k][sum of n_i]} and {@code [sum of n_i]}: each part's columns after the previous part's. */
    public static byte[] joinColumns(int k, byte[]... parts) {
        int n = 0;
        for (byte[] part : parts) {
            n += part.length / k;
        }
        byte[] w = new byte[Math.multiplyExact(k, n)];
        int col = 0;
        for (byte[] part : parts) {
            int width = part.length / k;
            for (int p = 0; p < k; p++) {
                System.arraycopy(part, p * width, w, p * n + col, width);
            }
            col += width;
        }
        return w;
    }

    /** {@code y[0 .. n)} for {@code x[0 .. k)}. */
    public void multiply(float[] x, float[] y) {
        float a = quantize(x);
        if (threads == 1) {
            panels(a, y, 0, panels, tail[0]);
            return;
        }
        int per = (panels + threads - 1) / threads;
        Parallel.forRange(threads, threads, 1, (lo, hi) -> {
            for (int t = lo; t < hi; t++) {
                panels(a, y, Math.min(panels, t * per), Math.min(panels, (t + 1) * per), tail[t]);
            }
        });
    }

    /** Quantizes x into {@code xq} as {@code p - z}; returns the scale. */
    float quantize(float[] x) {
        FloatVector lo = FloatVector.zero(F), hi = lo;
        int i = 0;
        for (int bound = F.loopBound(k); i < bound; i += L) {
            FloatVector v = FloatVector.fromArray(F, x, i);
            lo = lo.min(v);
            hi = hi.max(v);
        }
        float mn = lo.reduceLanes(VectorOperators.MIN), mx = hi.reduceLanes(VectorOperators.MAX);
        for (; i < k; i++) {
            mn = Math.min(mn, x[i]);
            mx = Math.max(mx, x[i]);
        }
        float a = DynamicInt8.scale(mn, mx);
        int z = DynamicInt8.zeroPoint(mn, a);
        FloatVector va = FloatVector.broadcast(F, a);
        float low = -z, high = DynamicInt8.LEVELS - z;
        i = 0;
        for (int bound = F.loopBound(k); i < bound; i += L) {
            FloatVector v = FloatVector.fromArray(F, x, i).div(va).max(low).min(high);
            ((IntVector) v.add(ROUND_MAGIC).sub(ROUND_MAGIC).convert(VectorOperators.F2I, 0)).intoArray(xq, i);
        }
        for (; i < k; i++) {
            xq[i] = DynamicInt8.quantize(x[i], a, z) - z;
        }
        return a;
    }

    /** The last call's quantized activation {@code p - z} at {@code i}. */
    int quantized(int i) {
        return xq[i];
    }

    private void panels(float a, float[] y, int from, int to, float[] tl) {
        for (int jp = from; jp < to; jp++) {
            IntVector c0 = IntVector.zero(I), c1 = c0, d0 = c0, d1 = c0;
            int qo = jp * k * NR;
            int p = 0;
            for (; p + 1 < k; p += 2, qo += 2 * NR) {
                IntVector xa = IntVector.broadcast(I, xq[p]);
                IntVector xb = IntVector.broadcast(I, xq[p + 1]);
                c0 = c0.add(((IntVector) ByteVector.fromArray(B, q, qo).convertShape(VectorOperators.B2I, I, 0))
                        .mul(xa));
                c1 = c1.add(((IntVector) ByteVector.fromArray(B, q, qo + L).convertShape(VectorOperators.B2I, I, 0))
                        .mul(xa));
                d0 = d0.add(((IntVector) ByteVector.fromArray(B, q, qo + NR).convertShape(VectorOperators.B2I, I, 0))
                        .mul(xb));
                d1 = d1.add(((IntVector) ByteVector.fromArray(B, q, qo + NR + L)
                        .convertShape(VectorOperators.B2I, I, 0)).mul(xb));
            }
            if (p < k) {
                IntVector xa = IntVector.broadcast(I, xq[p]);
                c0 = c0.add(((IntVector) ByteVector.fromArray(B, q, qo).convertShape(VectorOperators.B2I, I, 0))
                        .mul(xa));
                c1 = c1.add(((IntVector) ByteVector.fromArray(B, q, qo + L).convertShape(VectorOperators.B2I, I, 0))
                        .mul(xa));
            }
            int j0 = jp * NR;
            FloatVector y0 = ((FloatVector) c0.add(d0).convert(VectorOperators.I2F, 0))
                    .mul(FloatVector.fromArray(F, scales, j0).mul(a));
            FloatVector y1 = ((FloatVector) c1.add(d1).convert(VectorOperators.I2F, 0))
                    .mul(FloatVector.fromArray(F, scales, j0 + L).mul(a));
            if (j0 + NR <= n) {
                y0.intoArray(y, j0);
                y1.intoArray(y, j0 + L);
            } else {
                y0.intoArray(tl, 0);
                y1.intoArray(tl, L);
                System.arraycopy(tl, 0, y, j0, n - j0);
            }
        }
    }
}
