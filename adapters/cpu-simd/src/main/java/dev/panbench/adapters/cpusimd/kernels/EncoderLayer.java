package dev.panbench.adapters.cpusimd.kernels;

/**
 * One BERT encoder layer (post-layer-norm, exact GELU, no mask) composed of this package's kernels: the four weight
 * products (Q, K and V side by side in one, the output projection, the FFN's two) are {@link Product}s, per batch
 * item and head two small blocked {@link Gemm}s (scores, then probabilities times V) around a softmax, then the
 * output projection, residual and {@link LayerOps#layerNorm}, and the FFN with its GELU fused into the bias add.
 * A product holds its weights as the format stores them: float32 packed once into {@link PackedGemm}s, bfloat16 in
 * {@link Bf16Gemm}'s panels (widened in registers, float32 sums), or dynamic INT8 in {@link Int8DynamicGemm}'s (each
 * product's input tensor quantized at every call, int32 sums); attention, softmax, norms and GELU are float32 in
 * every format. Every buffer is made here, so {@link #forward} allocates nothing.
 */
public final class EncoderLayer {

    /** {@code C[m x n] = A[m x k] W} for a weight matrix fixed at construction. */
    public interface Product {
        void multiply(float[] a, int m, float[] c);
    }

    private final int batch, seq, hidden, heads, d, ffn, tokens, threads;
    private final float eps;
    private final BlockWeights w;
    private final float[] bqkv;
    private final Product gQkv, gO, g1, g2;
    private final Gemm.Blocked[] gScores, gContext;
    private final float[] qkv, ctx, attn, h1, f, y;
    private final float[][] qh, khT, vh, s, oh;

    /** The layer in float32: {@code w}'s matrices packed into {@link PackedGemm}s. */
    public EncoderLayer(BlockWeights w, int batch, int seq, int hidden, int heads, int ffn, float eps, int threads) {
        this(w, f32(w.qkv(hidden), hidden, 3 * hidden, threads), f32(w.wo(), hidden, hidden, threads),
                f32(w.w1(), hidden, ffn, threads), f32(w.w2(), ffn, hidden, threads), batch, seq, hidden, heads, ffn,
                eps, threads);
    }

    /**
     * The layer with its own products: {@code qkv} ({@code [hidden][3 hidden]}, Q, K and V side by side), {@code o},
     * {@code up} ({@code [hidden][ffn]}) and {@code down}; of {@code w} the biases and norms are read.
     */
    public EncoderLayer(BlockWeights w, Product qkv, Product o, Product up, Product down, int batch, int seq,
                        int hidden, int heads, int ffn, float eps, int threads) {
        this.w = w;
        this.batch = batch;
        this.seq = seq;
        this.hidden = hidden;
        this.heads = heads;
        this.d = hidden / heads;
        this.ffn = ffn;
        this.eps = eps;
        this.threads = Math.max(1, threads);
        this.tokens = batch * seq;
        this.bqkv = w.qkvBias(hidden);
        this.gQkv = qkv;
        this.gO = o;
        this.g1 = up;
        this.g2 = down;
        this.qkv = new float[tokens * 3 * hidden];
        ctx = new float[tokens * hidden];
        attn = new float[tokens * hidden];
        h1 = new float[tokens * hidden];
        f = new float[tokens * ffn];
        y = new float[tokens * hidden];
        int t = this.threads;
        gScores = new Gemm.Blocked[t];
        gContext = new Gemm.Blocked[t];
        qh = new float[t][seq * d];
        khT = new float[t][d * seq];
        vh = new float[t][seq * d];
        s = new float[t][seq * seq];
        oh = new float[t][seq * d];
        for (int i = 0; i < t; i++) {
            gScores[i] = new Gemm.Blocked(seq, seq, d, 1);
            gContext[i] = new Gemm.Blocked(seq, d, seq, 1);
        }
    }

    /** A float32 product of {@code [k][n]} weights. */
    public static Product f32(float[] w, int k, int n, int threads) {
        return new PackedGemm(w, k, n, threads)::multiply;
    }

    /** A bfloat16 product of {@code [k][n]} 16-bit patterns. */
    public static Product bf16(short[] w, int k, int n, int threads) {
        return new Bf16Gemm(w, k, n, threads)::multiply;
    }

    /** A dynamic INT8 product of {@code [k][n]} int8 weights and {@code [n]} scales, for up to {@code rows} rows. */
    public static Product int8Dynamic(byte[] w, float[] scales, int k, int n, int rows, int threads) {
        return new Int8DynamicGemm(w, scales, k, n, rows, threads)::multiply;
    }

    /** {@code out [batch][seq][hidden]} of {@code x [batch][seq][hidden]}. */
    public void forward(float[] x, float[] out) {
        int h = hidden;
        gQkv.multiply(x, tokens, qkv);
        LayerOps.addBias(qkv, bqkv, tokens, 3 * h);
        int pairs = batch * heads;
        if (threads == 1) {
            for (int pr = 0; pr < pairs; pr++) {
                head(pr, 0);
            }
        } else {
            Parallel.forRange(threads, threads, 1, (lo, hi) -> {
                for (int t = lo; t < hi; t++) {
                    for (int pr = t; pr < pairs; pr += threads) {
                        head(pr, t);
                    }
                }
            });
        }
        gO.multiply(ctx, tokens, attn);
        LayerOps.addBiasResidual(attn, w.bo(), x, tokens, h);
        LayerOps.layerNorm(attn, w.ln1Gamma(), w.ln1Beta(), h1, tokens, h, eps);
        g1.multiply(h1, tokens, f);
        LayerOps.biasGeluErf(f, w.b1(), tokens, ffn);
        g2.multiply(f, tokens, y);
        LayerOps.addBiasResidual(y, w.b2(), h1, tokens, h);
        LayerOps.layerNorm(y, w.ln2Gamma(), w.ln2Beta(), out, tokens, h, eps);
    }

    /** Attention of batch item {@code pr / heads}, head {@code pr % heads}, into its columns of {@code ctx}. */
    private void head(int pr, int t) {
        int b = pr / heads, hd = pr % heads, h = hidden;
        float[] q = qh[t], kt = khT[t], v = vh[t], sc = s[t], o = oh[t];
        float scale = (float) (1 / Math.sqrt(d));
        for (int i = 0; i < seq; i++) {
            int row = (b * seq + i) * 3 * h + hd * d;
            for (int c = 0; c < d; c++) {
                q[i * d + c] = qkv[row + c] * scale;
                kt[c * seq + i] = qkv[row + h + c];
            }
            System.arraycopy(qkv, row + 2 * h, v, i * d, d);
        }
        gScores[t].multiply(q, kt, sc);
        for (int i = 0; i < seq; i++) {
            LayerOps.softmax(sc, i * seq, seq);
        }
        gContext[t].multiply(sc, v, o);
        for (int i = 0; i < seq; i++) {
            System.arraycopy(o, i * d, ctx, (b * seq + i) * h + hd * d, d);
        }
    }
}
