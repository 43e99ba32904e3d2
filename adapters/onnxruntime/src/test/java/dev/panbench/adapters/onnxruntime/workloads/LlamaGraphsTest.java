package dev.panbench.adapters.onnxruntime.workloads;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtSession;
import dev.panbench.adapters.onnxruntime.OnnxRuntimeAdapter;
import dev.panbench.adapters.onnxruntime.runtime.OrtNatives;
import dev.panbench.harness.catalog.Operand;
import dev.panbench.harness.catalog.Problem;
import dev.panbench.harness.catalog.Reference;
import dev.panbench.harness.spi.Availability;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.VerificationException;
import dev.panbench.harness.spi.Workload;
import org.junit.jupiter.api.Test;

import java.nio.FloatBuffer;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * {@code model/llama-decode}'s graph: without its rotary embeddings it fails the catalog's check, f32 and INT4; at
 * {@code int4-dynamic} MatMulNBits (accuracy level 4) quantizes the activations as the catalog defines it.
 */
class LlamaGraphsTest {

    /**
     * Where no activation lies next to a half step, ONNX Runtime's dynamic INT4 step makes the reference's
     * quantization decisions (MLAS's scale {@code max / 127}, reciprocal {@code 127 / max} and round to nearest even):
     * as close as float32 rounding at the small layer and the quick one, far closer than the same graph at accuracy
     * level 1 (float32 activations).
     */
    @Test
    void dynamicInt4QuantizesTheActivationsAsTheCatalogDefines() throws Exception {
        Availability a = new OnnxRuntimeAdapter().probe();
        assumeTrue(a.available(), () -> "onnxruntime unavailable: " + a.reason());
        CatalogGraph llama = CatalogGraphs.ALL.stream().filter(g -> g.entry().name().equals("model/llama-decode"))
                .findFirst().orElseThrow();
        for (String shape : new String[]{"ctx=7,kv_heads=3,hidden=96,heads=3,ffn=224",
                "ctx=128,kv_heads=2,hidden=512,heads=8,ffn=1376"}) {
            Params dynamic = ModelGraphsVerifyTest.params("weights=int4-dynamic," + shape, "1");
            Problem p = llama.entry().problem(dynamic);
            double d = distance(p, output(llama, p, llama.entry().shapeOf(dynamic)));
            Params int4 = ModelGraphsVerifyTest.params("weights=int4," + shape, "1");
            Problem q = llama.entry().problem(int4);
            double floats = distance(p, output(llama, q, llama.entry().shapeOf(int4)));
            assertTrue(d < 1e-6, shape + ": " + d);
            assertTrue(floats > 3e-4, shape + ": " + floats);
        }
    }

    /** The graph's output for the problem's inputs, from a session of the cached model. */
    private static float[] output(CatalogGraph graph, Problem p, Params shape) throws Exception {
        OrtEnvironment env = OrtNatives.environment();
        Map<String, OnnxTensor> in = new LinkedHashMap<>();
        try (OrtSession session = ModelCache.open(ModelCache.ensure(graph, p, shape), 1)) {
            for (Operand o : p.inputs()) {
                if (!graph.weight().test(o.name())) {
                    in.put(o.name(), OnnxTensor.createTensor(env, FloatBuffer.wrap(o.floats()),
                            Arrays.stream(o.dims()).asLongStream().toArray()));
                }
            }
            try (OrtSession.Result r = session.run(in)) {
                FloatBuffer y = ((OnnxTensor) r.get(CatalogGraph.OUTPUT).orElseThrow()).getFloatBuffer();
                float[] out = new float[y.remaining()];
                y.get(out);
                return out;
            }
        } finally {
            for (OnnxTensor t : in.values()) {
                t.close();
            }
        }
    }

    /** {@code max |got - ref| / (1 + |ref|)}. */
    private static double distance(Problem p, float[] got) {
        Reference r = p.reference();
        double worst = 0;
        for (int i = 0; i < r.size(); i++) {
            worst = Math.max(worst, Math.abs(got[r.index(i)] - r.value()[i]) / (1 + r.magnitude()[i]));
        }
        return worst;
    }

    @Test
    void theStepWithoutRotaryEmbeddingsFailsVerification() throws Exception {
        Availability a = new OnnxRuntimeAdapter().probe();
        assumeTrue(a.available(), () -> "onnxruntime unavailable: " + a.reason());
        CatalogGraph llama = CatalogGraphs.ALL.stream().filter(g -> g.entry().name().equals("model/llama-decode"))
                .findFirst().orElseThrow();
        CatalogGraph wrong = new CatalogGraph(llama.entry(), 901, llama.ops(), llama.weight(), (p, s, g) ->
                LlamaGraphs.decode(p, s, g, false));
        for (String weights : new String[]{"f32", "int4"}) {
            try (Workload w = new GraphWorkload(wrong)) {
                w.setup(ModelGraphsVerifyTest.params("weights=" + weights
                        + ",ctx=7,kv_heads=1,hidden=96,heads=3,ffn=224", "1"));
                VerificationException e = assertThrows(VerificationException.class, w::verify);
                assertTrue(e.getMessage().startsWith("onnxruntime model/llama-decode["), e.getMessage());
            }
        }
    }
}
