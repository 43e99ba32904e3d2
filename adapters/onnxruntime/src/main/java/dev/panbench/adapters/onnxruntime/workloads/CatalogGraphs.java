package dev.panbench.adapters.onnxruntime.workloads;

import dev.panbench.adapters.onnxruntime.graph.Attribute;
import dev.panbench.harness.catalog.Catalog;

import java.util.List;

/**
 * The catalog entries ONNX Runtime runs, each as the ONNX operator that computes it: {@code binary/add} as Add,
 * {@code gemm/sgemm} as MatMul (both matrices graph inputs, so MLAS cannot pre-pack B as it does for a constant
 * weight: the same GEMM every other backend is timed on), {@code softmax/rows} as Softmax over the last axis (opset
 * 13 and later normalise that axis alone), {@code layernorm/rows} as LayerNormalization over the last axis with the
 * entry's epsilon 1e-5 (gamma and beta inputs too), {@code unary/gelu} as Gelu with {@code approximate="tanh"}
 * (opset 20). The model entries are {@link ModelGraphs}.
 */
final class CatalogGraphs {

    /** The catalog's {@code layernorm/rows} epsilon. */
    static final float LAYERNORM_EPS = (float) Catalog.LAYERNORM_ROWS.layerNormEpsilon();

    static final List<CatalogGraph> ALL = List.of(
            new CatalogGraph(Catalog.BINARY_ADD, 1, "Add", CatalogGraph.NO_WEIGHTS,
                    (p, s, g) -> g.node("Add", List.of("a", "b"), List.of(CatalogGraph.OUTPUT))),
            new CatalogGraph(Catalog.SGEMM, 1, "MatMul", CatalogGraph.NO_WEIGHTS,
                    (p, s, g) -> g.node("MatMul", List.of("a", "b"), List.of(CatalogGraph.OUTPUT))),
            new CatalogGraph(Catalog.SOFTMAX_ROWS, 1, "Softmax", CatalogGraph.NO_WEIGHTS,
                    (p, s, g) -> g.node("Softmax", List.of("x"), List.of(CatalogGraph.OUTPUT),
                            Attribute.of("axis", -1L))),
            new CatalogGraph(Catalog.LAYERNORM_ROWS, 1, "LayerNormalization", CatalogGraph.NO_WEIGHTS,
                    (p, s, g) -> g.node("LayerNormalization", List.of("x", "gamma", "beta"), List.of(CatalogGraph.OUTPUT),
                            Attribute.of("axis", -1L), Attribute.of("epsilon", LAYERNORM_EPS))),
            new CatalogGraph(Catalog.BERT_LAYER, 1, "MatMul (f32; bf16: on Cast of bf16 initializers, folded to f32"
                    + " at session creation) or DynamicQuantizeLinear + MatMulInteger + Cast + Mul (int8-dynamic), Add,"
                    + " Mul, Reshape, Transpose, Softmax, LayerNormalization, Gelu", ModelGraphs.weightsBut("x"),
                    ModelGraphs::bertLayer),
            new CatalogGraph(Catalog.GPT2_DECODE, 1, "MatMul, Add, Mul, Reshape, Transpose, Concat, Split, Softmax, "
                    + "LayerNormalization, Gelu(tanh)", ModelGraphs.weightsBut("x", "k_cache", "v_cache"),
                    ModelGraphs::gpt2Decode),
            new CatalogGraph(Catalog.LLAMA_DECODE, 1, "com.microsoft RotaryEmbedding, MatMul (f32; bf16: on Cast of "
                    + "bf16 initializers, folded to f32 at session creation), com.microsoft MatMulNBits (int4, block "
                    + "32; int4-dynamic at accuracy level 4) or DynamicQuantizeLinear + MatMulInteger + Cast + Mul (int8-dynamic, fused into "
                    + "com.microsoft MatMulIntegerToFloat and DynamicQuantizeMatMul), Pow, ReduceMean, Sqrt, Div "
                    + "(RMSNorm), Reshape, Transpose, Concat, Split, Softmax, Sigmoid, Mul, Add", LlamaGraphs.WEIGHTS,
                    LlamaGraphs::decode),
            new CatalogGraph(Catalog.MATMUL_INT4, 1, "com.microsoft MatMulNBits (4 bits, block 32)",
                    ModelGraphs.weightsBut("a"), ModelGraphs::matmulInt4),
            new CatalogGraph(Catalog.MATMUL_INT8, 1, "com.microsoft MatMulNBits (8 bits, block 32)",
                    ModelGraphs.weightsBut("a"), ModelGraphs::matmulInt8),
            new CatalogGraph(Catalog.UNARY_GELU, 1, "Gelu(tanh)", CatalogGraph.NO_WEIGHTS,
                    (p, s, g) -> g.node("Gelu", List.of("x"), List.of(CatalogGraph.OUTPUT),
                            Attribute.of("approximate", "tanh"))));

    private CatalogGraphs() {
    }
}
