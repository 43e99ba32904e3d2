package dev.panbench.adapters.cpusimd.workloads;

import dev.panbench.adapters.cpusimd.CpuSimdAdapter;
import dev.panbench.adapters.cpusimd.kernels.LlamaDecodeStep;
import dev.panbench.harness.catalog.Catalog;
import dev.panbench.harness.catalog.Problem;
import dev.panbench.harness.catalog.Reference;
import dev.panbench.harness.driver.PythonDriver;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.run.measure.BenchmarkRunner;
import dev.panbench.harness.run.measure.ProgressListener;
import dev.panbench.harness.run.plan.PlannedResult;
import dev.panbench.harness.run.plan.RunPlan;
import dev.panbench.harness.run.plan.RunSettings;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.VerificationException;
import dev.panbench.harness.spi.Workload;
import dev.panbench.harness.spi.WorkloadSpec;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code model/llama-decode} in this adapter at a small odd layer (hidden 96, three heads of 32, one or three
 * key-value heads, ffn 224, seven cached tokens), in every weight format: simd through the real JMH runner, numpy
 * through the real Python driver (skipped with its reason where numpy is missing), each answer checked against the
 * entry's reference; each simd step at one and two threads; and the same step without its rotary embedding fails
 * that check.
 */
class LlamaRowsTest {

    private static final RunSettings TINY = RunSettings.QUICK.toBuilder().warmupIterations(1).warmupTime("10ms")
            .iterations(2).measurementTime("10ms").adaptiveWarmup("0s").build();

    private static final Map<String, List<String>> SMALL = Map.of(
            "weights", List.of("f32", "bf16", "int8-dynamic", "int4", "int4-dynamic"),
            "ctx", List.of("7"), "kv_heads", List.of("1", "3"), "hidden", List.of("96"), "heads", List.of("3"),
            "ffn", List.of("224"));

    private static Params small(String weights, String kvHeads, String impl) {
        return new Params(Map.of("weights", weights, "ctx", "7", "kv_heads", kvHeads, "hidden", "96", "heads", "3",
                "ffn", "224", "impl", impl, "threads", "1"));
    }

    @Test
    void simdAndNumpyRowsAreVerifiedAndTimedThroughTheRealRunner() throws Exception {
        List<PlannedResult> plan = RunPlan.expand(List.of(new CpuSimdAdapter()), SMALL,
                Pattern.compile("^cpu-simd/model/llama-decode\\["), null);
        assertEquals(20, plan.size(),
                "f32, bf16, int8-dynamic, int4 and int4-dynamic, one and three key-value heads, simd and numpy");
        List<BenchResult> results = new BenchmarkRunner(TINY, Files.createDirectories(Path.of("target", "llama-rows")))
                .run(plan, ProgressListener.NONE);
        for (BenchResult r : results) {
            String impl = r.params().get("impl");
            if (impl.equals("numpy") && PythonDriver.importable("numpy").isPresent()) {
                assertEquals(BenchResult.Status.skipped, r.status(), r.id().toString());
                continue;
            }
            assertEquals(BenchResult.Status.ok, r.status(), () -> r.id() + ": " + r.error());
            assertTrue(r.stats().median() > 0, r.id().toString());
            assertEquals(impl, r.facts().role().backend(), r.id().toString());
            assertEquals(Long.valueOf(Catalog.LLAMA_DECODE.weightBytes(new Params(r.params()))), r.facts().weightBytes(),
                    r.id().toString());
        }
    }

