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
 * them, and {@link #matrix} is the dequantized float32 matrix the reference multiplies by. The gains stay float32.
 */
public final class LlamaWeights {

    /** The matrices' names, in the order problems list them. */
    public static final List<String> MATRICES = List.of("wq", "wk", "wv", "wo", "w1", "w3", "w2");

    final int hidden, kvDim, ffn;
    final boolean int4;
    final float[] attnNorm, ffnNorm;
    private final float[][] dense = new float[MATRICES.size()][];
    private final Int4Blocks.Packed[] packed = new Int4Blocks.Packed[MATRICES.size()];

    LlamaWeights(int hidden, int kvDim, int ffn, boolean int4, long seed) {
        this.hidden = hidden;
        this.kvDim = kvDim;
        this.ffn = ffn;
        this.int4 = int4;
        for (int i = 0; i < MATRICES.size(); i++) {
            int in = in(i), out = out(i);
            float[] w = SeededInputs.normal(Math.multiplyExact(in, out), seed + i, LayerWeights.SD);
            if (int4) {
                packed[i] = Int4Blocks.quantize(w, in, out);
            } else {
                dense[i] = w;
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

    /** The float32 matrix {@code name} ({@code [in][out]}), dequantized when the layer is INT4. */
    float[] matrix(String name) {
        int i = MATRICES.indexOf(name);
        return int4 ? Int4Blocks.dequantize(packed[i]) : dense[i];
    }

    /** The operands: each matrix (or its packed bytes and scales), then the two gains. */
    List<Operand> operands() {
        List<Operand> o = new ArrayList<>();
        for (int i = 0; i < MATRICES.size(); i++) {
            String name = MATRICES.get(i);
            int in = in(i), out = out(i);
            if (int4) {
                int nb = Int4Blocks.blocks(in);
                o.add(Operand.bytes(name + "_packed", packed[i].data(), out, nb, Int4Blocks.BLOCK_BYTES));
                o.add(Operand.of(name + "_scales", packed[i].scales(), out, nb));
            } else {
                o.add(Operand.of(name, dense[i], in, out));
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
     * The weights' footprint in bytes: float32 matrices, or half a byte a weight and a float scale per 32 at INT4;
     * the gains in float32 either way.
     */
    static long bytes(long hidden, long kvDim, long ffn, boolean int4) {
        long v = matrixValues(hidden, kvDim, ffn);
        long matrices = int4 ? v / 2 + 4 * (v / Int4Blocks.BLOCK) : 4 * v;
        return matrices + 8 * hidden;
    }
}
