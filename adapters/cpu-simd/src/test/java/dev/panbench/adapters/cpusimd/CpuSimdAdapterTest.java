package dev.panbench.adapters.cpusimd;

import dev.panbench.adapters.cpusimd.blas.OpenBlas;
import dev.panbench.adapters.cpusimd.kernels.Simd;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.run.measure.BenchmarkRunner;
import dev.panbench.harness.run.measure.ProgressListener;
import dev.panbench.harness.run.plan.PlannedResult;
import dev.panbench.harness.run.plan.RunPlan;
import dev.panbench.harness.run.plan.RunSettings;
import dev.panbench.harness.spi.Adapter;
import dev.panbench.harness.spi.ExternallyTimed;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.WorkloadSpec;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CpuSimdAdapterTest {

    @Test
    void isFoundByTheServiceLoader() {
        assertTrue(ServiceLoader.load(Adapter.class).stream().anyMatch(p -> p.type() == CpuSimdAdapter.class));
    }

    @Test
    void probeAndEnvironmentNameTheSpeciesFlagsAndOpenBlas() {
        CpuSimdAdapter a = new CpuSimdAdapter();
        assertTrue(a.probe().available(), a.probe().reason());
        Map<String, String> env = a.environment();
        assertEquals(Integer.toString(Simd.L), env.get("vector.floatLanes"));
        assertEquals(Integer.toString(Simd.F.vectorBitSize()), env.get("vector.bits"));
        assertTrue(env.containsKey("cpu.flags"));
        assertTrue(env.containsKey("openblas.version") != env.containsKey("openblas.missing"),
                "either the OpenBLAS version or why it is missing: " + env);
        OpenBlas.load().ifPresent(b -> assertTrue(env.get("openblas.config").startsWith("OpenBLAS"), b.config()));
    }

    @Test
    void defaultGridStaysQuickRunnableAndIdsAreUnique() {
        List<PlannedResult> plan = RunPlan.expand(List.of(new CpuSimdAdapter()), Map.of(), null, null);
        // rows a Python driver times (numpy, torch, tokenizers, tiktoken) cost no JMH fork; the rest each cost one
        long java = plan.stream().filter(p -> !timedByPython(p)).count();
        assertTrue(java <= 220, "default grid of " + java + " Java and OpenBLAS results");
        assertTrue(plan.stream().anyMatch(p -> p.id().toString().equals(
                "cpu-simd/gemm/sgemm[size=1024,dtype=f32,impl=numpy,threads=1]")), "numpy rows share the ids");
        assertEquals(plan.size(), plan.stream().map(PlannedResult::id).distinct().count());
        assertTrue(plan.stream().anyMatch(p -> p.id().toString().equals(
                "cpu-simd/binary/add[size=65536,dtype=f32,impl=simd,threads=1]")));
    }

    @Test
    void openBlasRowsAreSkippedWithTheReasonOnlyWhenTheLibraryIsMissing() {
        for (WorkloadSpec spec : new CpuSimdAdapter().workloads()) {
            if (spec.param("impl") == null || !spec.param("impl").defaults().contains("openblas")) {
                continue;
            }
            Map<String, String> values = new java.util.LinkedHashMap<>();
            spec.params().forEach(p -> values.put(p.name(), p.defaults().getFirst()));
            values.put("impl", "openblas");
            var availability = spec.availability().apply(new Params(values));
            assertEquals(OpenBlas.load().isPresent(), availability.available(), spec.name());
            if (!availability.available()) {
                assertTrue(availability.reason().contains("libopenblas"), availability.reason());
            }
            values.put("impl", "simd");
            assertTrue(spec.availability().apply(new Params(values)).available(), spec.name() + " simd");
        }
    }

    @Test
    void binaryAddRunsThroughTheRealRunner() throws java.io.IOException {
        // JMH logs stay under target/ for a look after a failure
        Path dir = java.nio.file.Files.createDirectories(Path.of("target", "runner-test"));
        List<PlannedResult> plan = RunPlan.expand(List.of(new CpuSimdAdapter()), Map.of("size", List.of("1024")),
                Pattern.compile("binary/add.*impl=s"), null);
        assertEquals(2, plan.size(), "scalar and simd");
        List<BenchResult> results = new BenchmarkRunner(RunSettings.QUICK.toBuilder().warmupIterations(1)
                .warmupTime("50ms").measurementTime("50ms").iterations(3).adaptiveWarmup("0s").build(), dir)
                .run(plan, ProgressListener.NONE);
        for (int i = 0; i < results.size(); i++) {
            BenchResult r = results.get(i);
            Path log = dir.resolve("jmh-" + (i + 1) + ".log");
            assertEquals(BenchResult.Status.ok, r.status(), () -> r.id() + ": " + r.error() + "\n" + tail(log));
            assertEquals(3, r.samples().size());
            assertTrue(r.throughput().bytesPerSec() > 0 && r.throughput().flopsPerSec() > 0, r.id().toString());
        }
    }

    private static String tail(Path log) {
        try {
            List<String> lines = java.nio.file.Files.readAllLines(log);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
        } catch (java.io.IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    private static boolean timedByPython(PlannedResult p) {
        return p.spec().factory().get() instanceof ExternallyTimed et && et.timedExternally(p.params());
    }
}
