package dev.panbench.adapters.cpusimd.kernels;

import dev.panbench.harness.catalog.Int4Dynamic;
import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.ShortVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorShape;
import jdk.incubator.vector.VectorSpecies;

import static dev.panbench.adapters.cpusimd.kernels.Simd.F;
import static dev.panbench.adapters.cpusimd.kernels.Simd.L;

/**
 * {@code y[n] = x[k] W} for one row x with W INT4 (block {@value #BLOCK} along k, a float scale per block) and x
 * quantized to int8 per block at every call ({@link Int4Dynamic}, what ONNX Runtime's MatMulNBits computes at
 * {@code accuracy_level=4}): the products in 16-bit integer lanes, rescaled to float once per block.
 * <p>
 * Where {@link Int4Gemv} turns every weight into a float (widen, mask or shift, convert, multiply-add: 16 instructions
 * per 64 weights at 512 bits), here a weight stays an integer. Setup repacks the MatMulNBits bytes as {@code Int4Gemv}
 * does, into panels of {@code NR = 4 SL} columns ({@code SL} short lanes, 128 columns at 512 bits): for each pair of
 * rows {@code (2r, 2r + 1)} one byte a column, row {@code 2r}'s nibble as stored ({@code q + 8}) low and row
 * {@code 2r + 1}'s as a signed nibble ({@code q}) high, so the byte read as signed is {@code v = 16 q_odd + lo}. One
 * load of {@code SL} bytes widened to shorts gives {@code v} for {@code SL} columns, and
 * <pre>
 *   v p_even + (v >> 4) (p_odd - 16 p_even) = lo p_even + q_odd p_odd
 * </pre>
 * takes both rows with one shift, two multiplies and two adds (the second factor made once per call), with no mask.
 * Each block's short accumulator starts at {@code -8 sum(p_even)}, which takes the low nibbles' offset 8 off. The
 * intermediate sums wrap in 16 bits, but every operation is exact modulo 2^16 and the block's true sum
 * {@code sum (nibble - 8) p} lies within {@code 32 x 8 x 127 = 32,512}, so the accumulator ends exactly on it. It is
 * then stored, widened to float and multiplied into the panel's column sums (an array of {@code NR} floats, in L1) by
 * the block's weight scales times its activation scale: kept in registers beside the integer loop, eight float
 * accumulators were more than C2 kept there, and it boxed vectors every block.
 * {@code threads} split the panels.
 */
public final class Int4DynamicGemv {

    public static final int BLOCK = 32;
    static final VectorSpecies<Short> S = VectorSpecies.of(short.class, VectorShape.forBitSize(4 * 8 * L));
    /** Bytes with as many lanes as {@link #S}. */
    static final VectorSpecies<Byte> BS = VectorSpecies.of(byte.class, VectorShape.forBitSize(2 * 8 * L));
    static final int SL = S.length();
    static final int NR = 4 * SL;
    private static final int PAIRS = BLOCK / 2;
    private static final float ROUND_MAGIC = 12582912f;

    private final int n, k, panels, blocks, threads;
    private final byte[] q;
    private final float[] scales;
    private final float[] xq;
    private final short[] xs;
    private final short[] init;
    private final float[] xscale;
    private final short[][] sums;
    private final float[][] acc;

