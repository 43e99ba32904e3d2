package dev.panbench.harness.catalog;

/**
 * A plain float32 greedy generation in the most direct order (every sum in order, the cache kept in float32), to
 * check {@code model/generate}'s tolerance: the right generation must pass with a margin, each {@link Fault} must
 * fail. Prefill is a batched pass block by block: every prompt position's key and value first, then each position's
 * attention.
 */
final class NaiveGeneration {

    /** A mistake a backend could make. */
    enum Fault {
        NONE,
        /** the decode steps attend to the cache one position short: 0 .. p - 1, their own key and value left out */
        CACHE_SHORT_BY_ONE,
        /** prefill attends to every prompt position, later ones too: no causal mask */
        NO_CAUSAL_MASK
    }

    private NaiveGeneration() {
    }

    /** The answer as the problem lays it out: the emitted ids, then the last step's logits. */
    static float[] generate(Problem p, int layers, int heads, int steps, Fault fault) {
        int[] prompt = GenerateEntry.promptIds(p);
        int vocab = p.input("wte").dims()[0], h = p.input("wte").dims()[1];
        int d = h / heads, ffn = p.input("l0_b1").dims()[0];
        int pre = prompt.length - 1, positions = pre + steps;
        float eps = (float) GenerateEntry.EPS;
        float[][][] keys = new float[layers][positions][], values = new float[layers][positions][];
        float[] out = new float[steps + vocab];
        // prefill: rows 0 .. pre - 1, block by block
        float[][] x = new float[pre][];
        for (int i = 0; i < pre; i++) {
            x[i] = embed(p, prompt[i], i, h);
        }
        for (int l = 0; l < layers; l++) {
            float[][] q = new float[pre][];
            for (int i = 0; i < pre; i++) {
                float[] u = layerNorm(x[i], p.floats(GenerateEntry.blockOperand(l, "ln1_gamma")),
                        p.floats(GenerateEntry.blockOperand(l, "ln1_beta")), eps);
                q[i] = linear(p, l, u, "wq", "bq", h, h);
                keys[l][i] = linear(p, l, u, "wk", "bk", h, h);
                values[l][i] = linear(p, l, u, "wv", "bv", h, h);
            }
            for (int i = 0; i < pre; i++) {
                int seen = fault == Fault.NO_CAUSAL_MASK ? pre : i + 1;
                x[i] = rest(p, l, x[i], attend(q[i], keys[l], values[l], 0, seen, heads, d), h, ffn, eps);
            }
        }
        int id = prompt[pre];
        float[] logits = null;
        for (int s = 0; s < steps; s++) {
            int pos = pre + s;
            float[] xs = embed(p, id, pos, h);
            for (int l = 0; l < layers; l++) {
                float[] u = layerNorm(xs, p.floats(GenerateEntry.blockOperand(l, "ln1_gamma")),
                        p.floats(GenerateEntry.blockOperand(l, "ln1_beta")), eps);
                float[] q = linear(p, l, u, "wq", "bq", h, h);
                keys[l][pos] = linear(p, l, u, "wk", "bk", h, h);
                values[l][pos] = linear(p, l, u, "wv", "bv", h, h);
                int seen = fault == Fault.CACHE_SHORT_BY_ONE && pos > 0 ? pos : pos + 1;
                xs = rest(p, l, xs, attend(q, keys[l], values[l], 0, seen, heads, d), h, ffn, eps);
            }
            float[] u = layerNorm(xs, p.floats("lnf_gamma"), p.floats("lnf_beta"), eps);
            logits = new float[vocab];
            float[] w = p.floats("lm_head");
            for (int k = 0; k < h; k++) {
                for (int j = 0; j < vocab; j++) {
                    logits[j] += u[k] * w[k * vocab + j];
                }
            }
            int best = 0;
            for (int j = 1; j < vocab; j++) {
                best = logits[j] > logits[best] ? j : best;
            }
            out[s] = best;
            id = best;
        }
        System.arraycopy(logits, 0, out, steps, vocab);
        return out;
    }

    private static float[] embed(Problem p, int id, int pos, int h) {
        float[] wte = p.floats("wte"), wpe = p.floats("wpe");
        float[] x = new float[h];
        for (int j = 0; j < h; j++) {
            x[j] = wte[id * h + j] + wpe[pos * h + j];
        }
        return x;
    }

    /** The block after its attention: {@code x + a Wo + bo}, then its FFN with the residual. */
    private static float[] rest(Problem p, int l, float[] x, float[] a, int h, int ffn, float eps) {
        float[] x2 = linear(p, l, a, "wo", "bo", h, h);
        for (int j = 0; j < h; j++) {
            x2[j] += x[j];
        }
        float[] f = linear(p, l, layerNorm(x2, p.floats(GenerateEntry.blockOperand(l, "ln2_gamma")),
                p.floats(GenerateEntry.blockOperand(l, "ln2_beta")), eps), "w1", "b1", h, ffn);
        float c = (float) Math.sqrt(2 / Math.PI);
        for (int j = 0; j < ffn; j++) {
            f[j] = 0.5f * f[j] * (1 + (float) Math.tanh(c * (f[j] + 0.044715f * f[j] * f[j] * f[j])));
        }
        float[] y = linear(p, l, f, "w2", "b2", ffn, h);
        for (int j = 0; j < h; j++) {
            y[j] += x2[j];
        }
        return y;
    }

    private static float[] attend(float[] q, float[][] keys, float[][] values, int from, int to, int heads, int d) {
        float[] a = new float[q.length];
        float scale = (float) (1 / Math.sqrt(d));
        float[] s = new float[to];
        for (int hd = 0; hd < heads; hd++) {
            float max = Float.NEGATIVE_INFINITY, sum = 0;
            for (int t = from; t < to; t++) {
                float dot = 0;
                for (int c = 0; c < d; c++) {
                    dot += q[hd * d + c] * keys[t][hd * d + c];
                }
                s[t] = dot * scale;
                max = Math.max(max, s[t]);
            }
            for (int t = from; t < to; t++) {
                s[t] = (float) Math.exp(s[t] - max);
                sum += s[t];
            }
            for (int t = from; t < to; t++) {
                for (int c = 0; c < d; c++) {
                    a[hd * d + c] += s[t] / sum * values[t][hd * d + c];
                }
            }
        }
        return a;
    }

    private static float[] linear(Problem p, int l, float[] x, String w, String b, int in, int out) {
        float[] wm = p.floats(GenerateEntry.blockOperand(l, w)), bias = p.floats(GenerateEntry.blockOperand(l, b));
        float[] y = bias.clone();
        for (int k = 0; k < in; k++) {
            for (int j = 0; j < out; j++) {
                y[j] += x[k] * wm[k * out + j];
            }
        }
        return y;
    }

    private static float[] layerNorm(float[] x, float[] g, float[] b, float eps) {
        float mean = 0, var = 0;
        for (float v : x) {
            mean += v;
        }
        mean /= x.length;
        for (float v : x) {
            var += (v - mean) * (v - mean);
        }
        var /= x.length;
        float r = (float) (1 / Math.sqrt(var + eps));
        float[] y = new float[x.length];
        for (int j = 0; j < x.length; j++) {
            y[j] = (x[j] - mean) * r * g[j] + b[j];
        }
        return y;
    }
}
