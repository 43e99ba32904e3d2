package dev.panbench.adapters.onnxruntime.workloads;

import dev.panbench.adapters.onnxruntime.graph.Attribute;
import dev.panbench.adapters.onnxruntime.graph.OnnxGraph;
import dev.panbench.harness.catalog.Catalog;
import dev.panbench.harness.catalog.Int4Blocks;
import dev.panbench.harness.catalog.Problem;
import dev.panbench.harness.catalog.WeightFormat;
import dev.panbench.harness.spi.Params;

import java.util.List;
import java.util.Set;

/**
 * The catalog's model entries as ONNX graphs of standard operators (MatMul, Add, Mul, Reshape, Transpose, Softmax,
 * LayerNormalization, Gelu), not ONNX Runtime's fused contrib operators (Attention, SkipLayerNormalization,
 * BiasGelu): the graph an exporter writes for these layers, so the row shows what ONNX Runtime's own graph
 * optimisations (level ALL, which fuses such patterns where it recognises them) make of it. The layer's weights
 * are initializers from the catalog's seeded generator; the activations ({@code x}, the KV cache) are inputs.
 * {@code quant/matmul-int4} and {@code quant/matmul-int8} are ONNX Runtime's contrib operator
 * {@code com.microsoft.MatMulNBits} (bits 4 or 8, block 32, no zero points: the defaults 8 and 128), reading exactly
 * the catalog's packed bytes and scales, with accuracy level 1 (float32 compute, the catalog's tolerance; level 4
 * would quantize A to int8 as well).
 */
final class ModelGraphs {

    /** Cast's {@code to}: onnx.proto's {@code DataType FLOAT = 1}. */
    private static final long TO_FLOAT = 1;
    /** BERT's layer-norm epsilon, as the catalog's {@code model/bert-layer} states it. */
    static final float BERT_EPS = (float) Catalog.BERT_LAYER.layerNormEpsilon();
    /** GPT-2's layer-norm epsilon, as the catalog's {@code model/gpt2-decode} states it. */
    static final float GPT2_EPS = (float) Catalog.GPT2_DECODE.layerNormEpsilon();

    private ModelGraphs() {
    }

    /** Everything but these activations is a weight. */
    static java.util.function.Predicate<String> weightsBut(String... activations) {
        Set<String> a = Set.of(activations);
        return name -> !a.contains(name);
    }

    private static int dim(Problem p, String operand, int i) {
        return p.input(operand).dims()[i];
    }

    /**
     * One BERT encoder layer, post-LN: {@code x [B,S,H]}; heads split by Reshape to {@code [B,S,N,d]} and Transpose
     * to {@code [B,N,S,d]} (keys to {@code [B,N,d,S]}), scores scaled by {@code 1/sqrt(d)}, softmax over the keys.
     */
    static void bertLayer(Problem p, Params shape, OnnxGraph graph) {
        bertLayer(p, shape, graph, true);
    }

    /** The layer, or (tests) the same layer without the scores' {@code 1/sqrt(d)}, a wrong layer. */
    static void bertLayer(Problem p, Params shape, OnnxGraph graph, boolean scaled) {
        GraphOps o = new GraphOps(graph);
        WeightFormat format = WeightFormat.of(shape);
        long b = dim(p, "x", 0), s = dim(p, "x", 1), h = dim(p, "x", 2);
        long n = shape.getLong("heads");
        long d = h / n;
        String q = o.transpose(o.reshape(linear(graph, o, format, "x", "wq", "bq"), b, s, n, d), 0, 2, 1, 3);
        String k = o.transpose(o.reshape(linear(graph, o, format, "x", "wk", "bk"), b, s, n, d), 0, 2, 3, 1);
        String v = o.transpose(o.reshape(linear(graph, o, format, "x", "wv", "bv"), b, s, n, d), 0, 2, 1, 3);
        String scores = o.matMul(q, k);
        String probs = o.softmaxLastAxis(scaled ? o.mul(scores, o.scalar((float) (1 / Math.sqrt(d)))) : scores);
        String ctx = o.reshape(o.transpose(o.matMul(probs, v), 0, 2, 1, 3), b, s, h);
        String h1 = o.layerNorm(o.add(linear(graph, o, format, ctx, "wo", "bo"), "x"), "ln1_gamma", "ln1_beta",
                BERT_EPS);
        String ffn = linear(graph, o, format, o.gelu(linear(graph, o, format, h1, "w1", "b1"), "none"), "w2", "b2");
        o.intoOutput("LayerNormalization", List.of(o.add(ffn, h1), "ln2_gamma", "ln2_beta"),
                Attribute.of("axis", -1L), Attribute.of("epsilon", BERT_EPS));
    }

