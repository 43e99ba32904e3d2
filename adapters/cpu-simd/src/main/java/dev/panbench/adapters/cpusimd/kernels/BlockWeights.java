package dev.panbench.adapters.cpusimd.kernels;

/**
 * The weights of one transformer block, float32, every matrix {@code [in][out]} ({@code y = x W + b}): Q, K, V and
 * output projections {@code [hidden][hidden]}, the FFN's {@code w1 [hidden][ffn]} and {@code w2 [ffn][hidden]}, their
 * biases, and two layer norms' gamma and beta.
 */
public record BlockWeights(float[] wq, float[] bq, float[] wk, float[] bk, float[] wv, float[] bv, float[] wo,
                           float[] bo, float[] ln1Gamma, float[] ln1Beta, float[] w1, float[] b1, float[] w2,
                           float[] b2, float[] ln2Gamma, float[] ln2Beta) {

    /** {@code [hidden][3 hidden]}: Wq, Wk and Wv side by side, so one product makes Q, K and V. */
    float[] qkv(int hidden) {
        float[] w = new float[hidden * 3 * hidden];
        for (int p = 0; p < hidden; p++) {
            System.arraycopy(wq, p * hidden, w, p * 3 * hidden, hidden);
            System.arraycopy(wk, p * hidden, w, p * 3 * hidden + hidden, hidden);
            System.arraycopy(wv, p * hidden, w, p * 3 * hidden + 2 * hidden, hidden);
        }
        return w;
    }

    float[] qkvBias(int hidden) {
        float[] b = new float[3 * hidden];
        System.arraycopy(bq, 0, b, 0, hidden);
        System.arraycopy(bk, 0, b, hidden, hidden);
        System.arraycopy(bv, 0, b, 2 * hidden, hidden);
        return b;
    }
}
