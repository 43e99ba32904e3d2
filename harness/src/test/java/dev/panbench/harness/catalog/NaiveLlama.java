package dev.panbench.harness.catalog;

/**
 * A plain float32 LLaMA decode step in the most direct order, to check {@code model/llama-decode}'s tolerance: the
 * right step must pass with a margin, each {@link Fault} must fail.
 */
final class NaiveLlama {

    /** A mistake a backend could make. */
    enum Fault {
        NONE,
        /** q and k not rotated */
        NO_ROTARY,
        /** rotary pairs (2i, 2i + 1), Meta's interleaved form, on weights laid out for the rotate-half form */
        INTERLEAVED_ROTARY,
        /** query head h reads key-value head h % kv_heads, not h / (heads / kv_heads) */
        HEADS_MODULO,
        /** bfloat16 weights cut to their top 16 bits from the float32 weights, not rounded to nearest even */
        BF16_TRUNCATED,
        /** bfloat16 patterns converted to float as the integers they are, not shifted into a float's top half */
        BF16_NOT_WIDENED,
        /** dynamic INT8 weights, but the activations not quantized: a float32 product with the dequantized weights */
        INT8_FLOAT_ACTIVATIONS,
        /** dynamic INT8 with symmetric activations (int8, scale max |x| / 127, no zero point) */
        INT8_SYMMETRIC_ACTIVATIONS,
        /** dynamic INT4, but the activations not quantized: the {@code int4} step */
        INT4_FLOAT_ACTIVATIONS,
        /** dynamic INT4 with one activation scale for the whole row, not one per block of 32 */
        INT4_ROW_SCALE,
        /** dynamic INT4 with the activations quantized as {@code rint(x / a)}, not {@code rint(x (127 / max |x|))} */
        INT4_DIVIDED
    }

    private NaiveLlama() {
    }

    /** The step on {@code p}'s inputs (INT4 weights dequantized first). */
    static float[] step(Problem p, int heads, Fault fault) {
        return step(p, heads, fault, false);
    }

    /** The step on {@code p}'s inputs, its INT4 products with int8 activations per block where {@code int4Dynamic}. */
    static float[] step(Problem p, int heads, Fault fault, boolean int4Dynamic) {
        int h = p.input("x").dims()[2];
        int kv = p.input("k_cache").dims()[0], ctx = p.input("k_cache").dims()[1], d = p.input("k_cache").dims()[2];
        int kvDim = kv * d;
        float eps = (float) LlamaDecodeEntry.EPS;
        float[] x = p.floats("x"), kc = p.floats("k_cache"), vc = p.floats("v_cache");
        float[] cos = p.floats("rope_cos"), sin = p.floats("rope_sin");
        float[] u = rms(x, p.floats("attn_norm"), eps);
        float[] q = product(p, u, "wq", h, h, fault, int4Dynamic);
        float[] k = product(p, u, "wk", h, kvDim, fault, int4Dynamic);
        float[] v = product(p, u, "wv", h, kvDim, fault, int4Dynamic);
        if (fault != Fault.NO_ROTARY) {
            rotate(q, heads, d, cos, sin, fault == Fault.INTERLEAVED_ROTARY);
            rotate(k, kv, d, cos, sin, fault == Fault.INTERLEAVED_ROTARY);
        }
        float[] a = new float[h];
        float[] s = new float[ctx + 1];
        float scale = (float) (1 / Math.sqrt(d));
        for (int hd = 0; hd < heads; hd++) {
            int g = fault == Fault.HEADS_MODULO ? hd % kv : hd / (heads / kv);
            for (int t = 0; t <= ctx; t++) {
                float dot = 0;
                for (int c = 0; c < d; c++) {
                    dot += q[hd * d + c] * (t < ctx ? kc[(g * ctx + t) * d + c] : k[g * d + c]);
                }
                s[t] = dot * scale;
            }
            float max = Float.NEGATIVE_INFINITY, sum = 0;
            for (float e : s) {
                max = Math.max(max, e);
            }
            for (int t = 0; t <= ctx; t++) {
                s[t] = (float) Math.exp(s[t] - max);
                sum += s[t];
            }
            for (int t = 0; t <= ctx; t++) {
                for (int c = 0; c < d; c++) {
                    a[hd * d + c] += s[t] / sum * (t < ctx ? vc[(g * ctx + t) * d + c] : v[g * d + c]);
                }
            }
        }
        float[] x2 = product(p, a, "wo", h, h, fault, int4Dynamic);
        for (int j = 0; j < h; j++) {
            x2[j] += x[j];
        }
        // w2 is [ffn][hidden] but as MatMulNBits bytes, [hidden][ffn/32][16]; w1's INT4 scales are [ffn][hidden/32]
        int ffn = has(p, "w2_packed") ? p.input("w1_scales").dims()[0] : p.input("w2" + suffix(p)).dims()[0];
        float[] u2 = rms(x2, p.floats("ffn_norm"), eps);
        float[] gate = product(p, u2, "w1", h, ffn, fault, int4Dynamic);
        float[] up = product(p, u2, "w3", h, ffn, fault, int4Dynamic);
        for (int j = 0; j < ffn; j++) {
            gate[j] = gate[j] / (1 + (float) Math.exp(-gate[j])) * up[j];
        }
        float[] f = product(p, gate, "w2", ffn, h, fault, int4Dynamic);
        for (int j = 0; j < h; j++) {
            f[j] += x2[j];
        }
        return f;
    }

