package dev.panbench.harness.catalog;

import dev.panbench.harness.spi.OpCounts;
import dev.panbench.harness.spi.ParamSpec;
import dev.panbench.harness.spi.Params;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code model/llama-decode}: one new token through one LLaMA-7B-shaped decoder layer (hidden 4096, 32 heads of 128,
 * SwiGLU FFN 11008, RMSNorm, rotary embeddings, no biases), attending to a KV cache of {@code ctx} earlier tokens and
 * to itself; {@code kv_heads} below {@code heads} is grouped-query attention (query head {@code h} reads key-value
 * head {@code h / (heads / kv_heads)}, as Hugging Face's {@code repeat_kv} repeats each one for consecutive heads):
 * <pre>
 *   u       = RMSNorm(x) g_attn                           RMSNorm(x) = x / sqrt(mean(x^2) + eps)
 *   q, k, v = u Wq, u Wk, u Wv                            q: heads x d, k and v: kv_heads x d
 *   q, k    = rope(q), rope(k) at position ctx            per head, pairs (i, i + d/2): the rotate-half form
 *   a_h     = softmax(q_h [K_g; k_g]^T / sqrt(d)) [V_g; v_g]       g = h / (heads / kv_heads)
 *   x2      = x + concat(a) Wo
 *   out     = x2 + (silu(u2 W1) * (u2 W3)) W2             u2 = RMSNorm(x2) g_ffn, silu(z) = z / (1 + e^-z)
 * </pre>
 * RMSNorm eps {@value #EPS} ({@code rms_norm_eps} of LLaMA-7B's config; LLaMA 2 states 1e-5). Rotary: Hugging Face's
 * rotate-half pairing (ONNX Runtime's RotaryEmbedding with {@code interleaved=0}), base {@value #ROPE_BASE}, angle
 * {@code ctx theta_i}, {@code theta_i = base^(-2i/d)}: {@code q'_i = q_i cos - q_(i+d/2) sin},
 * {@code q'_(i+d/2) = q_(i+d/2) cos + q_i sin}. The cosines and sines are inputs ({@code rope_cos}, {@code rope_sin},
 * {@code [d/2]}, computed in float64 and rounded), as every decoder keeps its table: at ctx 2048 the angle is 2048
 * radians, and one computed in float32 would be off by up to 2^-13 and its sine by as much.
 * <p>
 * Inputs: {@code x} {@code [1][1][hidden]} normal with standard deviation 1; {@code k_cache} and {@code v_cache}
 * {@code [kv_heads][ctx][d]} normal with standard deviation 1 (the cached keys stand for keys already rotated); the
 * rotary table; then {@link LlamaWeights}, float32 ({@code weights=f32}) or INT4 ({@code weights=int4}: block 32,
 * symmetric, {@link Int4Blocks}, ONNX Runtime's MatMulNBits layout). Output: the new hidden state
 * {@code [1][1][hidden]}; the new key and value are not an output (the time includes computing them).
 * <p>
 * Tolerance: {@code |got - ref| <= 16 sqrt(hidden + ffn + ctx) 2^-24 (1 + |ref|)} (1.2e-4 (1 + |ref|) at the 7B
 * shape and ctx 128). The residual stream keeps {@code x} (O(1)) and adds the attention's output and the FFN's (sums
 * of 11008 products of O(1) activations and weights of 0.02; {@code |ref|} reaches 9 at the 7B shape), each a float32
 * sum of thousands of terms.
 * Measured with a plain float32 step summing every product in order ({@code NaiveLlama}, the worst order): 0.4% to
 * 0.8% of the bound at the quick shape, 14% at the 7B shape (ctx 128 and 2048, f32 and INT4, 32 and 8 key-value
 * heads). Wrong steps fail by far: without the rotary embedding 1,200 to 20,000 times the bound, with Meta's
 * interleaved rotary pairs in place of rotate-half 1,600 to 20,000 times, query head {@code h} reading key-value head
 * {@code h % kv_heads} in place of {@code h / (heads / kv_heads)} 2,700 (quick, 2 key-value heads) to 30,000 times
 * (7B, 8). INT4 weights change nothing here: the reference multiplies by the dequantized weights, exact in float32.
 * The reference is float64, every element.
 */
public final class LlamaDecodeEntry extends CatalogEntry {

    static final double EPS = 1e-6;
    static final double ROPE_BASE = 10000;

    LlamaDecodeEntry() {
        super("model/llama-decode", "one token through one LLaMA decoder layer, RMSNorm, rotary, SwiGLU, grouped-query"
                        + " KV cache, f32 or INT4 weights (block 32)",
                List.of(ParamSpec.of("weights", "f32", "int4"), ParamSpec.of("ctx", "128", "2048").quick("128"),
                        ParamSpec.of("kv_heads", "32", "8").quick("2"), ParamSpec.of("hidden", "4096").quick("512"),
                        ParamSpec.of("heads", "32").quick("8"), ParamSpec.of("ffn", "11008").quick("1376")));
    }

    /**
     * Elements: the token (tokens per second is the elements' throughput). FLOPs: the projections'
     * {@code 2 (2 h^2 + 2 h kv d + 3 h ffn)} and the attention's {@code 4 (ctx + 1) heads d}, 2 per multiply-add.
     * Bytes: what the step must read and write: the weights (as stored), the KV cache, x and the output.
     */
    @Override
    public OpCounts counts(Params p) {
        long c = p.getLong("ctx"), h = p.getLong("hidden"), f = p.getLong("ffn");
        long kvDim = kvDim(p);
        return new OpCounts(1, weightBytes(p) + 4 * (2 * c * kvDim + 2 * h),
                2 * LlamaWeights.matrixValues(h, kvDim, f) + 4 * (c + 1) * h);
    }

    /** The weights' footprint in bytes as stored: float32, or INT4 with a float scale per 32 weights. */
    @Override
    public long weightBytes(Params p) {
        return LlamaWeights.bytes(p.getLong("hidden"), kvDim(p), p.getLong("ffn"), int4(p));
    }

    /** The RMSNorm epsilon every backend uses. */
    @Override
    public double layerNormEpsilon() {
        return EPS;
    }

    private static long kvDim(Params p) {
        return p.getLong("kv_heads") * (p.getLong("hidden") / p.getLong("heads"));
    }

    /** Whether the shape's weights are INT4 ({@code weights=int4}) rather than float32. */
    public static boolean int4(Params p) {
        String w = p.get("weights", "f32");
        if (!w.equals("f32") && !w.equals("int4")) {
            throw new IllegalArgumentException("weights=" + w + ": expected f32 or int4");
        }
        return w.equals("int4");
    }

    /**
     * Why these shape parameters make no layer ({@code kv_heads} not dividing {@code heads}, an odd head dimension,
     * INT4 sizes that are not whole blocks), or null when they do; an adapter declares such a combination
     * unavailable with this reason.
     */
    public static String shapeFault(Params shape) {
        try {
            int hidden = BertLayerEntry.positive(shape, "hidden"), heads = BertLayerEntry.positive(shape, "heads");
            int kvHeads = BertLayerEntry.positive(shape, "kv_heads"), ffn = BertLayerEntry.positive(shape, "ffn");
            BertLayerEntry.positive(shape, "ctx");
            int d = LayerWeights.headDim(hidden, heads);
            if (heads % kvHeads != 0) {
                return "heads=" + heads + ", kv_heads=" + kvHeads + ": expected kv_heads to divide heads";
            }
            if (d % 2 != 0) {
                return "hidden=" + hidden + ", heads=" + heads + ": expected an even head dimension (rotary pairs)";
            }
            if (int4(shape)) {
                Int4Blocks.blocks(hidden);
                Int4Blocks.blocks(ffn);
            }
            return null;
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
    }

    @Override
    protected Problem create(Params shape, String title) {
        String fault = shapeFault(shape);
        if (fault != null) {
            throw new IllegalArgumentException(fault);
        }
        boolean int4 = int4(shape);
        int ctx = BertLayerEntry.positive(shape, "ctx"), hidden = BertLayerEntry.positive(shape, "hidden");
        int heads = BertLayerEntry.positive(shape, "heads"), kvHeads = BertLayerEntry.positive(shape, "kv_heads");
        int ffn = BertLayerEntry.positive(shape, "ffn");
        int d = hidden / heads;
        int cache = Math.multiplyExact(Math.multiplyExact(kvHeads, ctx), d);
        float[] x = SeededInputs.normal(hidden, 71, 1);
        float[] kc = SeededInputs.normal(cache, 72, 1);
        float[] vc = SeededInputs.normal(cache, 73, 1);
        double[][] rope = rope(d, ctx);
        LlamaWeights w = new LlamaWeights(hidden, kvHeads * d, ffn, int4, 300);
        List<Operand> in = new ArrayList<>();
        in.add(Operand.of("x", x, 1, 1, hidden));
        in.add(Operand.of("k_cache", kc, kvHeads, ctx, d));
        in.add(Operand.of("v_cache", vc, kvHeads, ctx, d));
        in.add(Operand.of("rope_cos", toFloats(rope[0]), d / 2));
        in.add(Operand.of("rope_sin", toFloats(rope[1]), d / 2));
        in.addAll(w.operands());
        return new Problem(title, in, new int[]{1, 1, hidden},
                () -> reference(x, kc, vc, rope, w, ctx, heads, kvHeads, d, EPS),
                Tolerance.scaled(16 * Math.sqrt(hidden + ffn + ctx) * Tolerance.EPS,
                        16 * Math.sqrt(hidden + ffn + ctx) * Tolerance.EPS));
    }

    /** {@code [cos, sin]} of {@code pos theta_i}, {@code i < d/2}, in float64. */
    static double[][] rope(int d, int pos) {
        double[] c = new double[d / 2], s = new double[d / 2];
        for (int i = 0; i < d / 2; i++) {
            double angle = pos * Math.pow(ROPE_BASE, -2.0 * i / d);
            c[i] = Math.cos(angle);
            s[i] = Math.sin(angle);
        }
        return new double[][]{c, s};
    }

    private static float[] toFloats(double[] a) {
        float[] f = new float[a.length];
        for (int i = 0; i < a.length; i++) {
            f[i] = (float) a[i];
        }
        return f;
    }

    /** The table as the backends read it: the float32 {@code rope_cos} and {@code rope_sin} widened. */
    private static double[] widened(double[] a) {
        double[] r = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = (float) a[i];
        }
        return r;
    }

    static Reference reference(float[] x, float[] kc, float[] vc, double[][] rope, LlamaWeights w, int ctx,
                               int heads, int kvHeads, int d, double eps) {
        int h = w.hidden, kvDim = w.kvDim;
        double[] cos = widened(rope[0]), sin = widened(rope[1]);
        double[] xd = BertLayerEntry.row(x, 0, h);
        double[] u = rmsNorm(xd, w.attnNorm, eps);
        double[] q = ModelMath.matVec(u, w.matrix("wq"), h, h);
        double[] k = ModelMath.matVec(u, w.matrix("wk"), h, kvDim);
        double[] v = ModelMath.matVec(u, w.matrix("wv"), h, kvDim);
        rotate(q, heads, d, cos, sin);
        rotate(k, kvHeads, d, cos, sin);
        double[] a = new double[h];
        double[] s = new double[ctx + 1];
        double scale = 1 / Math.sqrt(d);
        int group = heads / kvHeads;
        for (int hd = 0; hd < heads; hd++) {
            int g = hd / group, qo = hd * d, cache = g * ctx * d;
            for (int t = 0; t < ctx; t++) {
                double dot = 0;
                for (int c = 0; c < d; c++) {
                    dot += q[qo + c] * kc[cache + t * d + c];
                }
                s[t] = dot * scale;
            }
            double own = 0;
            for (int c = 0; c < d; c++) {
                own += q[qo + c] * k[g * d + c];
            }
            s[ctx] = own * scale;
            ModelMath.softmax(s);
            for (int t = 0; t < ctx; t++) {
                for (int c = 0; c < d; c++) {
                    a[qo + c] += s[t] * vc[cache + t * d + c];
                }
            }
            for (int c = 0; c < d; c++) {
                a[qo + c] += s[ctx] * v[g * d + c];
            }
        }
        double[] x2 = ModelMath.matVec(a, w.matrix("wo"), h, h);
        for (int j = 0; j < h; j++) {
            x2[j] += xd[j];
        }
        double[] u2 = rmsNorm(x2, w.ffnNorm, eps);
        double[] gate = ModelMath.matVec(u2, w.matrix("w1"), h, w.ffn);
        double[] up = ModelMath.matVec(u2, w.matrix("w3"), h, w.ffn);
        for (int j = 0; j < w.ffn; j++) {
            gate[j] = gate[j] / (1 + Math.exp(-gate[j])) * up[j];
        }
        double[] f = ModelMath.matVec(gate, w.matrix("w2"), w.ffn, h);
        double[] out = new double[h];
        double[] mag = new double[h];
        for (int j = 0; j < h; j++) {
            out[j] = x2[j] + f[j];
            mag[j] = Math.abs(out[j]);
        }
        return new Reference(null, out, mag);
    }

    /** {@code x / sqrt(mean(x^2) + eps) * gain}. */
    static double[] rmsNorm(double[] x, float[] gain, double eps) {
        double ms = 0;
        for (double v : x) {
            ms += v * v;
        }
        double r = 1 / Math.sqrt(ms / x.length + eps);
        double[] y = new double[x.length];
        for (int j = 0; j < x.length; j++) {
            y[j] = x[j] * r * gain[j];
        }
        return y;
    }

    /** The rotary embedding of each of {@code n} heads of {@code d} in place (rotate-half pairs). */
    static void rotate(double[] v, int n, int d, double[] cos, double[] sin) {
        int half = d / 2;
        for (int hd = 0; hd < n; hd++) {
            int o = hd * d;
            for (int i = 0; i < half; i++) {
                double a = v[o + i], b = v[o + i + half];
                v[o + i] = a * cos[i] - b * sin[i];
                v[o + i + half] = b * cos[i] + a * sin[i];
            }
        }
    }
}
