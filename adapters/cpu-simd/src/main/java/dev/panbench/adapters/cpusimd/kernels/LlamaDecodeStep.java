package dev.panbench.adapters.cpusimd.kernels;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorOperators;

import static dev.panbench.adapters.cpusimd.kernels.Simd.F;
import static dev.panbench.adapters.cpusimd.kernels.Simd.L;

/**
 * One decode step of a LLaMA decoder layer for one new token: RMSNorm, the Q, K and V projections as one product,
 * rotary embeddings (rotate-half pairs, the table given), attention over the KV cache {@code [kv_heads][ctx][d]} and
 * the token itself with query head {@code h} reading key-value head {@code h / (heads / kv_heads)}, the output
 * projection and residual, RMSNorm, the SwiGLU FFN's gate and up projections as one product, and the down projection
 * and residual. The four products are {@link Projection}s: float32 weights packed once into {@link PackedGemm} panels,
 * bfloat16 ones into {@link Bf16Gemm}'s (widened in registers), INT4 ones repacked once into {@link Int4Gemv}'s or,
 * with int8 activations per block, {@link Int4DynamicGemv}'s, or dynamic INT8 ones into {@link Int8DynamicGemv}'s (the
 * activations quantized at every product); the joined matrices are the parts' columns side by side (for MatMulNBits
 * bytes, stored column by column, the parts one after another). The cache is read, never written. Allocates nothing per
 * step.
 */
public final class LlamaDecodeStep {

    /** {@code y = x W} for one row. */
    public interface Projection {
        void multiply(float[] x, float[] y);
    }

    /** The layer's shape and constants. */
    public record Shape(int ctx, int hidden, int heads, int kvHeads, int ffn, float eps) {
        int d() {
            return hidden / heads;
        }

        int kvDim() {
            return kvHeads * d();
        }
    }

    private final Shape s;
    private final Projection qkv, o, gateUp, down;
    private final float[] attnNorm, ffnNorm, cos, sin;
    private final float[] u, qkvOut, att, x2, gu, f, scores;

    public LlamaDecodeStep(Shape shape, Projection qkv, Projection o, Projection gateUp, Projection down,
                           float[] attnNorm, float[] ffnNorm, float[] cos, float[] sin) {
        if (shape.heads() % shape.kvHeads() != 0 || shape.hidden() % shape.heads() != 0 || shape.d() % 2 != 0) {
            throw new IllegalArgumentException(shape + ": expected kv_heads to divide heads, heads to divide hidden"
                    + " and an even head dimension");
        }
        this.s = shape;
        this.qkv = qkv;
        this.o = o;
        this.gateUp = gateUp;
        this.down = down;
        this.attnNorm = attnNorm;
        this.ffnNorm = ffnNorm;
        this.cos = cos;
        this.sin = sin;
        int h = shape.hidden();
        u = new float[h];
        qkvOut = new float[h + 2 * shape.kvDim()];
        att = new float[h];
        x2 = new float[h];
        gu = new float[2 * shape.ffn()];
        f = new float[shape.ffn()];
        scores = new float[shape.ctx() + 1];
    }

    /** Float32 projections from {@code [in][out]} matrices. */
    public static Projection f32(int in, int out, int threads, float[]... parts) {
        PackedGemm g = new PackedGemm(parts.length == 1 ? parts[0] : joinColumns(in, out, parts), in, out, threads);
        return (x, y) -> g.multiply(x, 1, y);
    }

    /** INT4 projections from MatMulNBits bytes and scales, {@code packed, scales, packed, scales...}. */
    public static Projection int4(int in, int out, int threads, Object... parts) {
        Int4Gemv g = new Int4Gemv(joinedBytes(parts), joinedScales(in, out, parts), in, out, threads);
        return g::multiply;
    }

    /**
     * Dynamic INT4 projections (int8 activations per block, integer products) from MatMulNBits bytes and scales,
     * {@code packed, scales, packed, scales...}.
     */
    public static Projection int4Dynamic(int in, int out, int threads, Object... parts) {
        Int4DynamicGemv g = new Int4DynamicGemv(joinedBytes(parts), joinedScales(in, out, parts), in, out, threads);
        return g::multiply;
    }

    /** The parts' MatMulNBits bytes one after another (stored column by column, so the columns side by side). */
    private static byte[] joinedBytes(Object... parts) {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        for (int i = 0; i < parts.length; i += 2) {
            byte[] b = (byte[]) parts[i];
            bytes.write(b, 0, b.length);
        }
        return bytes.toByteArray();
    }

    /** The parts' scales one after another. */
    private static float[] joinedScales(int in, int out, Object... parts) {
        float[] scales = new float[out * (in / Int4Gemv.BLOCK)];
        int at = 0;
        for (int i = 1; i < parts.length; i += 2) {
            float[] sc = (float[]) parts[i];
            System.arraycopy(sc, 0, scales, at, sc.length);
            at += sc.length;
        }
        return scales;
    }

    /** bfloat16 projections from {@code [in][out_i]} 16-bit patterns, the parts' columns side by side. */
    public static Projection bf16(int in, int threads, short[]... parts) {
        short[] w = parts.length == 1 ? parts[0] : Bf16Gemm.joinColumns(in, parts);
        Bf16Gemm g = new Bf16Gemm(w, in, w.length / in, threads);
        return (x, y) -> g.multiply(x, 1, y);
    }