    private static boolean has(Problem p, String name) {
        return p.inputs().stream().anyMatch(o -> o.name().equals(name));
    }

    /** How the problem names its matrices' operands: {@code ""}, {@code _packed}, {@code _bf16} or {@code _int8}. */
    private static String suffix(Problem p) {
        for (String s : new String[]{"_packed", "_bf16", "_int8"}) {
            if (has(p, "w2" + s)) {
                return s;
            }
        }
        return "";
    }

    /** {@code x W} as the problem's format computes it, or as {@code fault} gets it wrong. */
    static float[] product(Problem p, float[] x, String name, int in, int out, Fault fault, boolean int4Dynamic) {
        if (int4Dynamic && fault != Fault.INT4_FLOAT_ACTIVATIONS) {
            return int4Dynamic(x, Int4Dynamic.levels(p.input(name + "_packed").bytes(), in, out),
                    p.floats(name + "_scales"), in, out, fault);
        }
        if (has(p, name + "_int8")) {
            DynamicInt8.Columns c = new DynamicInt8.Columns(p.input(name + "_int8").bytes(), p.floats(name + "_scales"),
                    in, out);
            return switch (fault) {
                case INT8_FLOAT_ACTIVATIONS -> vec(x, DynamicInt8.dequantize(c), in, out);
                case INT8_SYMMETRIC_ACTIVATIONS -> symmetric(x, c);
                default -> DynamicInt8.multiply(x, c);
            };
        }
        return vec(x, matrix(p, name, in, out, fault), in, out);
    }

    /**
     * {@link Int4Dynamic}'s product in float32, the definition's order: levels {@code [in][out]}, scales
     * {@code [out][in/32]}; or its {@code fault}.
     */
    private static float[] int4Dynamic(float[] x, float[] levels, float[] scales, int in, int out, Fault fault) {
        int blocks = in / Int4Blocks.BLOCK;
        float rowMax = 0;
        for (float v : x) {
            rowMax = Math.max(rowMax, Math.abs(v));
        }
        float[] y = new float[out];
        for (int kb = 0; kb < blocks; kb++) {
            float amax = 0;
            for (int i = kb * Int4Blocks.BLOCK; i < (kb + 1) * Int4Blocks.BLOCK; i++) {
                amax = Math.max(amax, Math.abs(x[i]));
            }
            if (fault == Fault.INT4_ROW_SCALE) {
                amax = rowMax;
            }
            float a = Int4Dynamic.scale(amax), r = Int4Dynamic.reciprocal(amax);
            int[] q = new int[Int4Blocks.BLOCK];
            for (int i = 0; i < Int4Blocks.BLOCK; i++) {
                float v = x[kb * Int4Blocks.BLOCK + i];
                q[i] = (int) Math.rint(fault == Fault.INT4_DIVIDED ? (a == 0 ? 0 : v / a) : v * r);
            }
            for (int j = 0; j < out; j++) {
                int acc = 0;
                for (int i = 0; i < Int4Blocks.BLOCK; i++) {
                    acc += q[i] * (int) levels[(kb * Int4Blocks.BLOCK + i) * out + j];
                }
                y[j] += acc * (a * scales[j * blocks + kb]);
            }
        }
        return y;
    }