    /**
     * @param packed MatMulNBits bytes, {@code [n][k/32][16]}, the even element of each pair in the low nibble
     * @param scale  {@code [n][k/32]}
     */
    public Int4DynamicGemv(byte[] packed, float[] scale, int k, int n, int threads) {
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
        Int4Gemv.repack(packed, scale, n, k, NR, q, scales);
        this.xq = new float[k];
        this.xs = new short[k];
        this.init = new short[blocks];
        this.xscale = new float[blocks];
        this.sums = new short[this.threads][NR];
        this.acc = new float[this.threads][NR];
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

    /** {@code y[0 .. n)} for {@code x[0 .. k)}. */
    public void multiply(float[] x, float[] y) {
        quantize(x);
        if (threads == 1) {
            panels(y, 0, panels, sums[0], acc[0]);
            return;
        }
        int per = (panels + threads - 1) / threads;
        Parallel.forRange(threads, threads, 1, (lo, hi) -> {
            for (int t = lo; t < hi; t++) {
                panels(y, Math.min(panels, t * per), Math.min(panels, (t + 1) * per), sums[t], acc[t]);
            }
        });
    }

    /**
     * Quantizes x block by block as {@link Int4Dynamic} defines it: the block's scale into {@code xscale}, its levels
     * {@code p} as the factors the panels take ({@code p_even} and {@code p_odd - 16 p_even}) into {@code xs}, and
     * {@code -8 sum(p_even)} into {@code init}.
     */
    void quantize(float[] x) {
        for (int kb = 0; kb < blocks; kb++) {
            int from = kb * BLOCK, to = from + BLOCK;
            float amax = 0;
            int i = from;
            if (BLOCK % L == 0) {
                FloatVector m = FloatVector.zero(F);
                for (; i < to; i += L) {
                    m = m.max(FloatVector.fromArray(F, x, i).abs());
                }
                amax = m.reduceLanes(VectorOperators.MAX);
            }
            for (; i < to; i++) {
                amax = Math.max(amax, Math.abs(x[i]));
            }
            float r = Int4Dynamic.reciprocal(amax);
            i = from;
            if (BLOCK % L == 0) {
                for (; i < to; i += L) {
                    FloatVector.fromArray(F, x, i).mul(r).add(ROUND_MAGIC).sub(ROUND_MAGIC).intoArray(xq, i);
                }
            }
            for (; i < to; i++) {
                xq[i] = (float) Math.rint(x[i] * r);
            }
            int even = 0;
            for (i = from; i < to; i += 2) {
                int e = (int) xq[i];
                even += e;
                xs[i] = (short) e;
                xs[i + 1] = (short) ((int) xq[i + 1] - 16 * e);
            }
            init[kb] = (short) (-8 * even);
            xscale[kb] = Int4Dynamic.scale(amax);
        }
    }

    /** The last call's level {@code p} of activation {@code i}. */
    int level(int i) {
        return (int) xq[i];
    }

    private void panels(float[] y, int from, int to, short[] sums, float[] acc) {
        int pairs = k / 2;
        for (int jp = from; jp < to; jp++) {
            java.util.Arrays.fill(acc, 0f);
            int qo = jp * pairs * NR, so = jp * blocks * NR;
            for (int kb = 0; kb < blocks; kb++, so += NR) {
                ShortVector a0 = ShortVector.broadcast(S, init[kb]), a1 = a0, a2 = a0, a3 = a0;
                int xo = kb * BLOCK;
                for (int r = 0; r < PAIRS; r++, qo += NR) {
                    ShortVector xe = ShortVector.broadcast(S, xs[xo + 2 * r]);
                    ShortVector xd = ShortVector.broadcast(S, xs[xo + 2 * r + 1]);
                    ShortVector v0 = (ShortVector) ByteVector.fromArray(BS, q, qo)
                            .convertShape(VectorOperators.B2S, S, 0);
                    ShortVector v1 = (ShortVector) ByteVector.fromArray(BS, q, qo + SL)
                            .convertShape(VectorOperators.B2S, S, 0);
                    ShortVector v2 = (ShortVector) ByteVector.fromArray(BS, q, qo + 2 * SL)
                            .convertShape(VectorOperators.B2S, S, 0);
                    ShortVector v3 = (ShortVector) ByteVector.fromArray(BS, q, qo + 3 * SL)
                            .convertShape(VectorOperators.B2S, S, 0);
                    a0 = a0.add(v0.mul(xe)).add(v0.lanewise(VectorOperators.ASHR, 4).mul(xd));
                    a1 = a1.add(v1.mul(xe)).add(v1.lanewise(VectorOperators.ASHR, 4).mul(xd));
                    a2 = a2.add(v2.mul(xe)).add(v2.lanewise(VectorOperators.ASHR, 4).mul(xd));
                    a3 = a3.add(v3.mul(xe)).add(v3.lanewise(VectorOperators.ASHR, 4).mul(xd));
                }
                a0.intoArray(sums, 0);
                a1.intoArray(sums, SL);
                a2.intoArray(sums, 2 * SL);
                a3.intoArray(sums, 3 * SL);
                rescale(sums, acc, so, xscale[kb]);
            }
            int j0 = jp * NR;
            System.arraycopy(acc, 0, y, j0, Math.min(NR, n - j0));
        }
    }

    /**
     * {@code acc += float(sums) (scales[so ..] sx)}: the block's exact sums into the column sums, apart from the
     * integer loop so that neither holds more vectors than C2 keeps in registers.
     */
    private void rescale(short[] sums, float[] acc, int so, float sx) {
        for (int c = 0; c < NR; c += L) {
            FloatVector f = (FloatVector) ShortVector.fromArray(Simd.S, sums, c)
                    .convertShape(VectorOperators.S2F, F, 0);
            f.fma(FloatVector.fromArray(F, scales, so + c).mul(sx), FloatVector.fromArray(F, acc, c)).intoArray(acc, c);
        }
    }
}
