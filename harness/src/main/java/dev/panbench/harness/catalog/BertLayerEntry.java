package dev.panbench.harness.catalog;

import dev.panbench.harness.spi.OpCounts;
import dev.panbench.harness.spi.ParamSpec;
import dev.panbench.harness.spi.Params;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code model/bert-layer}: one BERT-base encoder layer, post-layer-norm, no attention mask, float32 but for the
 * matrices' storage ({@code weights}, below):
 * <pre>
 *   q, k, v = x Wq + bq, x Wk + bk, x Wv + bv            per head h: columns h d .. (h+1) d - 1, d = hidden / heads
 *   a_h     = softmax(q_h k_h^T / sqrt(d)) v_h           softmax over the seq keys of the same batch item
 *   h1      = LN1(x + concat(a) Wo + bo)
 *   out     = LN2(h1 + GELU(h1 W1 + b1) W2 + b2)         GELU exact: x (1 + erf(x / sqrt 2)) / 2 (ONNX Gelu)
 * </pre>
 * LN eps {@value #EPS} (BERT's), biased variance. Inputs: {@code x} {@code [batch][seq][hidden]} normal with
 * standard deviation 1 (an embedding output is layer-normalised), then {@link LayerWeights}. Output
 * {@code [batch][seq][hidden]}.
 * <p>
 * Tolerance: every output is a layer-norm output, O(1) whatever the inputs, so the bound is absolute:
 * {@code |got - ref| <= 16 sqrt(hidden + ffn) 2^-24} (5.9e-5 at BERT-base). A float32 layer rounds in six matrix
 * products of length hidden or ffn, a softmax over seq and two normalisations; measured at BERT-base (batch 2), a
 * plain float32 layer in the most direct order uses 4% of the bound. Wrong layers use 800 to 8600 times it (a
 * missing {@code 1/sqrt(d)}, heads reshaped without their transpose, Wq applied transposed) and GELU's tanh form
 * 5 times it (at small shapes, where few pre-activations sit near the forms' largest difference, it can pass).
 * The reference is float64, every element of up to 64 tokens; beyond that the first and last batch item's first,
 * last and six evenly spread tokens, each needing only its sequence's keys and values.
 * <p>
 * {@code weights} ({@link WeightFormat}, last of the shape, implied {@code f32}: the rows kept before it existed are
 * f32 and their ids leave it out) stores the six matrices in float32, in bfloat16 ({@code bf16}: rounded to nearest
 * even from the seeded weights; activations and sums float32) or in dynamic INT8 ({@code int8-dynamic}: int8 per
 * output column, and each product's input tensor, every token of it, quantized to uint8 with one scale and zero point
 * at every call, int32 sums: ONNX's DynamicQuantizeLinear, which is per tensor, and MatMulInteger); biases, attention,
 * softmax, norms and GELU stay float32. bf16 is checked against float64 over the widened weights with the f32 bound
 * (simd and ONNX Runtime use 2% of it at BERT-base, batch 1; the weights truncated instead of rounded 140 times it,
 * the seeded float32 weights 52 times). int8-dynamic is checked against float64 of the same quantized arithmetic
 * ({@link #referenceInt8}: the tensors' ranges take every token, so every token goes through the layer up to W2)
 * within {@value #INT8_ABSOLUTE}, absolute: simd and ONNX Runtime make the reference's quantization decisions and
 * land within 1.1e-6 of it at BERT-base (batch 1), but a float32 value a few ulps from the float64 one that moves to
 * the next of the 255 steps shifts that token's later products by up to a step times a weight (about 1e-3 at W2's
 * input); the layer with its activations left in float32 lands 0.0225 away (11 times the bound; at hidden 64 only
 * 9.5e-4, so that check needs BERT-base).
 */
final class BertLayerEntry extends CatalogEntry {

    static final double EPS = 1e-12;
    /** Tokens every element of which the reference computes, when there are more. */
    static final int ALL_TOKENS = 64;
    static final int SAMPLED_POSITIONS = 8;
    /** The dynamic INT8 layer's absolute bound: see the class comment. */
    static final double INT8_ABSOLUTE = 2e-3;

    BertLayerEntry() {
        super("model/bert-layer", "one BERT-base encoder layer, post-LN, exact GELU, no mask; weights f32, bf16"
                + " (fp32 accumulate) or int8-dynamic (weights in reduced range, exact on CPUs without VNNI; uint8 activations"
                + " per tensor, int32 accumulate)", List.of(
                ParamSpec.of("batch", "1", "8", "32").quick("1"), ParamSpec.of("seq", "128"), ParamSpec.of("hidden", "768"),
                ParamSpec.of("heads", "12"), ParamSpec.of("ffn", "3072"),
                // added after the f32 rows were kept: their ids leave weights=f32 out
                ParamSpec.of(WeightFormat.PARAM, "f32", "bf16", "int8-dynamic").quick("f32").implied("f32")));
    }

    /**
     * Elements are tokens ({@code batch x seq}); FLOPs are the matrix products' (2 per multiply-add: {@code 8 h^2 +
     * 4 h ffn + 4 seq h} per token), the element-wise work left out; bytes are the input, weights (as stored) and
     * output once.
     */
    @Override
    public OpCounts counts(Params p) {
        long b = p.getLong("batch"), s = p.getLong("seq"), h = p.getLong("hidden"), f = p.getLong("ffn");
        long tokens = b * s;
        return new OpCounts(tokens, weightBytes(p) + 2 * 4 * tokens * h,
                tokens * (8 * h * h + 4 * h * f + 4 * s * h));
    }

    /** The weights' footprint in bytes as stored: the matrices at float32, bfloat16 or INT8 with their scales. */
    @Override
    public long weightBytes(Params p) {
        return LayerWeights.bytes(p.getLong("hidden"), p.getLong("ffn"), format(p));
    }

    /** The {@code weights} of {@code p}, one this entry runs. */
    static WeightFormat format(Params p) {
        WeightFormat f = WeightFormat.of(p);
        if (f != WeightFormat.F32 && f != WeightFormat.BF16 && f != WeightFormat.INT8_DYNAMIC) {
            throw new IllegalArgumentException(WeightFormat.PARAM + "=" + f.value()
                    + ": model/bert-layer runs f32, bf16 or int8-dynamic");
        }
        return f;
    }

    @Override
    public double layerNormEpsilon() {
        return EPS;
    }

    @Override
    protected Problem create(Params shape, String title) {
        int batch = positive(shape, "batch"), seq = positive(shape, "seq"), hidden = positive(shape, "hidden");
        int heads = positive(shape, "heads"), ffn = positive(shape, "ffn");
        int d = LayerWeights.headDim(hidden, heads);
        WeightFormat format = format(shape);
        float[] x = SeededInputs.normal(Math.multiplyExact(Math.multiplyExact(batch, seq), hidden), 41, 1);
        LayerWeights w = new LayerWeights(hidden, ffn, 100);
        List<Operand> in = new ArrayList<>();
        in.add(Operand.of("x", x, batch, seq, hidden));
        in.addAll(w.operands(format));
        double bound = 16 * Math.sqrt(hidden + ffn) * Tolerance.EPS;
        return switch (format) {
            case INT8_DYNAMIC -> new Problem(title, in, new int[]{batch, seq, hidden},
                    () -> referenceInt8(x, w, batch, seq, heads, d), Tolerance.scaled(0, INT8_ABSOLUTE));
            case BF16 -> new Problem(title, in, new int[]{batch, seq, hidden},
                    () -> reference(x, w.bf16Valued(), batch, seq, heads, d), Tolerance.scaled(0, bound));
            default -> new Problem(title, in, new int[]{batch, seq, hidden},
                    () -> reference(x, w, batch, seq, heads, d), Tolerance.scaled(0, bound));
        };
    }

    static int positive(Params shape, String name) {
        return SeededInputs.elements(name, shape.get(name));
    }

    /** The tokens the reference checks, as {@code batch * seq + position}, ascending. */
    static int[] checkedTokens(int batch, int seq) {
        if ((long) batch * seq <= ALL_TOKENS) {
            return java.util.stream.IntStream.range(0, batch * seq).toArray();
        }
        java.util.TreeSet<Integer> t = new java.util.TreeSet<>();
        for (int b : batch == 1 ? new int[]{0} : new int[]{0, batch - 1}) {
            for (int i = 0; i < SAMPLED_POSITIONS; i++) {
                t.add(b * seq + (int) ((long) i * (seq - 1) / (SAMPLED_POSITIONS - 1)));
            }
        }
        return t.stream().mapToInt(Integer::intValue).toArray();
    }

    static Reference reference(float[] x, LayerWeights w, int batch, int seq, int heads, int d) {
        int h = w.hidden;
        int[] tokens = checkedTokens(batch, seq);
        int[] at = new int[tokens.length * h];
        double[] value = new double[at.length];
        double[][] keys = null, values = null;
        int keysOf = -1;
        for (int t = 0; t < tokens.length; t++) {
            int b = tokens[t] / seq;
            if (b != keysOf) {
                keys = new double[seq][];
                values = new double[seq][];
                for (int s = 0; s < seq; s++) {
                    double[] xs = row(x, (b * seq + s) * h, h);
                    keys[s] = ModelMath.linear(xs, w.wk, w.bk, h, h);
                    values[s] = ModelMath.linear(xs, w.wv, w.bv, h, h);
                }
                keysOf = b;
            }
            double[] xt = row(x, tokens[t] * h, h);
            double[] q = ModelMath.linear(xt, w.wq, w.bq, h, h);
            double[] ctx = attend(q, keys, values, seq, heads, d);
            double[] a = ModelMath.linear(ctx, w.wo, w.bo, h, h);
            for (int j = 0; j < h; j++) {
                a[j] += xt[j];
            }
            double[] h1 = ModelMath.layerNorm(a, w.ln1g, w.ln1b, EPS);
            double[] f = ModelMath.linear(h1, w.w1, w.b1, h, w.ffn);
            for (int j = 0; j < f.length; j++) {
                f[j] = ModelMath.geluErf(f[j]);
            }
            double[] g = ModelMath.linear(f, w.w2, w.b2, w.ffn, h);
            for (int j = 0; j < h; j++) {
                g[j] += h1[j];
            }
            double[] out = ModelMath.layerNorm(g, w.ln2g, w.ln2b, EPS);
            for (int j = 0; j < h; j++) {
                at[t * h + j] = tokens[t] * h + j;
                value[t * h + j] = out[j];
            }
        }
        return new Reference(at, value, new double[value.length]);
    }

    /**
     * The layer in dynamic INT8 ({@link DynamicInt8}: int8 weights per output column, every product's input tensor
     * quantized to uint8 over all its tokens, int32 sums), in float64: the ranges of the four quantized tensors (x,
     * the attention's context, h1 and the GELU's output) take every token, so every token goes through the layer up
     * to W2; W2 and the second norm run for the checked tokens. That costs a fork 0.7, 3.1 and 13.8 s at batch 1, 8
     * and 32 (measured on a loaded Zen 4 core), where the f32 reference computes the sampled tokens alone.
     */
    static Reference referenceInt8(float[] x, LayerWeights w, int batch, int seq, int heads, int d) {
        int h = w.hidden, tokens = batch * seq;
        double[][] xs = new double[tokens][];
        for (int t = 0; t < tokens; t++) {
            xs[t] = row(x, t * h, h);
        }
        DynamicInt8Tensor.Quantized qx = DynamicInt8Tensor.quantize(xs);
        double[][] q = DynamicInt8Tensor.multiply(qx, w.int8("wq"), w.bq);
        double[][] k = DynamicInt8Tensor.multiply(qx, w.int8("wk"), w.bk);
        double[][] v = DynamicInt8Tensor.multiply(qx, w.int8("wv"), w.bv);
        double[][] ctx = new double[tokens][];
        for (int b = 0; b < batch; b++) {
            double[][] keys = java.util.Arrays.copyOfRange(k, b * seq, (b + 1) * seq);
            double[][] values = java.util.Arrays.copyOfRange(v, b * seq, (b + 1) * seq);
            for (int s = 0; s < seq; s++) {
                ctx[b * seq + s] = attend(q[b * seq + s], keys, values, seq, heads, d);
            }
        }
        double[][] h1 = DynamicInt8Tensor.multiply(DynamicInt8Tensor.quantize(ctx), w.int8("wo"), w.bo);
        for (int t = 0; t < tokens; t++) {
            for (int j = 0; j < h; j++) {
                h1[t][j] += xs[t][j];
            }
            h1[t] = ModelMath.layerNorm(h1[t], w.ln1g, w.ln1b, EPS);
        }
        double[][] f = DynamicInt8Tensor.multiply(DynamicInt8Tensor.quantize(h1), w.int8("w1"), w.b1);
        for (double[] row : f) {
            for (int j = 0; j < row.length; j++) {
                row[j] = ModelMath.geluErf(row[j]);
            }
        }
        int[] checked = checkedTokens(batch, seq);
        double[][] g = DynamicInt8Tensor.multiply(DynamicInt8Tensor.quantize(f).rows(checked), w.int8("w2"), w.b2);
        int[] at = new int[checked.length * h];
        double[] value = new double[at.length];
        for (int t = 0; t < checked.length; t++) {
            for (int j = 0; j < h; j++) {
                g[t][j] += h1[checked[t]][j];
            }
            double[] out = ModelMath.layerNorm(g[t], w.ln2g, w.ln2b, EPS);
            for (int j = 0; j < h; j++) {
                at[t * h + j] = checked[t] * h + j;
                value[t * h + j] = out[j];
            }
        }
        return new Reference(at, value, new double[value.length]);
    }

    /** Multi-head attention of one query over {@code n} keys and values, heads concatenated. */
    static double[] attend(double[] q, double[][] keys, double[][] values, int n, int heads, int d) {
        double[] ctx = new double[q.length];
        double scale = 1 / Math.sqrt(d);
        double[] s = new double[n];
        for (int hd = 0; hd < heads; hd++) {
            int o = hd * d;
            for (int i = 0; i < n; i++) {
                double dot = 0;
                for (int c = 0; c < d; c++) {
                    dot += q[o + c] * keys[i][o + c];
                }
                s[i] = dot * scale;
            }
            ModelMath.softmax(s);
            for (int i = 0; i < n; i++) {
                for (int c = 0; c < d; c++) {
                    ctx[o + c] += s[i] * values[i][o + c];
                }
            }
        }
        return ctx;
    }

    static double[] row(float[] a, int from, int n) {
        double[] r = new double[n];
        for (int i = 0; i < n; i++) {
            r[i] = a[from + i];
        }
        return r;
    }
}