    /** Activations quantized to int8 with scale max |x| / 127 and no zero point. */
    private static float[] symmetric(float[] x, DynamicInt8.Columns c) {
        float amax = 0;
        for (float v : x) {
            amax = Math.max(amax, Math.abs(v));
        }
        float a = amax / 127;
        float[] y = new float[c.out()];
        for (int j = 0; j < c.out(); j++) {
            int acc = 0;
            for (int i = 0; i < c.in(); i++) {
                acc += (int) Math.rint(x[i] / a) * c.q()[i * c.out() + j];
            }
            y[j] = acc * (a * c.scales()[j]);
        }
        return y;
    }

    static float[] matrix(Problem p, String name, int in, int out, Fault fault) {
        if (has(p, name)) {
            return p.floats(name);
        }
        if (has(p, name + "_bf16")) {
            short[] h = Bf16.patterns(p.input(name + "_bf16").bytes());
            float[] w = new float[h.length];
            for (int i = 0; i < h.length; i++) {
                w[i] = switch (fault) {
                    case BF16_TRUNCATED -> Float.intBitsToFloat(Float.floatToRawIntBits(original(p, name, i)) & 0xffff0000);
                    case BF16_NOT_WIDENED -> h[i];
                    default -> Bf16.widen(h[i]);
                };
            }
            return w;
        }
        return Int4Blocks.dequantize(p.input(name + "_packed").bytes(), p.floats(name + "_scales"), in, out);
    }

    /** The seeded float32 weight the bfloat16 one was rounded from (the seed LlamaWeights gives each matrix). */
    private static float original(Problem p, String name, int i) {
        float[] w = ORIGINALS.computeIfAbsent(p.input(name + "_bf16").elements() + ":" + name, k ->
                SeededInputs.normal((int) p.input(name + "_bf16").elements(), 300 + LlamaWeights.MATRICES.indexOf(name),
                        LayerWeights.SD));
        return w[i];
    }

    private static final java.util.Map<String, float[]> ORIGINALS = new java.util.concurrent.ConcurrentHashMap<>();

    static float[] rms(float[] x, float[] gain, float eps) {
        float ms = 0;
        for (float v : x) {
            ms += v * v;
        }
        float r = 1 / (float) Math.sqrt(ms / x.length + eps);
        float[] y = new float[x.length];
        for (int j = 0; j < x.length; j++) {
            y[j] = x[j] * r * gain[j];
        }
        return y;
    }

    /** Each {@code y[j]} summed over p in order (row by row of W, so the 7B matrices are read in order). */
    static float[] vec(float[] x, float[] w, int in, int out) {
        float[] y = new float[out];
        for (int p = 0; p < in; p++) {
            for (int j = 0; j < out; j++) {
                y[j] += x[p] * w[p * out + j];
            }
        }
        return y;
    }

    static void rotate(float[] v, int n, int d, float[] cos, float[] sin, boolean interleaved) {
        for (int hd = 0; hd < n; hd++) {
            for (int i = 0; i < d / 2; i++) {
                int ia = hd * d + (interleaved ? 2 * i : i), ib = hd * d + (interleaved ? 2 * i + 1 : i + d / 2);
                float a = v[ia], b = v[ib];
                v[ia] = a * cos[i] - b * sin[i];
                v[ib] = b * cos[i] + a * sin[i];
            }
        }
    }
}