    /**
     * {@code x W + b} with W as the BERT layer's {@code weights} store it: MatMul on the float32 matrix; on
     * {@code Cast(to=FLOAT)} of its BFLOAT16 initializer (folded into a float32 initializer at session creation, as
     * {@link LlamaGraphs} says); or {@code DynamicQuantizeLinear} of x (uint8, one scale and zero point for the whole
     * tensor), {@code MatMulInteger} with the int8 matrix, Cast to float and Mul by x's scale times the per-column
     * scales. The bias is an Add in every format.
     */
    private static String linear(OnnxGraph graph, GraphOps o, WeightFormat format, String x, String w, String b) {
        String y = switch (format) {
            case F32 -> o.matMul(x, w);
            case BF16 -> o.matMul(x, o.op("Cast", List.of(w + "_bf16"), Attribute.of("to", TO_FLOAT)));
            case INT8_DYNAMIC -> {
                String q = w + "_xq", s = w + "_xscale", z = w + "_xzero";
                graph.node("DynamicQuantizeLinear", List.of(x), List.of(q, s, z));
                String acc = o.op("Cast", List.of(o.op("MatMulInteger", List.of(q, w + "_int8", z))),
                        Attribute.of("to", TO_FLOAT));
                yield o.mul(acc, o.mul(s, w + "_scales"));
            }
            default -> throw new IllegalArgumentException(WeightFormat.PARAM + "=" + format.value()
                    + ": model/bert-layer runs f32, bf16 or int8-dynamic");
        };
        return o.add(y, b);
    }

    /**
     * One GPT-2 decode step, pre-LN: {@code x [B,1,H]}, {@code k_cache} and {@code v_cache} {@code [B,N,C,d]}. The
     * cache is read where it lies, never concatenated with the new token's key and value (a Concat would copy the
     * whole cache every step, which no decoder with a KV cache does): scores against the cache are
     * {@code k_cache q} ({@code [B,N,C,d] x [B,N,d,1]}), the new token's own score a dot product, the two joined
     * before the softmax and split after it, and the context is {@code p_cache v_cache + p_new v}.
     */
    static void gpt2Decode(Problem p, Params shape, OnnxGraph graph) {
        GraphOps o = new GraphOps(graph);
        long b = dim(p, "x", 0), h = dim(p, "x", 2);
        long n = dim(p, "k_cache", 1), c = dim(p, "k_cache", 2), d = dim(p, "k_cache", 3);
        String u = o.layerNorm("x", "ln1_gamma", "ln1_beta", GPT2_EPS);
        String q = o.reshape(o.linear(u, "wq", "bq"), b, n, d, 1);
        String k = o.reshape(o.linear(u, "wk", "bk"), b, n, 1, d);
        String v = o.reshape(o.linear(u, "wv", "bv"), b, n, 1, d);
        String cached = o.reshape(o.matMul("k_cache", q), b, n, 1, c);
        String own = o.matMul(k, q);
        String scores = o.mul(o.op("Concat", List.of(cached, own), Attribute.of("axis", -1L)),
                o.scalar((float) (1 / Math.sqrt(d))));
        String probs = o.softmaxLastAxis(scores);
        String splits = "split_" + c;
        graph.initializer(splits, new long[]{c, 1}, 2);
        String pCache = "p_cache", pOwn = "p_own";
        graph.node("Split", List.of(probs, splits), List.of(pCache, pOwn), Attribute.of("axis", -1L));
        String ctx = o.add(o.matMul(pCache, "v_cache"), o.matMul(pOwn, v));
        String x2 = o.add(o.linear(o.reshape(o.transpose(ctx, 0, 2, 1, 3), b, 1, h), "wo", "bo"), "x");
        String f = o.gelu(o.linear(o.layerNorm(x2, "ln2_gamma", "ln2_beta", GPT2_EPS), "w1", "b1"), "tanh");
        o.intoOutput("Add", List.of(o.linear(f, "w2", "b2"), x2));
    }

    /** {@code C = A dequant(B)} with MatMulNBits over the catalog's {@code b_packed [n][k/32][16]} and scales. */
    static void matmulInt4(Problem p, Params shape, OnnxGraph graph) {
        matmulNBits(p, graph, 4);
    }

    /** The same at 8 bits, over {@code b_packed [n][k/32][32]} (zero point 128). */
    static void matmulInt8(Problem p, Params shape, OnnxGraph graph) {
        matmulNBits(p, graph, 8);
    }

    private static void matmulNBits(Problem p, OnnxGraph graph, long bits) {
        long k = dim(p, "a", 1), n = dim(p, "b_packed", 0);
        graph.node("com.microsoft", "MatMulNBits", List.of("a", "b_packed", "scales"), List.of(CatalogGraph.OUTPUT),
                Attribute.of("K", k), Attribute.of("N", n), Attribute.of("bits", bits),
                Attribute.of("block_size", (long) Int4Blocks.BLOCK), Attribute.of("accuracy_level", 1L));
    }
}
