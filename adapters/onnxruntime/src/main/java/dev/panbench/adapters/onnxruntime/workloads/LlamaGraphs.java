package dev.panbench.adapters.onnxruntime.workloads;

import dev.panbench.adapters.onnxruntime.graph.Attribute;
import dev.panbench.adapters.onnxruntime.graph.OnnxGraph;
import dev.panbench.harness.catalog.Catalog;
import dev.panbench.harness.catalog.Int4Blocks;
import dev.panbench.harness.catalog.Problem;
import dev.panbench.harness.catalog.WeightFormat;
import dev.panbench.harness.spi.Params;

import java.util.List;

/**
 * {@code model/llama-decode} as an ONNX graph, with ONNX Runtime's own operators where it has one for a step:
 * {@code com.microsoft.RotaryEmbedding} ({@code interleaved=0}, the rotate-half form), and RMSNorm in the operators
 * its optimiser fuses into {@code SimplifiedLayerNormalization}; the projections, by the entry's {@code weights}:
 * <ul>
 *   <li>{@code f32}: MatMul on the float32 weights;</li>
 *   <li>{@code bf16}: MatMul on {@code Cast(to=FLOAT)} of the bfloat16 weights, stored as BFLOAT16 initializers: the
 *       CPU execution provider has no bfloat16 MatMul, and its constant folding replaces each Cast of an initializer
 *       by the float32 tensor at session creation (no Cast and no BFLOAT16 initializer is left in the optimised
 *       model), so what ONNX Runtime runs is the float32 MatMul on the bf16-valued weights widened once: 32 bits a
 *       weight read per step, and the float32 copy in memory (6.6 GiB peak at the 7B shape, 1.6 GiB in f32);</li>
 *   <li>{@code int4}: {@code com.microsoft.MatMulNBits} (4 bits, block 32, accuracy level 1: float32 compute) on the
 *       catalog's packed bytes and scales;</li>
 *   <li>{@code int4-dynamic}: the same MatMulNBits at accuracy level 4, which quantizes the activations to int8 per
 *       block of 32 (MLAS's {@code QuantizeARow_CompInt8}: scale {@code max |x| / 127}, {@code rint(x 127 / max |x|)},
 *       the catalog's {@code Int4Dynamic}) and sums the products in integers (MLAS's SQNBitGemm CompInt8 kernels:
 *       AVX-512 VNNI {@code vpdpbusd} where the CPU has it, AVX-512BW or AVX2 {@code vpmaddubsw} otherwise);</li>
 *   <li>{@code int8-dynamic}: {@code DynamicQuantizeLinear} of the activations (uint8, scale and zero point per
 *       tensor), {@code MatMulInteger} with the int8 weights, Cast to float and Mul by the activations' scale times
 *       the weights' per-column scales. In the optimised model ONNX Runtime 1.24.1 writes, the identical
 *       DynamicQuantizeLinear nodes of one input are merged (Q, K and V share one, gate and up another), those
 *       projections become {@code com.microsoft.MatMulIntegerToFloat} and the output and down projections, with
 *       their DynamicQuantizeLinear, {@code com.microsoft.DynamicQuantizeMatMul} (both MLAS's u8s8 integer
 *       GEMM);</li>
 * </ul>
 * SwiGLU is
 * {@code Sigmoid} and two {@code Mul}, of which the optimiser makes {@code QuickGelu} (alpha 1: SiLU) and a Mul.
 * Both fusions are in the optimised model ONNX Runtime 1.24.1 writes for this graph.
 * <p>
 * The attention is plain operators reading the cache where it lies, as the GPT-2 step's graph does: query heads
 * grouped per key-value head ({@code [kv_heads][heads/kv_heads][d]}, head {@code h} in group
 * {@code h / (heads / kv_heads)}), scores {@code k_cache q^T} and the new token's own, joined before the softmax and
 * split after it. {@code com.microsoft.GroupQueryAttention} is not used: it returns the present keys and values, past
 * and new, as new tensors, copying the whole cache every step unless the caller binds one buffer to both past and
 * present, which a session run from Java here does not.
 * <p>
 * The INT4, INT8 and bfloat16 weights, the RMSNorm gains and the rotary table are initializers (MatMulNBits prepacks its weights at
 * session creation); the float32 matrices are graph inputs, bound once at setup like the cache, and MatMul reads
 * them where they lie: as initializers they would make an 810 MB model at the 7B shape, which the model writer
 * builds in the heap several times over before it reaches the file ({@link #WEIGHTS} names what is stored).
 * <p>
 * RotaryEmbedding looks its cosines up by position in a table {@code [positions][d/2]}: the graph holds the one row
 * of the new token's position (the catalog's {@code rope_cos} and {@code rope_sin}) and passes position id 0.
 */
final class LlamaGraphs {

    static final float EPS = (float) Catalog.LLAMA_DECODE.layerNormEpsilon();
    /** Cast's {@code to}: onnx.proto's {@code DataType FLOAT = 1}. */
    private static final long TO_FLOAT = 1;

    /** The operands stored in the model: INT4 bytes and scales, the gains and the rotary table. */
    static final java.util.function.Predicate<String> WEIGHTS = name -> name.endsWith("_packed")
            || name.endsWith("_scales") || name.endsWith("_bf16") || name.endsWith("_int8")
            || List.of("attn_norm", "ffn_norm", "rope_cos", "rope_sin").contains(name);

    private LlamaGraphs() {
    }

