package dev.panbench.adapters.cpusimd.workloads;

import dev.panbench.adapters.cpusimd.CpuSimdAdapter;
import dev.panbench.adapters.cpusimd.kernels.LayerOps;
import dev.panbench.harness.catalog.Catalog;
import dev.panbench.harness.catalog.ModelMath;
import dev.panbench.harness.driver.PythonDriver;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.run.measure.BenchmarkRunner;
import dev.panbench.harness.run.measure.ProgressListener;
import dev.panbench.harness.run.plan.PlannedResult;
import dev.panbench.harness.run.plan.RunPlan;
import dev.panbench.harness.run.plan.RunSettings;
import dev.panbench.harness.spi.ParamSpec;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.Workload;
import dev.panbench.harness.spi.WorkloadSpec;
import jdk.incubator.vector.FloatVector;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The model rows ({@code model/bert-layer}, {@code model/gpt2-decode}, {@code quant/matmul-int4|8}) at a small layer
 * (hidden 64, 4 heads, seq 16, ffn 256): simd through the real JMH runner, numpy through the real Python driver,
 * each answer checked against the entry's reference; numpy and torch rows skipped with their reason where the
 * package is missing.
 */
class ModelRowsTest {

    private static final RunSettings TINY = RunSettings.QUICK.toBuilder().warmupIterations(1).warmupTime("10ms")
            .iterations(2).measurementTime("10ms").adaptiveWarmup("0s").build();

    private static final Map<String, List<String>> SMALL = Map.ofEntries(Map.entry("batch", List.of("2")),
            Map.entry("seq", List.of("16")), Map.entry("ctx", List.of("16")), Map.entry("hidden", List.of("64")),
            Map.entry("heads", List.of("4")), Map.entry("ffn", List.of("256")), Map.entry("m", List.of("9")),
            Map.entry("k", List.of("64")), Map.entry("n", List.of("40")), Map.entry("kv_heads", List.of("2")),
            Map.entry("phase", List.of("decode")));
    /** One weights value a row: the LLaMA step's int4, the other entries' implied f32 (their ids leave it out). */
    private static final String INT4_OR_IMPLIED = "(?!.*weights=(?!int4,))";

    private static List<BenchResult> run(String filter, String dir) throws Exception {
        List<PlannedResult> plan = RunPlan.expand(List.of(new CpuSimdAdapter()), SMALL, Pattern.compile(filter),
                null);
        assertTrue(!plan.isEmpty(), filter);
        Path logs = Files.createDirectories(Path.of("target", dir));
        return new BenchmarkRunner(TINY, logs).run(plan, ProgressListener.NONE);
    }

    @Test
    void everyModelRowIsVerifiedAndTimedThroughTheRealRunner() throws Exception {
        List<String> entries = Catalog.all().stream().map(e -> e.name())
                .filter(n -> n.startsWith("model/") || n.startsWith("quant/")).map(Pattern::quote).toList();
        List<BenchResult> results = run("^cpu-simd/(" + String.join("|", entries) + ")\\[" + INT4_OR_IMPLIED
                + ".*impl=(simd|numpy|torch)\\b", "model-rows");
        assertEquals(expectedModelRows(), results.stream().map(r -> r.id().workload() + " " + r.params().get("impl"))
                .toList(), "every impl of every model entry the adapter declares, in declared order");
        for (BenchResult r : results) {
            String impl = r.params().get("impl");
            if (List.of("numpy", "torch").contains(impl) && PythonDriver.importable(impl).isPresent()) {
                assertEquals(BenchResult.Status.skipped, r.status(), r.id().toString());
                assertTrue(r.error().contains(impl), r.id() + " says " + impl + " is missing: " + r.error());
                continue;
            }
            assertEquals(BenchResult.Status.ok, r.status(), () -> r.id() + ": " + r.error());
            assertTrue(r.stats().median() > 0, r.id().toString());
            assertEquals(impl, r.facts().role().backend(), r.id().toString());
            assertNotNull(r.facts().weightBytes(), r.id() + " records its weights' footprint");
        }
        BenchResult bert = results.stream().filter(r -> r.id().toString().contains("bert-layer")).findFirst()
                .orElseThrow();
        // 4 h^2 + 2 h ffn + ffn + 9 h floats
        assertEquals(4L * (4 * 64 * 64 + 2 * 64 * 256 + 256 + 9 * 64), bert.facts().weightBytes());
        assertEquals("model/bert-layer[batch=2,seq=16,hidden=64,heads=4,ffn=256]",
                bert.facts().role().rowKey());
    }