    @Test
    void aQuickRunTakesTheScaledDownLayerAndTheDefaultRunThe7BLayer() {
        Pattern llama = Pattern.compile("^cpu-simd/model/llama-decode\\[");
        List<String> quick = RunPlan.expand(List.of(new CpuSimdAdapter()), Map.of(), llama, null, true).stream()
                .map(p -> p.id().toString()).toList();
        assertEquals(List.of(
                "cpu-simd/model/llama-decode[weights=f32,ctx=128,kv_heads=2,hidden=512,heads=8,ffn=1376,impl=simd,"
                        + "threads=1]",
                "cpu-simd/model/llama-decode[weights=f32,ctx=128,kv_heads=2,hidden=512,heads=8,ffn=1376,impl=numpy,"
                        + "threads=1]",
                "cpu-simd/model/llama-decode[weights=int4,ctx=128,kv_heads=2,hidden=512,heads=8,ffn=1376,impl=simd,"
                        + "threads=1]",
                "cpu-simd/model/llama-decode[weights=int4,ctx=128,kv_heads=2,hidden=512,heads=8,ffn=1376,"
                        + "impl=numpy,threads=1]",
                "cpu-simd/model/llama-decode[weights=int4-dynamic,ctx=128,kv_heads=2,hidden=512,heads=8,ffn=1376,"
                        + "impl=simd,threads=1]",
                "cpu-simd/model/llama-decode[weights=int4-dynamic,ctx=128,kv_heads=2,hidden=512,heads=8,ffn=1376,"
                        + "impl=numpy,threads=1]"), quick);
        List<PlannedResult> full = RunPlan.expand(List.of(new CpuSimdAdapter()), Map.of(), llama, null, false);
        assertEquals(40, full.size(), "f32, bf16, int8-dynamic, int4 and int4-dynamic, ctx 128 and 2048, 32 and 8"
                + " key-value heads, simd and numpy");
        assertTrue(full.stream().allMatch(p -> p.id().toString().contains("hidden=4096,heads=32,ffn=11008")));
    }

    @Test
    void eachSimdStepVerifiesAtThreadsOneAndTwo() throws Exception {
        WorkloadSpec spec = new CpuSimdAdapter().workloads().stream()
                .filter(s -> s.name().equals("model/llama-decode")).findFirst().orElseThrow();
        for (String weights : List.of("f32", "bf16", "int8-dynamic", "int4", "int4-dynamic")) {
            for (String kv : List.of("1", "3")) {
                for (String threads : List.of("1", "2")) {
                    Map<String, String> m = new java.util.HashMap<>(small(weights, kv, "simd").values());
                    m.put("threads", threads);
                    try (Workload w = spec.factory().get()) {
                        w.setup(new Params(m));
                        w.verify();
                    }
                }
            }
        }
    }

    @Test
    void aShapeThatMakesNoLayerIsUnavailableWithItsReason() {
        WorkloadSpec spec = new CpuSimdAdapter().workloads().stream()
                .filter(s -> s.name().equals("model/llama-decode")).findFirst().orElseThrow();
        var a = spec.availability().apply(small("f32", "2", "simd"));
        assertFalse(a.available());
        assertEquals("heads=3, kv_heads=2: expected kv_heads to divide heads", a.reason());
        var int4 = spec.availability().apply(new Params(Map.of("weights", "int4", "ctx", "7", "kv_heads", "3",
                "hidden", "48", "heads", "3", "ffn", "224", "impl", "simd", "threads", "1")));
        assertFalse(int4.available());
        assertTrue(int4.reason().contains("k=48"), int4.reason());
    }

    @Test
    void theStepWithoutItsRotaryEmbeddingFailsTheCheck() throws VerificationException {
        for (String weights : List.of("f32", "int4", "int4-dynamic")) {
            Params p = small(weights, "1", "simd");
            Problem prob = Catalog.LLAMA_DECODE.problem(p);
            LlamaDecodeStep.Shape shape = new LlamaDecodeStep.Shape(7, 96, 3, 1, 224,
                    (float) Catalog.LLAMA_DECODE.layerNormEpsilon());
            float[] cos = prob.floats("rope_cos");
            float[] right = step(prob, weights, shape, cos, prob.floats("rope_sin"));
            prob.check("simd", right);
            float[] ones = new float[cos.length];
            java.util.Arrays.fill(ones, 1f);
            float[] unrotated = step(prob, weights, shape, ones, new float[cos.length]);
            assertThrows(VerificationException.class, () -> prob.check("simd without rotary", unrotated), weights);
        }
    }