    static void decode(Problem p, Params shape, OnnxGraph graph) {
        decode(p, shape, graph, true);
    }

    /** The step, or (tests) the same step with the rotary embedding left out, a wrong step. */
    static void decode(Problem p, Params shape, OnnxGraph graph, boolean rotary) {
        GraphOps o = new GraphOps(graph);
        WeightFormat format = WeightFormat.of(shape);
        long h = shape.getLong("hidden"), heads = shape.getLong("heads"), kv = shape.getLong("kv_heads");
        long ffn = shape.getLong("ffn"), c = shape.getLong("ctx");
        long d = h / heads, group = heads / kv;
        graph.initializer("position_0", new long[]{0}, 1, 1);
        String cos = o.reshape("rope_cos", 1, d / 2), sin = o.reshape("rope_sin", 1, d / 2);

        String u = rmsNorm(graph, o, "x", "attn_norm");
        String q = o.reshape(project(graph, o, format, u, "wq", h, h), 1, heads, 1, d);
        String k = o.reshape(project(graph, o, format, u, "wk", h, kv * d), 1, kv, 1, d);
        String v = o.reshape(project(graph, o, format, u, "wv", h, kv * d), kv, 1, d);
        if (rotary) {
            q = rotate(graph, q, "q_rotated", cos, sin);
            k = rotate(graph, k, "k_rotated", cos, sin);
        }
        String qg = o.reshape(q, kv, group, d);
        String own = o.matMul(qg, o.reshape(k, kv, d, 1));
        String cached = o.transpose(o.matMul("k_cache", o.transpose(qg, 0, 2, 1)), 0, 2, 1);
        String scores = o.mul(o.op("Concat", List.of(cached, own), Attribute.of("axis", -1L)),
                o.scalar((float) (1 / Math.sqrt(d))));
        String probs = o.softmaxLastAxis(scores);
        String splits = "split_" + c;
        graph.initializer(splits, new long[]{c, 1}, 2);
        graph.node("Split", List.of(probs, splits), List.of("p_cache", "p_own"), Attribute.of("axis", -1L));
        String att = o.add(o.matMul("p_cache", "v_cache"), o.matMul("p_own", v));
        String x2 = o.add(project(graph, o, format, o.reshape(att, 1, 1, h), "wo", h, h), "x");

        String u2 = rmsNorm(graph, o, x2, "ffn_norm");
        String gate = project(graph, o, format, u2, "w1", h, ffn);
        String up = project(graph, o, format, u2, "w3", h, ffn);
        String f = o.mul(o.mul(gate, o.op("Sigmoid", List.of(gate))), up);
        o.intoOutput("Add", List.of(project(graph, o, format, f, "w2", ffn, h), x2));
    }

    /**
     * RMSNorm over the last axis, times the gain: {@code x / Sqrt(ReduceMean(Pow(x, 2)) + eps) * gain}, the pattern
     * ONNX Runtime's SimplifiedLayerNormFusion rewrites into its SimplifiedLayerNormalization kernel (that operator is
     * ONNX Runtime's own, registered in the ONNX domain but no ONNX operator, so it is not written here directly).
     */
    private static String rmsNorm(OnnxGraph graph, GraphOps o, String x, String gain) {
        String axes = x + "_axes";
        graph.initializer(axes, new long[]{-1}, 1);
        String ms = o.op("ReduceMean", List.of(o.op("Pow", List.of(x, o.scalar(2f))), axes),
                Attribute.of("keepdims", 1L));
        String rms = o.op("Sqrt", List.of(o.add(ms, o.scalar(EPS))));
        return o.mul(o.op("Div", List.of(x, rms)), gain);
    }

    /** {@code x W} in the entry's weight format (see the class comment). */
    private static String project(OnnxGraph graph, GraphOps o, WeightFormat format, String x, String w, long in,
                                  long out) {
        return switch (format) {
            case F32 -> o.matMul(x, w);
            case BF16 -> o.matMul(x, o.op("Cast", List.of(w + "_bf16"), Attribute.of("to", TO_FLOAT)));
            case INT4, INT4_DYNAMIC -> {
                String y = w + "_out";
                long accuracy = format == WeightFormat.INT4_DYNAMIC ? 4L : 1L;
                graph.node("com.microsoft", "MatMulNBits", List.of(x, w + "_packed", w + "_scales"), List.of(y),
                        Attribute.of("K", in), Attribute.of("N", out), Attribute.of("bits", 4L),
                        Attribute.of("block_size", (long) Int4Blocks.BLOCK), Attribute.of("accuracy_level", accuracy));
                yield y;
            }
            case INT8_DYNAMIC -> {
                String q = w + "_xq", s = w + "_xscale", z = w + "_xzero";
                graph.node("DynamicQuantizeLinear", List.of(x), List.of(q, s, z));
                String acc = o.op("MatMulInteger", List.of(q, w + "_int8", z));
                String accf = o.op("Cast", List.of(acc), Attribute.of("to", TO_FLOAT));
                yield o.mul(accf, o.mul(s, w + "_scales"));
            }
        };
    }

    /** RotaryEmbedding of {@code [1][n][1][d]} at position id 0 of the one-row table. */
    private static String rotate(OnnxGraph graph, String x, String y, String cos, String sin) {
        graph.node("com.microsoft", "RotaryEmbedding", List.of(x, "position_0", cos, sin), List.of(y),
                Attribute.of("interleaved", 0L));
        return y;
    }
}
