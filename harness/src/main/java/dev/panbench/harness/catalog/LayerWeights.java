package dev.panbench.harness.catalog;

import java.util.ArrayList;
import java.util.List;

/**
 * The weights of one transformer block, seeded, never downloaded, as named operands every backend reads:
 * {@code wq wk wv wo} {@code [hidden][hidden]}, {@code bq bk bv bo} {@code [hidden]}, {@code ln1_gamma ln1_beta}
 * {@code [hidden]}, {@code w1} {@code [hidden][ffn]}, {@code b1} {@code [ffn]}, {@code w2} {@code [ffn][hidden]},
 * {@code b2 ln2_gamma ln2_beta} {@code [hidden]}. Every matrix is {@code [in][out]} ({@code y = x W + b}); head
 * {@code h} owns columns {@code h d .. (h+1) d - 1} of Q, K and V ({@code d = hidden / heads}). Matrices and biases
 * are normal with standard deviation {@value #SD} (BERT's initialiser); gammas are {@code 1 +} that, betas that.
 */
final class LayerWeights {

    /** The weights' standard deviation. */
    static final double SD = 0.02;

    /** The weight operands' names, in the order problems list them after their activations. */
    static final List<String> NAMES = List.of("wq", "bq", "wk", "bk", "wv", "bv", "wo", "bo", "ln1_gamma",
            "ln1_beta", "w1", "b1", "w2", "b2", "ln2_gamma", "ln2_beta");

    final int hidden;
    final int ffn;
    final float[] wq, bq, wk, bk, wv, bv, wo, bo, ln1g, ln1b, w1, b1, w2, b2, ln2g, ln2b;

    LayerWeights(int hidden, int ffn, long seed) {
        this.hidden = hidden;
        this.ffn = ffn;
        int hh = Math.multiplyExact(hidden, hidden);
        int hf = Math.multiplyExact(hidden, ffn);
        wq = SeededInputs.normal(hh, seed, SD);
        bq = SeededInputs.normal(hidden, seed + 1, SD);
        wk = SeededInputs.normal(hh, seed + 2, SD);
        bk = SeededInputs.normal(hidden, seed + 3, SD);
        wv = SeededInputs.normal(hh, seed + 4, SD);
        bv = SeededInputs.normal(hidden, seed + 5, SD);
        wo = SeededInputs.normal(hh, seed + 6, SD);
        bo = SeededInputs.normal(hidden, seed + 7, SD);
        ln1g = gamma(hidden, seed + 8);
        ln1b = SeededInputs.normal(hidden, seed + 9, SD);
        w1 = SeededInputs.normal(hf, seed + 10, SD);
        b1 = SeededInputs.normal(ffn, seed + 11, SD);
        w2 = SeededInputs.normal(hf, seed + 12, SD);
        b2 = SeededInputs.normal(hidden, seed + 13, SD);
        ln2g = gamma(hidden, seed + 14);
        ln2b = SeededInputs.normal(hidden, seed + 15, SD);
    }

    private static float[] gamma(int n, long seed) {
        float[] g = SeededInputs.normal(n, seed, SD);
        for (int i = 0; i < n; i++) {
            g[i] += 1;
        }
        return g;
    }

    /** The operands, named as {@link #NAMES}. */
    List<Operand> operands() {
        int h = hidden, f = ffn;
        List<Operand> o = new ArrayList<>();
        o.add(Operand.of("wq", wq, h, h));
        o.add(Operand.of("bq", bq, h));
        o.add(Operand.of("wk", wk, h, h));
        o.add(Operand.of("bk", bk, h));
        o.add(Operand.of("wv", wv, h, h));
        o.add(Operand.of("bv", bv, h));
        o.add(Operand.of("wo", wo, h, h));
        o.add(Operand.of("bo", bo, h));
        o.add(Operand.of("ln1_gamma", ln1g, h));
        o.add(Operand.of("ln1_beta", ln1b, h));
        o.add(Operand.of("w1", w1, h, f));
        o.add(Operand.of("b1", b1, f));
        o.add(Operand.of("w2", w2, f, h));
        o.add(Operand.of("b2", b2, h));
        o.add(Operand.of("ln2_gamma", ln2g, h));
        o.add(Operand.of("ln2_beta", ln2b, h));
        return o;
    }

    /** How many weight values a block holds. */
    static long count(long hidden, long ffn) {
        return 4 * hidden * hidden + 2 * hidden * ffn + ffn + 9 * hidden;
    }

    /** The weights' footprint in bytes at float32. */
    static long bytes(long hidden, long ffn) {
        return 4 * count(hidden, ffn);
    }

    /** {@code hidden}, {@code heads}, {@code ffn} checked: heads divide hidden. Returns the head dimension. */
    static int headDim(int hidden, int heads) {
        if (hidden % heads != 0) {
            throw new IllegalArgumentException("hidden=" + hidden + ", heads=" + heads
                    + ": expected heads to divide hidden");
        }
        return hidden / heads;
    }
}
