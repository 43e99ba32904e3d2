package dev.panbench.adapters.cpusimd.kernels;

/**
 * One decode step of a GPT-2 block (pre-layer-norm, tanh GELU) for {@code batch} new tokens, each attending to its
 * KV cache of {@code ctx} earlier tokens ({@code [batch][heads][ctx][d]}) and to itself, composed of this package's
 * kernels: {@link SkinnyGemm} for the projections (a few rows of A: B read once, unpacked), {@link LayerOps} for the
 * rest. The cache is read, never written; the new token's K and V are kept here. Allocates nothing per step.
 */
public final class DecoderStep {

    private final int batch, ctx, hidden, heads, d, ffn, threads;
    private final float eps;
    private final BlockWeights w;
    private final float[] wqkv, bqkv;
    private final float[] u, qkv, att, x2, f, s;

    public DecoderStep(BlockWeights w, int batch, int ctx, int hidden, int heads, int ffn, float eps, int threads) {
        this.w = w;
        this.batch = batch;
        this.ctx = ctx;
        this.hidden = hidden;
        this.heads = heads;
        this.d = hidden / heads;
        this.ffn = ffn;
        this.eps = eps;
        this.threads = Math.max(1, threads);
        this.wqkv = w.qkv(hidden);
        this.bqkv = w.qkvBias(hidden);
        u = new float[batch * hidden];
        qkv = new float[batch * 3 * hidden];
        att = new float[batch * hidden];
        x2 = new float[batch * hidden];
        f = new float[batch * ffn];
        s = new float[ctx + 1];
    }

    /** {@code out [batch][hidden]}: the new tokens' hidden states after the block. */
    public void forward(float[] x, float[] kCache, float[] vCache, float[] out) {
        int h = hidden;
        LayerOps.layerNorm(x, w.ln1Gamma(), w.ln1Beta(), u, batch, h, eps);
        SkinnyGemm.multiply(u, wqkv, qkv, batch, 3 * h, h, threads);
        LayerOps.addBias(qkv, bqkv, batch, 3 * h);
        java.util.Arrays.fill(u, 0f);
        float scale = (float) (1 / Math.sqrt(d));
        for (int b = 0; b < batch; b++) {
            for (int hd = 0; hd < heads; hd++) {
                int qo = b * 3 * h + hd * d;
                int cache = (b * heads + hd) * ctx * d;
                for (int t = 0; t < ctx; t++) {
                    s[t] = LayerOps.dot(qkv, qo, kCache, cache + t * d, d) * scale;
                }
                s[ctx] = LayerOps.dot(qkv, qo, qkv, qo + h, d) * scale;
                LayerOps.softmax(s, 0, ctx + 1);
                int uo = b * h + hd * d;
                for (int t = 0; t < ctx; t++) {
                    LayerOps.axpy(s[t], vCache, cache + t * d, u, uo, d);
                }
                LayerOps.axpy(s[ctx], qkv, qo + 2 * h, u, uo, d);
            }
        }
        SkinnyGemm.multiply(u, w.wo(), x2, batch, h, h, threads);
        LayerOps.addBiasResidual(x2, w.bo(), x, batch, h);
        LayerOps.layerNorm(x2, w.ln2Gamma(), w.ln2Beta(), att, batch, h, eps);
        SkinnyGemm.multiply(att, w.w1(), f, batch, ffn, h, threads);
        LayerOps.biasGeluTanh(f, w.b1(), batch, ffn);
        SkinnyGemm.multiply(f, w.w2(), out, batch, h, ffn, threads);
        LayerOps.addBiasResidual(out, w.b2(), x2, batch, h);
    }
}
