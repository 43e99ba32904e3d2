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
    /** The six matrices, whose storage a {@link WeightFormat} chooses; biases and norms stay float32. */
    static final List<String> MATRICES = List.of("wq", "wk", "wv", "wo", "w1", "w2");

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

    /** A block of the given values (the matrices of another block, say). */
    private LayerWeights(int hidden, int ffn, float[][] v) {
        this.hidden = hidden;
        this.ffn = ffn;
        wq = v[0];
        bq = v[1];
        wk = v[2];
        bk = v[3];
        wv = v[4];
        bv = v[5];
        wo = v[6];
        bo = v[7];
        ln1g = v[8];
        ln1b = v[9];
        w1 = v[10];
        b1 = v[11];
        w2 = v[12];
        b2 = v[13];
        ln2g = v[14];
        ln2b = v[15];
    }

    /** The values of {@link #NAMES}, in order. */
    private float[][] values() {
        return new float[][]{wq, bq, wk, bk, wv, bv, wo, bo, ln1g, ln1b, w1, b1, w2, b2, ln2g, ln2b};
    }

    /** The float32 matrix {@code name} ({@code [in][out]}). */
    float[] matrix(String name) {
        if (!MATRICES.contains(name)) {
            throw new IllegalArgumentException("not a matrix of the block: " + name);
        }
        return values()[NAMES.indexOf(name)];
    }

    /** This block with every matrix rounded to bfloat16 and widened back (exact): what bf16 weights stand for. */
    LayerWeights bf16Valued() {
        float[][] v = values();
        for (String m : MATRICES) {
            int i = NAMES.indexOf(m);
            v[i] = Bf16.widen(Bf16.round(v[i]));
        }
        return new LayerWeights(hidden, ffn, v);
    }

    /** The matrix {@code name} quantized per output column ({@link DynamicInt8}). */
    DynamicInt8.Columns int8(String name) {
        int in = name.equals("w2") ? ffn : hidden, out = name.equals("w1") ? ffn : hidden;
        return DynamicInt8.quantizeWeights(matrix(name), in, out);
    }

    /**
     * The operands with the matrices stored in {@code format}: float32 under their names ({@link #operands()}),
     * {@code <name>_bf16} (two little-endian bytes a value, {@link Bf16}), or {@code <name>_int8} (signed bytes
     * {@code [in][out]}) and {@code <name>_scales} ({@code [out]}) as {@link DynamicInt8} quantizes them; biases and
     * norms float32 in every format.
     */
    List<Operand> operands(WeightFormat format) {
        List<Operand> o = new ArrayList<>();
        for (Operand op : operands()) {
            if (!MATRICES.contains(op.name()) || format == WeightFormat.F32) {
                o.add(op);
                continue;
            }
            int[] dims = op.dims();
            switch (format) {
                case BF16 -> o.add(Operand.bytes(op.name() + "_bf16", Bf16.bytes(Bf16.round(op.floats())), dims));
                case INT8_DYNAMIC -> {
                    DynamicInt8.Columns c = DynamicInt8.quantizeWeights(op.floats(), dims[0], dims[1]);
                    o.add(Operand.bytes(op.name() + "_int8", c.q(), dims));
                    o.add(Operand.of(op.name() + "_scales", c.scales(), dims[1]));
                }
                default -> throw new IllegalArgumentException(WeightFormat.PARAM + "=" + format.value()
                        + ": a block's weights are f32, bf16 or int8-dynamic");
            }
        }
        return o;
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

    /**
     * The footprint in {@code format}: the matrices at two bytes a value (bf16) or one and a float scale per output
     * column (int8-dynamic), the biases and norms at float32.
     */
    static long bytes(long hidden, long ffn, WeightFormat format) {
        long matrices = 4 * hidden * hidden + 2 * hidden * ffn;
        long rest = 4 * (count(hidden, ffn) - matrices);
        return rest + switch (format) {
            case F32 -> 4 * matrices;
            case BF16 -> 2 * matrices;
            case INT8_DYNAMIC -> matrices + 4 * (5 * hidden + ffn);
            default -> throw new IllegalArgumentException(WeightFormat.PARAM + "=" + format.value()
                    + ": a block's weights are f32, bf16 or int8-dynamic");
        };
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
