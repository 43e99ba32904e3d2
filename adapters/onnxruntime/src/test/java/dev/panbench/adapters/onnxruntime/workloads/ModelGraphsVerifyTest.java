package dev.panbench.adapters.onnxruntime.workloads;

import dev.panbench.adapters.onnxruntime.OnnxRuntimeAdapter;
import dev.panbench.harness.spi.Availability;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.VerificationException;
import dev.panbench.harness.spi.Workload;
import dev.panbench.harness.spi.WorkloadSpec;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.openjdk.jmh.infra.Blackhole;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The model entries as ONNX Runtime runs them, at small layers (hidden 64 with 4 heads, odd ones with 3 heads of
 * 16, one-token caches, INT4 and INT8 at one block, the LLaMA step in each weight format): set up from the cached
 * model, checked against the catalog's float64 reference, run; and a layer with its attention scores left unscaled
 * fails verification.
 */
class ModelGraphsVerifyTest {

    private static final Blackhole BH = new Blackhole(
            "Today's password is swordfish. I understand instantiating Blackholes directly is dangerous.");

    private static final Map<String, List<String>> SHAPES = Map.of(
            "model/bert-layer", List.of("batch=2,seq=16,hidden=64,heads=4,ffn=256",
                    "batch=1,seq=7,hidden=48,heads=3,ffn=96", "batch=2,seq=16,hidden=64,heads=4,ffn=256,weights=bf16",
                    "batch=2,seq=16,hidden=64,heads=4,ffn=256,weights=int8-dynamic",
                    "batch=1,seq=7,hidden=48,heads=3,ffn=96,weights=int8-dynamic"),
            "model/gpt2-decode", List.of("batch=2,ctx=16,hidden=64,heads=4,ffn=256",
                    "batch=3,ctx=1,hidden=48,heads=3,ffn=96"),
            "model/llama-decode", List.of("weights=f32,ctx=7,kv_heads=1,hidden=96,heads=3,ffn=224",
                    "weights=int4,ctx=7,kv_heads=3,hidden=96,heads=3,ffn=224",
                    "weights=int4,ctx=16,kv_heads=2,hidden=128,heads=4,ffn=160",
                    "weights=bf16,ctx=7,kv_heads=1,hidden=96,heads=3,ffn=224",
                    "weights=int8-dynamic,ctx=7,kv_heads=3,hidden=96,heads=3,ffn=224",
                    "weights=int8-dynamic,ctx=16,kv_heads=2,hidden=128,heads=4,ffn=160"),
            "model/generate", List.of("phase=prefill,layers=2,prompt=9,tokens=5,vocab=300,hidden=48,heads=3,ffn=96",
                    "phase=decode,layers=2,prompt=9,tokens=5,vocab=300,hidden=48,heads=3,ffn=96"),
            "quant/matmul-int4", List.of("m=7,k=64,n=33", "m=1,k=32,n=1", "m=16,k=96,n=130"),
            "quant/matmul-int8", List.of("m=7,k=64,n=33", "m=1,k=32,n=1", "m=16,k=96,n=130"));

    static Params params(String shape, String threads) {
        Map<String, String> m = new LinkedHashMap<>();
        for (String kv : shape.split(",")) {
            m.put(kv.substring(0, kv.indexOf('=')), kv.substring(kv.indexOf('=') + 1));
        }
        m.put("threads", threads);
        return new Params(m);
    }

    private static void assumeAvailable() {
        Availability a = new OnnxRuntimeAdapter().probe();
        assumeTrue(a.available(), () -> "onnxruntime unavailable: " + a.reason());
    }

    @TestFactory
    Stream<DynamicTest> everyModelGraphMatchesTheReferenceAtSmallShapes() {
        List<DynamicTest> tests = new ArrayList<>();
        List<String> models = new ArrayList<>();
        for (WorkloadSpec spec : new OnnxRuntimeAdapter().workloads()) {
            if (!spec.name().startsWith("model/") && !spec.name().startsWith("quant/")) {
                continue;
            }
            models.add(spec.name());
            assertTrue(SHAPES.containsKey(spec.name()), spec.name() + " has small shapes in this test");
            for (String shape : SHAPES.get(spec.name())) {
                for (String threads : List.of("1", "2")) {
                    Params p = params(shape, threads);
                    tests.add(DynamicTest.dynamicTest(spec.name() + "[" + p.render() + "]", () -> {
                        assumeAvailable();
                        try (Workload w = spec.factory().get()) {
                            w.setup(p);
                            w.verify();
                            w.run(BH);
                        }
                    }));
                }
            }
        }
        assertEquals(SHAPES.keySet(), Set.copyOf(models), "every model entry declared, and only those");
        assertEquals(models.stream().mapToInt(m -> SHAPES.get(m).size() * 2).sum(), tests.size());
        return tests.stream();
    }

    @Test
    void cachedModelsWithWeightsAreKeyedByTheirWeights() {
        CatalogGraph bert = CatalogGraphs.ALL.stream().filter(g -> g.entry().name().equals("model/bert-layer"))
                .findFirst().orElseThrow();
        Params shape = bert.entry().shapeOf(params("batch=1,seq=4,hidden=32,heads=2,ffn=64", "1"));
        ModelCache.Key key = ModelCache.key(bert, bert.entry().problem(shape), shape);
        assertTrue(key.text().matches("model/bert-layer\\[batch=1,seq=4,hidden=32,heads=2,ffn=64] v1 weights "
                + "[0-9a-f]{8}"), key.text());
        assertTrue(key.file().getFileName().toString().matches("batch=1,seq=4,hidden=32,heads=2,ffn=64\\.v1\\.w"
                + "[0-9a-f]{8}\\.onnx"), key.file().toString());
        assertEquals(key, ModelCache.key(bert, bert.entry().problem(shape), shape), "the same weights, the same key");
        CatalogGraph sgemm = CatalogGraphs.ALL.get(1);
        Params square = sgemm.entry().shapeOf(params("size=8", "1"));
        assertEquals("gemm/sgemm[size=8,dtype=f32] v1", ModelCache.key(sgemm, sgemm.entry().problem(square),
                square).text(), "no weights, no weights part");
    }

    @Test
    void bertWithoutTheScoreScaleFailsVerification() throws Exception {
        assumeAvailable();
        CatalogGraph bert = CatalogGraphs.ALL.stream().filter(g -> g.entry().name().equals("model/bert-layer"))
                .findFirst().orElseThrow();
        CatalogGraph wrong = new CatalogGraph(bert.entry(), 901, bert.ops(), bert.weight(), (p, s, g) ->
                ModelGraphs.bertLayer(p, s, g, false));
        try (Workload w = new GraphWorkload(wrong)) {
            w.setup(params("batch=1,seq=16,hidden=64,heads=4,ffn=256", "1"));
            VerificationException e = assertThrows(VerificationException.class, w::verify);
            assertTrue(e.getMessage().startsWith("onnxruntime model/bert-layer["), e.getMessage());
        }
    }
}
