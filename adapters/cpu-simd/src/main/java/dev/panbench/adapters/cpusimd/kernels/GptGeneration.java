package dev.panbench.adapters.cpusimd.kernels;

/**
 * Greedy generation by a GPT-2-shaped decoder ({@code model/generate}), composed of {@link DecoderStep}'s pieces:
 * per block Q, K and V as one {@link PackedGemm} product, the output projection and the FFN's two products packed
 * once, {@link LayerOps} for the rest; token and position embeddings, a final layer norm and {@code lm_head} (packed
 * too). Each block keeps its KV cache {@code [heads][capacity][d]}, K and V, where every pass writes its tokens' keys
 * and values before they attend: {@link #prefill} a batch of tokens in one pass (each position attending to the
 * cache up to itself: causal), {@link #step} one token and its logits. {@link #truncate} forgets the newest
 * positions, so a timed generation starts again from the prompt's cache. Its buffers and caches are allocated once,
 * at construction.
 */
public final class GptGeneration {

    /** The decoder's sizes; {@code capacity} positions of cache and position embeddings, {@code rows} per pass. */
    public record Shape(int layers, int hidden, int heads, int ffn, int vocab, int capacity, int rows, float eps) {
    }

    private final Shape s;
    private final int h, d;
    private final float[] wte, wpe, lnfG, lnfB;
    private final BlockWeights[] w;
    private final float[][] bqkv, kCache, vCache;
    private final PackedGemm[] gQkv, gO, g1, g2;
    private final PackedGemm head;
    private final float[] x, u, qkv, att, x2, f, sc, last, logits;
    private final int[] one = new int[1];
    private int length;

    public GptGeneration(Shape shape, BlockWeights[] blocks, float[] wte, float[] wpe, float[] lnfGamma,
                         float[] lnfBeta, float[] lmHead, int threads) {
        this.s = shape;
        this.h = shape.hidden();
        this.d = h / shape.heads();
        this.w = blocks.clone();
        this.wte = wte;
        this.wpe = wpe;
        this.lnfG = lnfGamma;
        this.lnfB = lnfBeta;
        int n = shape.layers(), rows = shape.rows();
        bqkv = new float[n][];
        kCache = new float[n][];
        vCache = new float[n][];
        gQkv = new PackedGemm[n];
        gO = new PackedGemm[n];
        g1 = new PackedGemm[n];
        g2 = new PackedGemm[n];
        for (int l = 0; l < n; l++) {
            bqkv[l] = w[l].qkvBias(h);
            gQkv[l] = new PackedGemm(w[l].qkv(h), h, 3 * h, threads);
            gO[l] = new PackedGemm(w[l].wo(), h, h, threads);
            g1[l] = new PackedGemm(w[l].w1(), h, shape.ffn(), threads);
            g2[l] = new PackedGemm(w[l].w2(), shape.ffn(), h, threads);
            kCache[l] = new float[Math.multiplyExact(shape.capacity(), h)];
            vCache[l] = new float[kCache[l].length];
        }
        head = new PackedGemm(lmHead, h, shape.vocab(), threads);
        x = new float[rows * h];
        u = new float[rows * h];
        qkv = new float[rows * 3 * h];
        att = new float[rows * h];
        x2 = new float[rows * h];
        f = new float[rows * shape.ffn()];
        sc = new float[shape.capacity()];
        last = new float[h];
        logits = new float[shape.vocab()];
    }

    /** Positions in the cache. */
    public int length() {
        return length;
    }

    /** Keeps the first {@code positions} of the cache, forgets the rest. */
    public void truncate(int positions) {
        if (positions < 0 || positions > length) {
            throw new IllegalArgumentException("truncate to " + positions + " of " + length + " positions");
        }
        length = positions;
    }

    /** Runs {@code ids[from .. from + n)} through every block at the next positions, into the cache. */
    public void prefill(int[] ids, int from, int n) {
        if (n == 0) {
            return;
        }
        if (n > s.rows() || length + n > s.capacity()) {
            throw new IllegalArgumentException(n + " tokens after " + length + ": room for " + s.rows()
                    + " a pass and " + s.capacity() + " positions");
        }
        for (int i = 0; i < n; i++) {
            int id = ids[from + i];
            if (id < 0 || id >= s.vocab()) {
                throw new IllegalArgumentException("token id " + id + " outside the vocabulary of " + s.vocab());
            }
            int xo = i * h, eo = id * h, po = (length + i) * h;
            for (int j = 0; j < h; j++) {
                x[xo + j] = wte[eo + j] + wpe[po + j];
            }
        }
        for (int l = 0; l < s.layers(); l++) {
            block(l, n);
        }
        length += n;
    }

    /** One token at the next position: its logits into {@link #logits()}, and the argmax (lowest id on a tie). */
    public int step(int id) {
        one[0] = id;
        prefill(one, 0, 1);
        LayerOps.layerNorm(x, lnfG, lnfB, last, 1, h, s.eps());
        head.multiply(last, 1, logits);
        int best = 0;
        for (int j = 1; j < logits.length; j++) {
            best = logits[j] > logits[best] ? j : best;
        }
        return best;
    }

    /** The last step's logits (read, never kept: the next step overwrites them). */
    public float[] logits() {
        return logits;
    }

    /** Block {@code l} over the pass's {@code n} rows of {@code x}, in place. */
    private void block(int l, int n) {
        BlockWeights b = w[l];
        float[] kc = kCache[l], vc = vCache[l];
        int cap = s.capacity(), heads = s.heads();
        LayerOps.layerNorm(x, b.ln1Gamma(), b.ln1Beta(), u, n, h, s.eps());
        gQkv[l].multiply(u, n, qkv);
        LayerOps.addBias(qkv, bqkv[l], n, 3 * h);
        for (int i = 0; i < n; i++) {
            for (int hd = 0; hd < heads; hd++) {
                int at = (hd * cap + length + i) * d, qo = i * 3 * h + hd * d;
                System.arraycopy(qkv, qo + h, kc, at, d);
                System.arraycopy(qkv, qo + 2 * h, vc, at, d);
            }
        }
        java.util.Arrays.fill(u, 0, n * h, 0f);
        float scale = (float) (1 / Math.sqrt(d));
        for (int i = 0; i < n; i++) {
            int seen = length + i + 1;
            for (int hd = 0; hd < heads; hd++) {
                int qo = i * 3 * h + hd * d, cache = hd * cap * d;
                for (int t = 0; t < seen; t++) {
                    sc[t] = LayerOps.dot(qkv, qo, kc, cache + t * d, d) * scale;
                }
                LayerOps.softmax(sc, 0, seen);
                int uo = i * h + hd * d;
                for (int t = 0; t < seen; t++) {
                    LayerOps.axpy(sc[t], vc, cache + t * d, u, uo, d);
                }
            }
        }
        gO[l].multiply(u, n, x2);
        LayerOps.addBiasResidual(x2, b.bo(), x, n, h);
        LayerOps.layerNorm(x2, b.ln2Gamma(), b.ln2Beta(), att, n, h, s.eps());
        g1[l].multiply(att, n, f);
        LayerOps.biasGeluTanh(f, b.b1(), n, s.ffn());
        g2[l].multiply(f, n, x);
        LayerOps.addBiasResidual(x, b.b2(), x2, n, h);
    }
}
