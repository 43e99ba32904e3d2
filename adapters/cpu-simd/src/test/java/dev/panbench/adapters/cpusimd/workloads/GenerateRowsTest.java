package dev.panbench.adapters.cpusimd.workloads;

import dev.panbench.adapters.cpusimd.CpuSimdAdapter;
import dev.panbench.adapters.cpusimd.kernels.BlockWeights;
import dev.panbench.adapters.cpusimd.kernels.GptGeneration;
import dev.panbench.harness.catalog.Catalog;
import dev.panbench.harness.catalog.GenerateEntry;
import dev.panbench.harness.catalog.Problem;
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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code model/generate} in this adapter at a small odd decoder (two blocks of hidden 48, three heads of 16, ffn 96,
 * a prompt of 9, 5 tokens, vocabulary 300): simd and numpy through the real runner, both phases, each answer checked
 * against the entry's reference (numpy skipped with its reason where it is missing, torch where it is); a quick run
 * plans the scaled-down decoder and the default run GPT-2 small's; and a generation whose steps attend to the cache
 * without their own position fails the check.
 */
class GenerateRowsTest {

    private static final RunSettings TINY = RunSettings.QUICK.toBuilder().warmupIterations(1).warmupTime("10ms")
            .iterations(2).measurementTime("10ms").adaptiveWarmup("0s").build();

    private static final Map<String, List<String>> SMALL = Map.of("layers", List.of("2"), "prompt", List.of("9"),
            "tokens", List.of("5"), "vocab", List.of("300"), "hidden", List.of("48"), "heads", List.of("3"),
            "ffn", List.of("96"));

    private static Params small(String phase, String impl, String threads) {
        Map<String, String> m = new HashMap<>();
        SMALL.forEach((k, v) -> m.put(k, v.getFirst()));
        m.put("phase", phase);
        m.put("impl", impl);
        m.put("threads", threads);
        return new Params(m);
    }

    @Test
    void simdNumpyAndTorchRowsAreVerifiedAndTimedThroughTheRealRunner() throws Exception {
        List<PlannedResult> plan = RunPlan.expand(List.of(new CpuSimdAdapter()), SMALL,
                Pattern.compile("^cpu-simd/model/generate\\["), null);
        assertEquals(6, plan.size(), "prefill and decode, simd, numpy and torch");
        List<BenchResult> results = new BenchmarkRunner(TINY, Files.createDirectories(Path.of("target",
                "generate-rows"))).run(plan, ProgressListener.NONE);
        for (BenchResult r : results) {
            String impl = r.params().get("impl");
            if (!impl.equals("simd") && PythonDriver.importable(impl).isPresent()) {
                assertEquals(BenchResult.Status.skipped, r.status(), r.id().toString());
                assertTrue(r.error().contains(impl), r.id() + " says " + impl + " is missing: " + r.error());
                continue;
            }
            assertEquals(BenchResult.Status.ok, r.status(), () -> r.id() + ": " + r.error());
            assertTrue(r.stats().median() > 0, r.id().toString());
            assertEquals(impl, r.facts().role().backend(), r.id().toString());
            assertEquals(Long.valueOf(Catalog.GENERATE.weightBytes(new Params(r.params()))),
                    r.facts().weightBytes(), r.id().toString());
        }
    }

    @Test
    void aQuickRunTakesTheScaledDownDecoderAndTheDefaultRunGpt2Small() {
        Pattern generate = Pattern.compile("^cpu-simd/model/generate\\[");
        List<String> quick = RunPlan.expand(List.of(new CpuSimdAdapter()), Map.of(), generate, null, true).stream()
                .map(p -> p.id().toString()).toList();
        String shape = "layers=2,prompt=16,tokens=8,vocab=1024,hidden=128,heads=2,ffn=512";
        assertEquals(List.of(
                "cpu-simd/model/generate[phase=prefill," + shape + ",impl=simd,threads=1]",
                "cpu-simd/model/generate[phase=prefill," + shape + ",impl=numpy,threads=1]",
                "cpu-simd/model/generate[phase=prefill," + shape + ",impl=torch,threads=1]",
                "cpu-simd/model/generate[phase=decode," + shape + ",impl=simd,threads=1]",
                "cpu-simd/model/generate[phase=decode," + shape + ",impl=numpy,threads=1]",
                "cpu-simd/model/generate[phase=decode," + shape + ",impl=torch,threads=1]"), quick);
        List<PlannedResult> full = RunPlan.expand(List.of(new CpuSimdAdapter()), Map.of(), generate, null, false);
        assertEquals(6, full.size());
        assertTrue(full.stream().allMatch(p -> p.id().toString().contains(
                "layers=2,prompt=128,tokens=32,vocab=8192,hidden=768,heads=12,ffn=3072")));
    }

