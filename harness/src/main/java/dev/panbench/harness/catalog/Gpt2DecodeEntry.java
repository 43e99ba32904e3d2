package dev.panbench.harness.catalog;

import dev.panbench.harness.spi.OpCounts;
import dev.panbench.harness.spi.ParamSpec;
import dev.panbench.harness.spi.Params;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code model/gpt2-decode}: one new token per batch item through one GPT-2 small block in float32, pre-layer-norm,
 * attending to a KV cache of {@code ctx} earlier tokens and to itself (causal: the new token is the last, so it sees
 * every cached one and no mask is needed):
 * <pre>
 *   u       = LN1(x)
 *   q, k, v = u Wq + bq, u Wk + bk, u Wv + bv            head h: columns h d .. (h+1) d - 1, d = hidden / heads
 *   a_h     = softmax(q_h [K_h; k_h]^T / sqrt(d)) [V_h; v_h]     K_h, V_h: k_cache[b][h], v_cache[b][h]
 *   x2      = x + concat(a) Wo + bo
 *   out     = x2 + GELU(LN2(x2) W1 + b1) W2 + b2         GELU: GPT-2's tanh form
 * </pre>
 * LN eps {@value #EPS} (GPT-2's). Inputs: {@code x} {@code [batch][1][hidden]} normal with standard deviation 1,
 * {@code k_cache} and {@code v_cache} {@code [batch][heads][ctx][d]} normal with standard deviation 1, then
 * {@link LayerWeights} ({@code wq wk wv} separate; GPT-2's {@code c_attn} is their concatenation along out). Output:
 * the new hidden state {@code [batch][1][hidden]}; the new token's K and V rows are not an output (a backend may
 * write them into its cache or not; the time includes computing them either way).
 * <p>
 * Tolerance: the residual stream keeps {@code x} (O(1)) and adds two sub-layer outputs of O(0.1..1); the bound is
 * absolute, {@code |got - ref| <= 16 sqrt(hidden + ffn + ctx) 2^-24} (6.6e-5 at GPT-2 small, ctx 1024). Measured
 * there (batch 1), a plain float32 block uses 3% of it; wrong blocks 770 to 17000 times it (a missing
 * {@code 1/sqrt(d)}, heads reshaped without their transpose, Wq applied transposed), the exact GELU in place of the
 * tanh form 4 times it. The reference is float64, every element.
 */
final class Gpt2DecodeEntry extends CatalogEntry {

    static final double EPS = 1e-5;

    Gpt2DecodeEntry() {
        super("model/gpt2-decode", "one token through one GPT-2 small block, pre-LN, tanh GELU, KV cache, f32",
                List.of(ParamSpec.of("batch", "1", "8").quick("1"), ParamSpec.of("ctx", "128", "1024").quick("128"),
                        ParamSpec.of("hidden", "768"), ParamSpec.of("heads", "12"), ParamSpec.of("ffn", "3072")));
    }

    /**
     * Elements are tokens ({@code batch}: tokens per second is the elements' throughput, {@code batch / time});
     * FLOPs are the matrix products' per token ({@code 8 h^2 + 4 h ffn + 4 (ctx + 1) h}, 2 per multiply-add) times
     * batch; bytes are what a decode step must read: weights, KV cache, input and output.
     */
    @Override
    public OpCounts counts(Params p) {
        long b = p.getLong("batch"), c = p.getLong("ctx"), h = p.getLong("hidden"), f = p.getLong("ffn");
        return new OpCounts(b, LayerWeights.bytes(h, f) + 4 * (2 * b * c * h + 2 * b * h),
                b * (8 * h * h + 4 * h * f + 4 * (c + 1) * h));
    }

    /** The float32 weights' footprint in bytes (the KV cache is an input, not a weight). */
    @Override
    public long weightBytes(Params p) {
        return LayerWeights.bytes(p.getLong("hidden"), p.getLong("ffn"));
    }

    @Override
    public double layerNormEpsilon() {
        return EPS;
    }

    @Override
    protected Problem create(Params shape, String title) {
        int batch = BertLayerEntry.positive(shape, "batch"), ctx = BertLayerEntry.positive(shape, "ctx");
        int hidden = BertLayerEntry.positive(shape, "hidden"), heads = BertLayerEntry.positive(shape, "heads");
        int ffn = BertLayerEntry.positive(shape, "ffn");
        int d = LayerWeights.headDim(hidden, heads);
        int cache = Math.multiplyExact(Math.multiplyExact(batch, ctx), hidden);
        float[] x = SeededInputs.normal(Math.multiplyExact(batch, hidden), 51, 1);
        float[] kc = SeededInputs.normal(cache, 52, 1);
        float[] vc = SeededInputs.normal(cache, 53, 1);
        LayerWeights w = new LayerWeights(hidden, ffn, 200);
        List<Operand> in = new ArrayList<>();
        in.add(Operand.of("x", x, batch, 1, hidden));
        in.add(Operand.of("k_cache", kc, batch, heads, ctx, d));
        in.add(Operand.of("v_cache", vc, batch, heads, ctx, d));
        in.addAll(w.operands());
        return new Problem(title, in, new int[]{batch, 1, hidden},
                () -> reference(x, kc, vc, w, batch, ctx, heads, d),
                Tolerance.scaled(0, 16 * Math.sqrt(hidden + ffn + ctx) * Tolerance.EPS));
    }

    static Reference reference(float[] x, float[] kc, float[] vc, LayerWeights w, int batch, int ctx, int heads,
                               int d) {
        int h = w.hidden;
        double[] value = new double[batch * h];
        for (int b = 0; b < batch; b++) {
            double[] xb = BertLayerEntry.row(x, b * h, h);
            double[] u = ModelMath.layerNorm(xb, w.ln1g, w.ln1b, EPS);
            double[] q = ModelMath.linear(u, w.wq, w.bq, h, h);
            double[] k = ModelMath.linear(u, w.wk, w.bk, h, h);
            double[] v = ModelMath.linear(u, w.wv, w.bv, h, h);
            // keys and values as [token][hidden], head h's d columns from the cache's [b][h][token][d]
            double[][] keys = new double[ctx + 1][h], values = new double[ctx + 1][h];
            for (int hd = 0; hd < heads; hd++) {
                for (int t = 0; t < ctx; t++) {
                    int from = ((b * heads + hd) * ctx + t) * d;
                    for (int c = 0; c < d; c++) {
                        keys[t][hd * d + c] = kc[from + c];
                        values[t][hd * d + c] = vc[from + c];
                    }
                }
            }
            keys[ctx] = k;
            values[ctx] = v;
            double[] a = ModelMath.linear(BertLayerEntry.attend(q, keys, values, ctx + 1, heads, d), w.wo, w.bo,
                    h, h);
            for (int j = 0; j < h; j++) {
                a[j] += xb[j];
            }
            double[] f = ModelMath.linear(ModelMath.layerNorm(a, w.ln2g, w.ln2b, EPS), w.w1, w.b1, h, w.ffn);
            for (int j = 0; j < f.length; j++) {
                f[j] = ModelMath.geluTanh(f[j]);
            }
            double[] g = ModelMath.linear(f, w.w2, w.b2, w.ffn, h);
            for (int j = 0; j < h; j++) {
                value[b * h + j] = a[j] + g[j];
            }
        }
        return new Reference(null, value, new double[value.length]);
    }
}
