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
        HEADS_MODULO
    }

    private NaiveLlama() {
    }

    /** The step on {@code p}'s inputs (INT4 weights dequantized first). */
    static float[] step(Problem p, int heads, Fault fault) {
        int h = p.input("x").dims()[2];
        int kv = p.input("k_cache").dims()[0], ctx = p.input("k_cache").dims()[1], d = p.input("k_cache").dims()[2];
        int kvDim = kv * d;
        float eps = (float) LlamaDecodeEntry.EPS;
        float[] x = p.floats("x"), kc = p.floats("k_cache"), vc = p.floats("v_cache");
        float[] cos = p.floats("rope_cos"), sin = p.floats("rope_sin");
        float[] u = rms(x, p.floats("attn_norm"), eps);
        float[] q = vec(u, matrix(p, "wq", h, h), h, h);
        float[] k = vec(u, matrix(p, "wk", h, kvDim), h, kvDim);
        float[] v = vec(u, matrix(p, "wv", h, kvDim), h, kvDim);
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
        float[] x2 = vec(a, matrix(p, "wo", h, h), h, h);
        for (int j = 0; j < h; j++) {
            x2[j] += x[j];
        }
        boolean int4 = p.inputs().stream().anyMatch(o -> o.name().equals("w1_scales"));
        int ffn = int4 ? p.input("w1_scales").dims()[0] : p.input("w1").dims()[1];
        float[] u2 = rms(x2, p.floats("ffn_norm"), eps);
        float[] gate = vec(u2, matrix(p, "w1", h, ffn), h, ffn);
        float[] up = vec(u2, matrix(p, "w3", h, ffn), h, ffn);
        for (int j = 0; j < ffn; j++) {
            gate[j] = gate[j] / (1 + (float) Math.exp(-gate[j])) * up[j];
        }
        float[] f = vec(gate, matrix(p, "w2", ffn, h), ffn, h);
        for (int j = 0; j < h; j++) {
            f[j] += x2[j];
        }
        return f;
    }

    static float[] matrix(Problem p, String name, int in, int out) {
        if (p.inputs().stream().anyMatch(o -> o.name().equals(name))) {
            return p.floats(name);
        }
        return Int4Blocks.dequantize(p.input(name + "_packed").bytes(), p.floats(name + "_scales"), in, out);
    }

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

    static float[] vec(float[] x, float[] w, int in, int out) {
        float[] y = new float[out];
        for (int j = 0; j < out; j++) {
            float s = 0;
            for (int p = 0; p < in; p++) {
                s += x[p] * w[p * out + j];
            }
            y[j] = s;
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