    @Test
    void eachSimdGenerationVerifiesAtThreadsOneAndTwoAndAgainAfterTiming() throws Throwable {
        WorkloadSpec spec = new CpuSimdAdapter().workloads().stream()
                .filter(s -> s.name().equals("model/generate")).findFirst().orElseThrow();
        for (String phase : GenerateEntry.PHASES) {
            for (String threads : List.of("1", "2")) {
                try (Workload w = spec.factory().get()) {
                    w.setup(small(phase, "simd", threads));
                    w.verify();
                    w.run(new org.openjdk.jmh.infra.Blackhole("Today's password is swordfish. I understand "
                            + "instantiating Blackholes directly is dangerous."));
                    w.verify(); // an operation starts again from the prompt: the same ids every time
                }
            }
        }
    }

    @Test
    void stepsThatFindTheLastGenerationStillInTheCacheFailTheCheck() throws VerificationException {
        Problem prob = Catalog.GENERATE.problem(small("decode", "simd", "1"));
        GptGeneration g = generation(prob);
        int[] ids = GenerateEntry.promptIds(prob);
        g.prefill(ids, 0, 8);
        prob.check("simd", steps(g, ids[8]));
        // the same steps again without cutting the cache back to the prompt: they see the first generation's
        // positions, and so does no timed operation (the decode row truncates before each)
        assertThrows(VerificationException.class, () -> prob.check("simd, cache not cut back", steps(g, ids[8])));
        g.truncate(8);
        prob.check("simd", steps(g, ids[8]));
    }

    private static GptGeneration generation(Problem prob) {
        int layers = 2;
        BlockWeights[] blocks = new BlockWeights[layers];
        for (int l = 0; l < layers; l++) {
            int layer = l;
            java.util.function.Function<String, float[]> f = n -> prob.floats(GenerateEntry.blockOperand(layer, n));
            blocks[l] = new BlockWeights(f.apply("wq"), f.apply("bq"), f.apply("wk"), f.apply("bk"), f.apply("wv"),
                    f.apply("bv"), f.apply("wo"), f.apply("bo"), f.apply("ln1_gamma"), f.apply("ln1_beta"),
                    f.apply("w1"), f.apply("b1"), f.apply("w2"), f.apply("b2"), f.apply("ln2_gamma"),
                    f.apply("ln2_beta"));
        }
        // room for two generations' positions; the position embeddings repeated for the second
        float[] wpe = prob.floats("wpe");
        float[] twice = java.util.Arrays.copyOf(wpe, 2 * wpe.length);
        System.arraycopy(wpe, 0, twice, wpe.length, wpe.length);
        return new GptGeneration(new GptGeneration.Shape(layers, 48, 3, 96, 300, 2 * (9 + 5), 8,
                (float) Catalog.GENERATE.layerNormEpsilon()), blocks, prob.floats("wte"), twice,
                prob.floats("lnf_gamma"), prob.floats("lnf_beta"), prob.floats("lm_head"), 1);
    }

    /** Five greedy steps from {@code first}: the ids, then the last logits. */
    private static float[] steps(GptGeneration g, int first) {
        float[] out = new float[5 + 300];
        int id = first;
        for (int s = 0; s < 5; s++) {
            id = g.step(id);
            out[s] = id;
        }
        System.arraycopy(g.logits(), 0, out, 5, 300);
        return out;
    }
}