    /** Dynamic INT8 projections from int8 {@code [in][out_i]} weights and {@code [out_i]} scales, {@code w, s, w, s...}. */
    public static Projection int8Dynamic(int in, int threads, Object... parts) {
        byte[][] w = new byte[parts.length / 2][];
        int out = 0;
        for (int i = 0; i < parts.length; i += 2) {
            w[i / 2] = (byte[]) parts[i];
            out += ((float[]) parts[i + 1]).length;
        }
        float[] s = new float[out];
        int at = 0;
        for (int i = 1; i < parts.length; i += 2) {
            float[] sc = (float[]) parts[i];
            System.arraycopy(sc, 0, s, at, sc.length);
            at += sc.length;
        }
        Int8DynamicGemv g = new Int8DynamicGemv(w.length == 1 ? w[0] : Int8DynamicGemv.joinColumns(in, w), s, in, out,
                threads);
        return g::multiply;
    }

    /** {@code [in][sum of outs]}: each {@code [in][out_i]} part's columns after the previous part's. */
    static float[] joinColumns(int in, int out, float[]... parts) {
        float[] w = new float[Math.multiplyExact(in, out)];
        int col = 0;
        for (float[] part : parts) {
            int width = part.length / in;
            for (int p = 0; p < in; p++) {
                System.arraycopy(part, p * width, w, p * out + col, width);
            }
            col += width;
        }
        return w;
    }

    /** {@code out [hidden]}: the new token's hidden state after the layer. */
    public void forward(float[] x, float[] kCache, float[] vCache, float[] out) {
        int h = s.hidden(), d = s.d(), kvDim = s.kvDim(), ctx = s.ctx(), ffn = s.ffn();
        rmsNorm(x, attnNorm, u, h, s.eps());
        qkv.multiply(u, qkvOut);
        rotate(qkvOut, 0, s.heads(), d);
        rotate(qkvOut, h, s.kvHeads(), d);
        java.util.Arrays.fill(att, 0f);
        float scale = (float) (1 / Math.sqrt(d));
        int group = s.heads() / s.kvHeads();
        for (int hd = 0; hd < s.heads(); hd++) {
            int g = hd / group, qo = hd * d, cache = g * ctx * d, ko = h + g * d, vo = h + kvDim + g * d;
            for (int t = 0; t < ctx; t++) {
                scores[t] = LayerOps.dot(qkvOut, qo, kCache, cache + t * d, d) * scale;
            }
            scores[ctx] = LayerOps.dot(qkvOut, qo, qkvOut, ko, d) * scale;
            LayerOps.softmax(scores, 0, ctx + 1);
            for (int t = 0; t < ctx; t++) {
                LayerOps.axpy(scores[t], vCache, cache + t * d, att, qo, d);
            }
            LayerOps.axpy(scores[ctx], qkvOut, vo, att, qo, d);
        }
        o.multiply(att, x2);
        add(x2, x, h);
        rmsNorm(x2, ffnNorm, u, h, s.eps());
        gateUp.multiply(u, gu);
        swiGlu(gu, f, ffn);
        down.multiply(f, out);
        add(out, x2, h);
    }

    /** {@code y = x / sqrt(mean(x^2) + eps) * gain}. */
    static void rmsNorm(float[] x, float[] gain, float[] y, int n, float eps) {
        FloatVector acc = FloatVector.zero(F);
        int i = 0;
        for (int bound = F.loopBound(n); i < bound; i += L) {
            FloatVector v = FloatVector.fromArray(F, x, i);
            acc = v.fma(v, acc);
        }
        float ms = acc.reduceLanes(VectorOperators.ADD);
        for (; i < n; i++) {
            ms += x[i] * x[i];
        }
        float r = (float) (1 / Math.sqrt(ms / n + eps));
        FloatVector vr = FloatVector.broadcast(F, r);
        i = 0;
        for (int bound = F.loopBound(n); i < bound; i += L) {
            FloatVector.fromArray(F, x, i).mul(vr).mul(FloatVector.fromArray(F, gain, i)).intoArray(y, i);
        }
        for (; i < n; i++) {
            y[i] = x[i] * r * gain[i];
        }
    }

    /** Rotates {@code n} heads of {@code d} starting at {@code from}: pairs {@code (i, i + d/2)} by the table. */
    private void rotate(float[] v, int from, int n, int d) {
        int half = d / 2;
        for (int hd = 0; hd < n; hd++) {
            int o = from + hd * d;
            for (int i = 0; i < half; i++) {
                float a = v[o + i], b = v[o + i + half];
                v[o + i] = a * cos[i] - b * sin[i];
                v[o + i + half] = b * cos[i] + a * sin[i];
            }
        }
    }

    /** {@code f[j] = silu(gu[j]) gu[ffn + j]}, {@code silu(z) = z / (1 + e^-z)}. */
    static void swiGlu(float[] gu, float[] f, int ffn) {
        int j = 0;
        FloatVector one = FloatVector.broadcast(F, 1f);
        for (int bound = F.loopBound(ffn); j < bound; j += L) {
            FloatVector g = FloatVector.fromArray(F, gu, j);
            FloatVector e = g.neg().lanewise(VectorOperators.EXP).add(one);
            g.mul(FloatVector.fromArray(F, gu, ffn + j)).div(e).intoArray(f, j);
        }
        for (; j < ffn; j++) {
            float g = gu[j];
            f[j] = g * gu[ffn + j] / (1 + (float) Math.exp(-g));
        }
    }

    private static void add(float[] y, float[] x, int n) {
        int i = 0;
        for (int bound = F.loopBound(n); i < bound; i += L) {
            FloatVector.fromArray(F, y, i).add(FloatVector.fromArray(F, x, i)).intoArray(y, i);
        }
        for (; i < n; i++) {
            y[i] += x[i];
        }
    }
}
