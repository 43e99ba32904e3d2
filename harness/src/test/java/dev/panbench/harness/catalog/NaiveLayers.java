package dev.panbench.harness.catalog;

/**
 * Plain float32 transformer layers in the most direct order, to check the model entries' tolerances: the right
 * layer must pass, each {@link Fault} must fail.
 */
final class NaiveLayers {

    /** A mistake a backend could make. */
    enum Fault {
        NONE,
        /** scores not divided by sqrt(d) */
        NO_SCALE,
        /** [seq][hidden] read as [heads][seq][d]: the reshape without its transpose */
        HEADS_WITHOUT_TRANSPOSE,
        /** Wq applied as [out][in] (PyTorch's nn.Linear layout) */
        WEIGHT_TRANSPOSED,
        /** the other GELU */
        OTHER_GELU
    }

    private NaiveLayers() {
    }

    static float[] linear(float[] x, int rows, float[] w, float[] b, int in, int out, boolean transposed) {
        float[] y = new float[rows * out];
        for (int r = 0; r < rows; r++) {
            for (int j = 0; j < out; j++) {
                float s = b[j];
                for (int p = 0; p < in; p++) {
                    s += x[r * in + p] * (transposed ? w[j * in + p] : w[p * out + j]);
                }
                y[r * out + j] = s;
            }
        }
        return y;
    }

    static float[] layerNorm(float[] x, int rows, int cols, float[] g, float[] b, float eps) {
        float[] y = new float[x.length];
        for (int r = 0; r < rows; r++) {
            float mean = 0, var = 0;
            for (int j = 0; j < cols; j++) {
                mean += x[r * cols + j];
            }
            mean /= cols;
            for (int j = 0; j < cols; j++) {
                float c = x[r * cols + j] - mean;
                var += c * c;
            }
            var /= cols;
            float rstd = 1 / (float) Math.sqrt(var + eps);
            for (int j = 0; j < cols; j++) {
                y[r * cols + j] = (x[r * cols + j] - mean) * rstd * g[j] + b[j];
            }
        }
        return y;
    }

    static float gelu(float x, boolean tanh) {
        return (float) (tanh ? ModelMath.geluTanh(x) : ModelMath.geluErf(x));
    }

    /** q [rows][hidden] against keys and values [n][hidden]; with the reshape fault, all of them are misread. */
    static float[] attention(float[] q, float[] k, float[] v, int rows, int n, int heads, int d, Fault f) {
        int h = heads * d;
        float[] out = new float[rows * h];
        float scale = f == Fault.NO_SCALE ? 1 : 1 / (float) Math.sqrt(d);
        boolean mis = f == Fault.HEADS_WITHOUT_TRANSPOSE;
        for (int hd = 0; hd < heads; hd++) {
            for (int i = 0; i < rows; i++) {
                float[] s = new float[n];
                float m = Float.NEGATIVE_INFINITY;
                for (int t = 0; t < n; t++) {
                    float dot = 0;
                    for (int c = 0; c < d; c++) {
                        dot += q[at(i, hd, c, rows, heads, d, mis)] * k[at(t, hd, c, n, heads, d, mis)];
                    }
                    s[t] = dot * scale;
                    m = Math.max(m, s[t]);
                }
                float sum = 0;
                for (int t = 0; t < n; t++) {
                    s[t] = (float) Math.exp(s[t] - m);
                    sum += s[t];
                }
                for (int c = 0; c < d; c++) {
                    float acc = 0;
                    for (int t = 0; t < n; t++) {
                        acc += s[t] / sum * v[at(t, hd, c, n, heads, d, mis)];
                    }
                    out[at(i, hd, c, rows, heads, d, mis)] = acc;
                }
            }
        }
        return out;
    }

    private static int at(int token, int head, int c, int tokens, int heads, int d, boolean mis) {
        return mis ? (head * tokens + token) * d + c : token * heads * d + head * d + c;
    }

