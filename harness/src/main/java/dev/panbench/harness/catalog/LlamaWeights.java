package dev.panbench.harness.catalog;

import java.util.ArrayList;
import java.util.List;

/**
 * The weights of one LLaMA decoder layer, seeded, never downloaded, every matrix {@code [in][out]}
 * ({@code y = x W}, no biases): {@code wq} {@code [hidden][hidden]}, {@code wk wv} {@code [hidden][kv_heads d]},
 * {@code wo} {@code [hidden][hidden]}, the SwiGLU FFN's gate {@code w1} and up {@code w3} {@code [hidden][ffn]} and
 * down {@code w2} {@code [ffn][hidden]}, and the two RMSNorm gains {@code attn_norm ffn_norm} {@code [hidden]}.
 * Matrices are normal with standard deviation {@value LayerWeights#SD}, gains {@code 1 +} that.
 * <p>
 * In float32 each matrix is one operand under its name; in INT4 it is two, {@code <name>_packed}
 * ({@code uint8 [out][in/32][16]}) and {@code <name>_scales} ({@code [out][in/32]}), as {@link Int4Blocks} packs
 * them (the same two in dynamic INT4); in bfloat16 one, {@code <name>_bf16} ({@code [in][out]}, two little-endian bytes a value, {@link Bf16}); in
 * dynamic INT8 two, {@code <name>_int8} (signed bytes {@code [in][out]}) and {@code <name>_scales} ({@code [out]}),
 * as {@link DynamicInt8} quantizes them. {@link #matrix} is the float32 matrix the weights stand for (dequantized or
 * widened), and {@link #project} the product the reference computes. The gains stay float32.
 */
public final class LlamaWeights {

    /** The matrices' names, in the order problems list them. */
    public static final List<String> MATRICES = List.of("wq", "wk", "wv", "wo", "w1", "w3", "w2");

    final int hidden, kvDim, ffn;
    final WeightFormat format;
    final float[] attnNorm, ffnNorm;
    private final float[][] dense = new float[MATRICES.size()][];
    private final Int4Blocks.Packed[] packed = new Int4Blocks.Packed[MATRICES.size()];
    private final short[][] bf16 = new short[MATRICES.size()][];
    private final DynamicInt8.Columns[] int8 = new DynamicInt8.Columns[MATRICES.size()];

    LlamaWeights(int hidden, int kvDim, int ffn, WeightFormat format, long seed) {
        this.hidden = hidden;
        this.kvDim = kvDim;
        this.ffn = ffn;
        this.format = format;
        for (int i = 0; i < MATRICES.size(); i++) {
            int in = in(i), out = out(i);
            float[] w = SeededInputs.normal(Math.multiplyExact(in, out), seed + i, LayerWeights.SD);
            switch (format) {
                case F32 -> dense[i] = w;
                case BF16 -> bf16[i] = Bf16.round(w);
                case INT4, INT4_DYNAMIC -> packed[i] = Int4Blocks.quantize(w, in, out);
                case INT8_DYNAMIC -> int8[i] = DynamicInt8.quantizeWeights(w, in, out);
            }
        }
        attnNorm = gain(hidden, seed + 10);
        ffnNorm = gain(hidden, seed + 11);
    }

    private static float[] gain(int n, long seed) {
        float[] g = SeededInputs.normal(n, seed, LayerWeights.SD);
        for (int i = 0; i < n; i++) {
            g[i] += 1;
        }
        return g;
    }

    private int in(int i) {
        return MATRICES.get(i).equals("w2") ? ffn : hidden;
    }

    private int out(int i) {
        return switch (MATRICES.get(i)) {
            case "wk", "wv" -> kvDim;
            case "w1", "w3" -> ffn;
            default -> hidden;
        };
    }

    /** The float32 matrix {@code name} ({@code [in][out]}) the weights stand for: dequantized, or widened. */
    float[] matrix(String name) {
        int i = MATRICES.indexOf(name);
        return switch (format) {
            case F32 -> dense[i];
            case BF16 -> Bf16.widen(bf16[i]);
            case INT4, INT4_DYNAMIC -> Int4Blocks.dequantize(packed[i]);
            case INT8_DYNAMIC -> DynamicInt8.dequantize(int8[i]);
        };
    }

    /**
     * {@code x W} for the matrix {@code name} in float64 as the format defines it: by the float32 matrix the weights
     * stand for, or, in dynamic INT8 and dynamic INT4, with {@code x} quantized ({@link DynamicInt8#reference},
     * {@link Int4Dynamic#reference}).
     */
    double[] project(double[] x, String name) {
        int i = MATRICES.indexOf(name);
        if (format == WeightFormat.INT8_DYNAMIC) {
            return DynamicInt8.reference(x, int8[i]);
        }
        if (format == WeightFormat.INT4_DYNAMIC) {
            return Int4Dynamic.reference(x, packed[i]);
        }
        return ModelMath.matVec(x, matrix(name), in(i), out(i));
    }

    /** The operands: each matrix (or its packed bytes and scales), then the two gains. */
    List<Operand> operands() {
        List<Operand> o = new ArrayList<>();
        for (int i = 0; i < MATRICES.size(); i++) {
            String name = MATRICES.get(i);
            int in = in(i), out = out(i);
            switch (format) {
                case F32 -> o.add(Operand.of(name, dense[i], in, out));
                case BF16 -> o.add(Operand.bytes(name + "_bf16", Bf16.bytes(bf16[i]), in, out));
                case INT4, INT4_DYNAMIC -> {
                    int nb = Int4Blocks.blocks(in);
                    o.add(Operand.bytes(name + "_packed", packed[i].data(), out, nb, Int4Blocks.BLOCK_BYTES));
                    o.add(Operand.of(name + "_scales", packed[i].scales(), out, nb));
                }
                case INT8_DYNAMIC -> {
                    o.add(Operand.bytes(name + "_int8", int8[i].q(), in, out));
                    o.add(Operand.of(name + "_scales", int8[i].scales(), out));
                }
            }
        }
        o.add(Operand.of("attn_norm", attnNorm, hidden));
        o.add(Operand.of("ffn_norm", ffnNorm, hidden));
        return o;
    }

    /** Weight values of the seven matrices. */
    static long matrixValues(long hidden, long kvDim, long ffn) {
        return 2 * hidden * hidden + 2 * hidden * kvDim + 3 * hidden * ffn;
    }

    /**
     * The weights' footprint in bytes: float32 matrices; two bytes a weight in bfloat16; half a byte a weight and a
     * float scale per 32 at INT4; a byte a weight and a float scale per output column in dynamic INT8; the gains in
     * float32 whatever the format.
     */
    static long bytes(long hidden, long kvDim, long ffn, WeightFormat format) {
        long v = matrixValues(hidden, kvDim, ffn);
        long columns = 3 * hidden + 2 * kvDim + 2 * ffn;
        long matrices = switch (format) {
            case F32 -> 4 * v;
            case BF16 -> 2 * v;
            case INT4, INT4_DYNAMIC -> v / 2 + 4 * (v / Int4Blocks.BLOCK);
            case INT8_DYNAMIC -> v + 4 * columns;
        };
        return matrices + 8 * hidden;
    }
}
