package dev.panbench.adapters.onnxruntime.workloads;

import dev.panbench.adapters.onnxruntime.graph.OnnxCheckerTest;
import dev.panbench.adapters.onnxruntime.graph.OnnxModel;
import dev.panbench.harness.spi.Params;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Every catalog graph the adapter writes, at a small shape, accepted by {@code onnx.checker.check_model} with full
 * shape inference, and the output shape ONNX infers is the catalog's. ONNX does not know ONNX Runtime's
 * {@code com.microsoft} operators, so the INT4 and INT8 graphs are checked without inference. Skipped, with the reason, where
 * {@code onnx} is not importable.
 */
class CatalogModelsCheckTest {

    /** Small shapes of the entries not shaped by {@code size} alone ({@link #SMALL_SIZE}). */
    private static final Map<String, String> SMALL = Map.of(
            "gemm/sgemm", "size=7x5x3,dtype=f32",
            "softmax/rows", "shape=3x5,dtype=f32", "layernorm/rows", "shape=3x5,dtype=f32",
            "model/bert-layer", "batch=2,seq=16,hidden=64,heads=4,ffn=256",
            "model/gpt2-decode", "batch=2,ctx=16,hidden=64,heads=4,ffn=256",
            "model/llama-decode", "weights=int4,ctx=16,kv_heads=2,hidden=64,heads=4,ffn=256",
            "quant/matmul-int4", "m=7,k=64,n=33", "quant/matmul-int8", "m=7,k=64,n=33");

    private static final String SMALL_SIZE = "size=7,dtype=f32";

    /**
     * Further small shapes of an entry: the LLaMA step's other weight formats (BFLOAT16 and INT8 initializers,
     * MatMulNBits at accuracy level 4).
     */
    private static final Map<String, List<String>> MORE = Map.of("model/llama-decode", List.of(
            "weights=f32,ctx=16,kv_heads=2,hidden=64,heads=4,ffn=256",
            "weights=bf16,ctx=16,kv_heads=2,hidden=64,heads=4,ffn=256",
            "weights=int8-dynamic,ctx=16,kv_heads=2,hidden=64,heads=4,ffn=256",
            "weights=int4-dynamic,ctx=16,kv_heads=2,hidden=64,heads=4,ffn=256"),
            "model/bert-layer", List.of("batch=2,seq=16,hidden=64,heads=4,ffn=256,weights=bf16",
                    "batch=2,seq=16,hidden=64,heads=4,ffn=256,weights=int8-dynamic"));

    private static final String SCRIPT = String.join("\n",
            "import sys, onnx",
            "for path in sys.argv[1:]:",
            "    m = onnx.load(path)",
            "    contrib = any(n.domain == 'com.microsoft' for n in m.graph.node)",
            "    onnx.checker.check_model(m, full_check=not contrib)",
            "    if not contrib:",
            "        m = onnx.shape_inference.infer_shapes(m, strict_mode=True)",
            "    out = m.graph.output[0].type.tensor_type",
            "    print('ok', m.metadata_props[0].value, 'x'.join(str(d.dim_value) for d in out.shape.dim))");

    @Test
    void everyCatalogGraphPassesTheOnnxChecker(@TempDir Path tmp) throws Exception {
        Optional<Path> py = OnnxCheckerTest.pythonWithOnnx();
        assumeTrue(py.isPresent(), "the onnx package is not importable from the project's Python; run "
                + "scripts/setup.sh");
        List<String> cmd = new ArrayList<>(List.of(py.get().toString(), "-c", SCRIPT));
        List<String> expected = new ArrayList<>();
        int i = 0;
        for (CatalogGraph g : CatalogGraphs.ALL) {
            List<String> shapes = new ArrayList<>(List.of(SMALL.getOrDefault(g.entry().name(), SMALL_SIZE)));
            shapes.addAll(MORE.getOrDefault(g.entry().name(), List.of()));
            for (String small : shapes) {
                Params shape = g.entry().shapeOf(ModelGraphsVerifyTest.params(small, "1"));
                var problem = g.entry().problem(shape);
                Path file = tmp.resolve(i++ + ".onnx");
                String key = ModelCache.key(g, problem, shape).text();
                OnnxModel.write(g.graph(problem, shape), Map.of(ModelCache.KEY, key), file);
                cmd.add(file.toString());
                expected.add("ok " + key + " " + String.join("x", java.util.Arrays.stream(
                        problem.outputDims()).mapToObj(Integer::toString).toList()));
            }
        }
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the checker finished");
        assertEquals(0, p.exitValue(), out);
        assertEquals(expected, out.lines().filter(l -> l.startsWith("ok ")).toList(), out);
    }
}