    @Test
    void theBertLayerInBf16AndInt8DynamicThroughTheRealRunner() throws Exception {
        List<BenchResult> results = run("^cpu-simd/model/bert-layer\\[.*weights=", "bert-formats");
        assertEquals(List.of("bf16 simd", "bf16 numpy", "bf16 torch", "int8-dynamic simd", "int8-dynamic numpy",
                "int8-dynamic torch"), results.stream().map(r -> r.params().get("weights") + " "
                + r.params().get("impl")).toList());
        for (BenchResult r : results) {
            String impl = r.params().get("impl");
            assertTrue(r.id().toString().startsWith("cpu-simd/model/bert-layer[batch=2,seq=16,hidden=64,heads=4,"
                    + "ffn=256,weights=" + r.params().get("weights") + ",impl="), r.id().toString());
            if (impl.equals("torch")) {
                assertEquals(BenchResult.Status.skipped, r.status(), r.id().toString());
                assertTrue(r.error().contains("weights=f32 only"), r.error());
                continue;
            }
            if (impl.equals("numpy") && PythonDriver.importable("numpy").isPresent()) {
                assertEquals(BenchResult.Status.skipped, r.status(), r.id().toString());
                continue;
            }
            assertEquals(BenchResult.Status.ok, r.status(), () -> r.id() + ": " + r.error());
            assertEquals("model/bert-layer[batch=2,seq=16,hidden=64,heads=4,ffn=256,weights="
                    + r.params().get("weights") + "]", r.facts().role().rowKey(), "a row of its own");
        }
        long matrices = 4 * 64 * 64 + 2 * 64 * 256, rest = 256 + 9 * 64;
        assertEquals(2 * matrices + 4 * rest, results.getFirst().facts().weightBytes(), "bf16: two bytes a weight");
        assertEquals(matrices + 4 * (5 * 64 + 256) + 4 * rest, results.get(3).facts().weightBytes(),
                "int8: a byte a weight and a scale a column");
    }

    /** {@code WORKLOAD IMPL} of each row the filter above selects, from the catalog and the adapter's declarations. */
    private static List<String> expectedModelRows() {
        List<String> rows = new ArrayList<>();
        for (WorkloadSpec spec : new CpuSimdAdapter().workloads()) {
            boolean model = Catalog.find(spec.name()).isPresent() && spec.name().matches("(model|quant)/.*");
            for (ParamSpec p : model ? spec.params() : List.<ParamSpec>of()) {
                if (p.name().equals("impl")) {
                    p.defaults().stream().filter(i -> i.matches("(simd|numpy|torch)\\b.*"))
                            .forEach(i -> rows.add(spec.name() + " " + i));
                }
            }
        }
        return rows;
    }

    @Test
    void theFloatRowOfTheInt4ProductIsItsOwnColumn() throws Exception {
        WorkloadSpec spec = spec("quant/matmul-int4");
        Params p = new Params(Map.of("m", "7", "k", "64", "n", "40", "impl", "simd-f32", "threads", "1"));
        assertEquals("simd-f32", spec.role().apply(p).backend());
        assertEquals(null, spec.role().apply(p).framework());
        try (Workload w = spec.factory().get()) {
            w.setup(p);
            w.verify();
        }
    }

    @Test
    void theVectorErfIsWithinAFewUlpOfFloat64() {
        float[] x = new float[FloatVector.SPECIES_PREFERRED.length()];
        float[] y = new float[x.length];
        double worst = 0;
        for (int i = -6000; i <= 6000; i += x.length) {
            for (int j = 0; j < x.length; j++) {
                x[j] = (i + j) / 1000f;
            }
            LayerOps.erf(FloatVector.fromArray(FloatVector.SPECIES_PREFERRED, x, 0)).intoArray(y, 0);
            for (int j = 0; j < x.length; j++) {
                double ref = ModelMath.erf(x[j]);
                double ulp = Math.ulp((float) Math.max(Math.abs(ref), 1e-3));
                worst = Math.max(worst, Math.abs(y[j] - ref) / ulp);
                worst = Math.max(worst, Math.abs(LayerOps.erf(x[j]) - ref) / ulp);
            }
        }
        assertTrue(worst < 8, worst + " ulp");
    }

    private static WorkloadSpec spec(String name) {
        return new CpuSimdAdapter().workloads().stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow();
    }
}