    static float[] bert(Problem p, int heads, Fault f) {
        int[] dims = p.input("x").dims();
        int batch = dims[0], seq = dims[1], h = dims[2];
        int ffn = p.input("w1").dims()[1];
        int d = h / heads;
        float[] out = new float[batch * seq * h];
        for (int b = 0; b < batch; b++) {
            float[] x = java.util.Arrays.copyOfRange(p.floats("x"), b * seq * h, (b + 1) * seq * h);
            float[] q = linear(x, seq, p.floats("wq"), p.floats("bq"), h, h, f == Fault.WEIGHT_TRANSPOSED);
            float[] k = linear(x, seq, p.floats("wk"), p.floats("bk"), h, h, false);
            float[] v = linear(x, seq, p.floats("wv"), p.floats("bv"), h, h, false);
            float[] a = linear(attention(q, k, v, seq, seq, heads, d, f), seq, p.floats("wo"), p.floats("bo"), h, h,
                    false);
            for (int i = 0; i < a.length; i++) {
                a[i] += x[i];
            }
            float[] h1 = layerNorm(a, seq, h, p.floats("ln1_gamma"), p.floats("ln1_beta"), 1e-12f);
            float[] g = linear(h1, seq, p.floats("w1"), p.floats("b1"), h, ffn, false);
            for (int i = 0; i < g.length; i++) {
                g[i] = gelu(g[i], f == Fault.OTHER_GELU);
            }
            float[] y = linear(g, seq, p.floats("w2"), p.floats("b2"), ffn, h, false);
            for (int i = 0; i < y.length; i++) {
                y[i] += h1[i];
            }
            System.arraycopy(layerNorm(y, seq, h, p.floats("ln2_gamma"), p.floats("ln2_beta"), 1e-12f), 0, out,
                    b * seq * h, seq * h);
        }
        return out;
    }

    static float[] gpt2(Problem p, Fault f) {
        int[] cd = p.input("k_cache").dims();
        int batch = cd[0], heads = cd[1], ctx = cd[2], d = cd[3], h = heads * d;
        int ffn = p.input("w1").dims()[1];
        float[] out = new float[batch * h];
        for (int b = 0; b < batch; b++) {
            float[] x = java.util.Arrays.copyOfRange(p.floats("x"), b * h, (b + 1) * h);
            float[] u = layerNorm(x, 1, h, p.floats("ln1_gamma"), p.floats("ln1_beta"), 1e-5f);
            float[] q = linear(u, 1, p.floats("wq"), p.floats("bq"), h, h, f == Fault.WEIGHT_TRANSPOSED);
            float[] kn = linear(u, 1, p.floats("wk"), p.floats("bk"), h, h, false);
            float[] vn = linear(u, 1, p.floats("wv"), p.floats("bv"), h, h, false);
            float[] k = new float[(ctx + 1) * h], v = new float[(ctx + 1) * h];
            for (int hd = 0; hd < heads; hd++) {
                for (int t = 0; t < ctx; t++) {
                    for (int c = 0; c < d; c++) {
                        int from = ((b * heads + hd) * ctx + t) * d + c;
                        k[t * h + hd * d + c] = p.floats("k_cache")[from];
                        v[t * h + hd * d + c] = p.floats("v_cache")[from];
                    }
                }
            }
            System.arraycopy(kn, 0, k, ctx * h, h);
            System.arraycopy(vn, 0, v, ctx * h, h);
            float[] a = linear(attention(q, k, v, 1, ctx + 1, heads, d, f), 1, p.floats("wo"), p.floats("bo"), h, h,
                    false);
            for (int i = 0; i < h; i++) {
                a[i] += x[i];
            }
            float[] g = linear(layerNorm(a, 1, h, p.floats("ln2_gamma"), p.floats("ln2_beta"), 1e-5f), 1,
                    p.floats("w1"), p.floats("b1"), h, ffn, false);
            for (int i = 0; i < g.length; i++) {
                g[i] = gelu(g[i], f != Fault.OTHER_GELU);
            }
            float[] y = linear(g, 1, p.floats("w2"), p.floats("b2"), ffn, h, false);
            for (int i = 0; i < h; i++) {
                out[b * h + i] = a[i] + y[i];
            }
        }
        return out;
    }
}