    /**
     * Where no activation lies next to a half step, simd's dynamic INT4 step makes the reference's quantization
     * decisions: it is as close as float32 rounding (the entry's bound is far wider, for the 7B shape's cascade), at
     * the small layer and the quick one; the same weights with float32 activations are far from it.
     */
    @Test
    void theDynamicInt4StepQuantizesItsActivationsAsTheReferenceDoes() {
        for (String[] s : new String[][]{{"7", "1", "96", "3", "224"}, {"7", "3", "96", "3", "224"},
                {"128", "2", "512", "8", "1376"}}) {
            Problem prob = Catalog.LLAMA_DECODE.problem(new Params(Map.of("weights", "int4-dynamic", "ctx", s[0],
                    "kv_heads", s[1], "hidden", s[2], "heads", s[3], "ffn", s[4])));
            LlamaDecodeStep.Shape shape = new LlamaDecodeStep.Shape(Integer.parseInt(s[0]), Integer.parseInt(s[2]),
                    Integer.parseInt(s[3]), Integer.parseInt(s[1]), Integer.parseInt(s[4]),
                    (float) Catalog.LLAMA_DECODE.layerNormEpsilon());
            float[] cos = prob.floats("rope_cos"), sin = prob.floats("rope_sin");
            double dynamic = distance(prob, step(prob, "int4-dynamic", shape, cos, sin));
            double floats = distance(prob, step(prob, "int4", shape, cos, sin));
            assertTrue(dynamic < 1e-6, String.join(",", s) + ": " + dynamic);
            assertTrue(floats > 3e-4, String.join(",", s) + ": " + floats);
        }
    }

    /** {@code max |got - ref| / (1 + |ref|)}. */
    private static double distance(Problem prob, float[] got) {
        Reference r = prob.reference();
        double worst = 0;
        for (int i = 0; i < r.size(); i++) {
            worst = Math.max(worst, Math.abs(got[r.index(i)] - r.value()[i]) / (1 + r.magnitude()[i]));
        }
        return worst;
    }

    private static float[] step(Problem prob, String weights, LlamaDecodeStep.Shape s, float[] cos, float[] sin) {
        int h = s.hidden(), kvDim = s.kvHeads() * (h / s.heads()), ffn = s.ffn();
        LlamaDecodeStep step = new LlamaDecodeStep(s, projection(prob, weights, h, h + 2 * kvDim, "wq", "wk", "wv"),
                projection(prob, weights, h, h, "wo"), projection(prob, weights, h, 2 * ffn, "w1", "w3"),
                projection(prob, weights, ffn, h, "w2"), prob.floats("attn_norm"), prob.floats("ffn_norm"), cos, sin);
        float[] out = new float[h];
        step.forward(prob.floats("x"), prob.floats("k_cache"), prob.floats("v_cache"), out);
        return out;
    }

    private static LlamaDecodeStep.Projection projection(Problem prob, String weights, int in, int out,
                                                         String... names) {
        if (weights.equals("f32")) {
            float[][] parts = new float[names.length][];
            for (int i = 0; i < names.length; i++) {
                parts[i] = prob.floats(names[i]);
            }
            return LlamaDecodeStep.f32(in, out, 1, parts);
        }
        Object[] parts = new Object[2 * names.length];
        for (int i = 0; i < names.length; i++) {
            parts[2 * i] = prob.input(names[i] + "_packed").bytes();
            parts[2 * i + 1] = prob.floats(names[i] + "_scales");
        }
        return weights.equals("int4-dynamic") ? LlamaDecodeStep.int4Dynamic(in, out, 1, parts)
                : LlamaDecodeStep.int4(in, out, 1, parts);
    }
}
