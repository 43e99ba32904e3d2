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
 * rotary table; then {@link LlamaWeights} in the {@link WeightFormat} {@code weights} names: float32 ({@code f32}),
 * bfloat16 ({@code bf16}, rounded to nearest even from the seeded float32 weights; activations and sums float32), INT4
 * ({@code int4}: block 32, symmetric, {@link Int4Blocks}, ONNX Runtime's MatMulNBits layout) or dynamic INT8
 * ({@code int8-dynamic}: INT8 weights per output channel, the activations quantized to uint8 per tensor at every
 * product, int32 sums rescaled, {@link DynamicInt8}). Output: the new hidden state {@code [1][1][hidden]}; the new
 * key and value are not an output (the time includes computing them).
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
 * (7B, 8). INT4 and bfloat16 weights change nothing here: the reference multiplies by the weights as dequantized
 * or widened, exact in float32 (a backend that truncates to bfloat16 instead of rounding, or reads the patterns
 * without widening them, fails by far).
 * <p>
 * Dynamic INT8: the reference quantizes its float64 activations as the definition says, and the bound is
 * {@value #INT8_RELATIVE} {@code (1 + |ref|)}. It asks every backend to make the reference's quantization decisions:
 * float32 activations within a few ulps of the float64 ones land on the same of the 255 steps, and then the step is
 * as close as a float32 one (measured, as shares of the bound: a plain float32 step of the same arithmetic 5e-5 at
 * the quick shape and 6e-4 at the 7B shape, ctx 128; the input x moved by one ulp at random, 400 times at the quick
 * shape and 40 at 7B: at most 8e-5 and 4e-4; simd and ONNX Runtime at the four 7B shapes, ctx 128 and 2048, 32 and 8
 * key-value heads: at most 3e-3). The quantization itself moves the output far more: the same layer with
 * the activations left in float32 lands 2.4 (quick) and 76 (7B) times the bound away, symmetric int8 activations 3.5
 * and 105 times. A backend whose activations differ by far more than rounding moves activations to the next step,
 * which re-rolls the quantization error of every product after it: x moved by 256 ulps (1.5e-5) lands 1.2 times the
 * bound away in 29% of tries at the quick shape and 56 times in 19 of 20 at 7B.
 * <p>
 * Dynamic INT4 ({@code int4-dynamic}): the INT4 weights of {@code int4} with the activations quantized to int8 per
 * block of 32 along k at every product, integer sums rescaled per block ({@link Int4Dynamic}: scale
 * {@code max |x| / 127}, {@code p = rint(x (127 / max |x|))}, ties to even, as ONNX Runtime's MatMulNBits computes at
 * {@code accuracy_level=4}). The reference quantizes its float64 activations as the definition says, and the bound is
 * {@value #INT4_DYNAMIC_PER_WIDTH} {@code (hidden + ffn) (1 + |ref|)} (0.060 at the 7B shape, 7.6e-3 at the quick one),
 * sized on a cascade the layer has at the 7B shape and scaled down with the width as the quantization's own effect
 * shrinks (the step with float32 activations lands 6.1e-4, 2.3e-3, 0.026 and 0.087 away at hidden + ffn 320, 1888, 7552
 * and 15104). One activation on the other side of a rounding boundary moves every output of its product by a weight
 * times a step (about 2e-4 at 7B, a thousand times a float32 rounding of the output), which moves a share of the next
 * product's activations across their boundaries, and so on through the layer: a float32 step that makes one decision
 * otherwise than the float64 reference ends up to half the quantization's own effect away. Measured at the 7B shape (as
 * {@code max |got - ref| / (1 + |ref|)}): a plain float32 step of the same arithmetic, ctx 128, 32 key-value heads,
 * 0.0387, the same with x moved by one ulp at random 0.0387 in 6 of 6, ONNX Runtime 1.24.1 0.0387 (ctx 128) and 0.0162
 * (ctx 2048), simd 1.4e-3 (ctx 128) and 3e-6 at ctx 2048 and at 8 key-value heads, ONNX Runtime 7e-6 at 8; the same
 * layer with float32 activations (the {@code int4} step) 0.087 (ctx 128) and 0.064 (ctx 2048) away, one activation
 * scale for the whole row 0.19 and 0.30. So at 7B the bound tells int8 activations from float32 ones by 1.5 times at
 * ctx 128 and hardly at ctx 2048. Where no decision differs the backends agree with the reference to float32 rounding:
 * ONNX Runtime and the plain step are within 2e-7 of it at the quick shape and the small test layers, where float32
 * activations land 2.3e-3 away and a row scale 4.9e-3, and the tests hold simd and ONNX Runtime to 1e-6 there (so ONNX
 * Runtime's rounding, with its reciprocal {@code 127 / max}, is the definition's). {@code rint(x / a)} in place of
 * {@code rint(x r)} rounds otherwise only next to a half step: the same output at the small shapes, and at 7B one more
 * float difference that starts or spares the cascade (0.0387 at ctx 128, 9e-6 at ctx 2048).
 * <p>
 * The reference is float64, every element.
 */
public final class LlamaDecodeEntry extends CatalogEntry {

    static final double EPS = 1e-6;
    static final double ROPE_BASE = 10000;
    /** The dynamic INT8 step's relative bound: see the class comment. */
    static final double INT8_RELATIVE = 2e-3;
    /** The dynamic INT4 step's relative bound per unit of {@code hidden + ffn}: see the class comment. */
    static final double INT4_DYNAMIC_PER_WIDTH = 4e-6;

    LlamaDecodeEntry() {
        super("model/llama-decode", "one token through one LLaMA decoder layer, RMSNorm, rotary, SwiGLU, grouped-query"
                        + " KV cache; weights f32, bf16 (fp32 accumulate), int8-dynamic (weights in reduced range, exact"
                        + " on CPUs without VNNI; uint8 activations per tensor, int32 accumulate), int4 (block 32, fp32 activations) or int4-dynamic (int8 activations per"
                        + " block, int accumulate)",
                List.of(ParamSpec.of(WeightFormat.PARAM, "f32", "bf16", "int8-dynamic", "int4", "int4-dynamic")
                                .quick("f32", "int4", "int4-dynamic"),
                        ParamSpec.of("ctx", "128", "2048").quick("128"),
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

    /** The weights' footprint in bytes as stored: float32, bfloat16, INT4 or INT8, with their scales. */
    @Override
    public long weightBytes(Params p) {
        return LlamaWeights.bytes(p.getLong("hidden"), kvDim(p), p.getLong("ffn"), WeightFormat.of(p));
    }

    /** The RMSNorm epsilon every backend uses. */
    @Override
    public double layerNormEpsilon() {
        return EPS;
    }

    private static long kvDim(Params p) {
        return p.getLong("kv_heads") * (p.getLong("hidden") / p.getLong("heads"));
    }

    /** Whether the shape's weights are INT4 ({@code weights=int4}). */
    public static boolean int4(Params p) {
        return WeightFormat.of(p) == WeightFormat.INT4;
    }

    /** Whether the format stores its matrices as {@link Int4Blocks} ({@code int4}, {@code int4-dynamic}). */
    public static boolean int4Blocks(WeightFormat format) {
        return format == WeightFormat.INT4 || format == WeightFormat.INT4_DYNAMIC;
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
            if (int4Blocks(WeightFormat.of(shape))) {
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
        WeightFormat format = WeightFormat.of(shape);
        int ctx = BertLayerEntry.positive(shape, "ctx"), hidden = BertLayerEntry.positive(shape, "hidden");
        int heads = BertLayerEntry.positive(shape, "heads"), kvHeads = BertLayerEntry.positive(shape, "kv_heads");
        int ffn = BertLayerEntry.positive(shape, "ffn");
        int d = hidden / heads;
        int cache = Math.multiplyExact(Math.multiplyExact(kvHeads, ctx), d);
        float[] x = SeededInputs.normal(hidden, 71, 1);
        float[] kc = SeededInputs.normal(cache, 72, 1);
        float[] vc = SeededInputs.normal(cache, 73, 1);
        double[][] rope = rope(d, ctx);
        LlamaWeights w = new LlamaWeights(hidden, kvHeads * d, ffn, format, 300);
        List<Operand> in = new ArrayList<>();
        in.add(Operand.of("x", x, 1, 1, hidden));
        in.add(Operand.of("k_cache", kc, kvHeads, ctx, d));
        in.add(Operand.of("v_cache", vc, kvHeads, ctx, d));
        in.add(Operand.of("rope_cos", toFloats(rope[0]), d / 2));
        in.add(Operand.of("rope_sin", toFloats(rope[1]), d / 2));
        in.addAll(w.operands());
        return new Problem(title, in, new int[]{1, 1, hidden},
                () -> reference(x, kc, vc, rope, w, ctx, heads, kvHeads, d, EPS), tolerance(format, hidden, ffn, ctx));
    }

    /**
     * {@code 16 sqrt(hidden + ffn + ctx) 2^-24 (1 + |ref|)}, or {@value #INT8_RELATIVE} {@code (1 + |ref|)} in dynamic
     * INT8, or {@value #INT4_DYNAMIC_PER_WIDTH} {@code (hidden + ffn) (1 + |ref|)} in dynamic INT4.
     */
    static Tolerance tolerance(WeightFormat format, int hidden, int ffn, int ctx) {
        double r = switch (format) {
            case INT8_DYNAMIC -> INT8_RELATIVE;
            case INT4_DYNAMIC -> INT4_DYNAMIC_PER_WIDTH * (hidden + ffn);
            default -> 16 * Math.sqrt(hidden + ffn + ctx) * Tolerance.EPS;
        };
        return Tolerance.scaled(r, r);
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
        int h = w.hidden;
        double[] cos = widened(rope[0]), sin = widened(rope[1]);
        double[] xd = BertLayerEntry.row(x, 0, h);
        double[] u = rmsNorm(xd, w.attnNorm, eps);
        double[] q = w.project(u, "wq");
        double[] k = w.project(u, "wk");
        double[] v = w.project(u, "wv");
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
        double[] x2 = w.project(a, "wo");
        for (int j = 0; j < h; j++) {
            x2[j] += xd[j];
        }
        double[] u2 = rmsNorm(x2, w.ffnNorm, eps);
        double[] gate = w.project(u2, "w1");
        double[] up = w.project(u2, "w3");
        for (int j = 0; j < w.ffn; j++) {
            gate[j] = gate[j] / (1 + Math.exp(-gate[j])) * up[j];
        }
        double[] f = w.project(gate, "w2");
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
