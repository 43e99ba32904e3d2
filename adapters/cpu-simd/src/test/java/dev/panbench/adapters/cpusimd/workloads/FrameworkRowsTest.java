package dev.panbench.adapters.cpusimd.workloads;

import dev.panbench.adapters.cpusimd.CpuFeatures;
import dev.panbench.adapters.cpusimd.CpuSimdAdapter;
import dev.panbench.adapters.cpusimd.blas.CoreTypes;
import dev.panbench.adapters.cpusimd.blas.OpenBlas;
import dev.panbench.harness.driver.PythonDriver;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.run.measure.BenchmarkRunner;
import dev.panbench.harness.run.measure.ProgressListener;
import dev.panbench.harness.run.plan.PlannedResult;
import dev.panbench.harness.run.plan.RunPlan;
import dev.panbench.harness.run.plan.RunSettings;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * numpy and PyTorch rows through the real runner and the real Python driver, on odd sizes: each family's numpy twin
 * passes the Java rows' own verification and is timed; torch rows are skipped with the reason where torch is missing;
 * an OpenBLAS forced onto kernels below the CPU ({@code Prescott}, through panbench's property, which wins over any
 * {@code OPENBLAS_CORETYPE} the environment sets) is marked degraded, in the JMH row and the numpy one, naming the
 * property as the cause.
 */
class FrameworkRowsTest {

    private static final RunSettings TINY = RunSettings.QUICK.toBuilder().warmupIterations(1).warmupTime("10ms")
            .iterations(2).measurementTime("10ms").adaptiveWarmup("0s").build();

    private static List<BenchResult> run(String filter, Map<String, List<String>> params, String dir)
            throws Exception {
        List<PlannedResult> plan = RunPlan.expand(List.of(new CpuSimdAdapter()), params, Pattern.compile(filter), null);
        assertTrue(!plan.isEmpty(), filter);
        Path logs = Files.createDirectories(Path.of("target", dir));
        return new BenchmarkRunner(TINY, logs).run(plan, ProgressListener.NONE);
    }

    @Test
    void everyNumpyFamilyPassesTheJavaReferenceAndIsTimedByItsDriver() throws Exception {
        assumeTrue(PythonDriver.importable("numpy").isEmpty(), () -> PythonDriver.importable("numpy").orElse(""));
        List<BenchResult> results = run("^cpu-simd/(binary/(add|div)|unary/(exp|tanh|sigmoid|relu)|reduce/|softmax/"
                        + "|layernorm/|gemm/sgemm|tensor/transpose).*impl=numpy",
                Map.of("size", List.of("33x65x17"), "shape", List.of("7x1023")), "framework-rows");
        assertTrue(results.size() >= 14, results.size() + " rows");
        for (BenchResult r : results) {
            assertEquals(BenchResult.Status.ok, r.status(), () -> r.id() + ": " + r.error());
            assertEquals("python time.perf_counter_ns", r.facts().timer(), r.id().toString());
            assertEquals(2, r.samples().size(), r.id().toString());
            assertTrue(r.stats().median() > 0, r.id().toString());
            assertTrue(r.facts().framework().get("numpy").matches("\\d+\\.\\d+.*"), r.id().toString());
        }
    }

    @Test
    void torchRowsAreSkippedWithTheReasonWhereTorchIsMissing() throws Exception {
        List<BenchResult> results = run("^cpu-simd/reduce/sum.*impl=torch", Map.of("size", List.of("1024")),
                "framework-torch");
        assertEquals(1, results.size());
        BenchResult r = results.getFirst();
        PythonDriver.importable("torch").ifPresentOrElse(reason -> {
            assertEquals(BenchResult.Status.skipped, r.status());
            assertTrue(r.error().contains("torch"), r.error());
        }, () -> assertEquals(BenchResult.Status.ok, r.status(), r.error()));
    }

    @Test
    void openBlasForcedBelowTheCpuIsMarkedDegradedInEveryPeerRow() throws Exception {
        assumeTrue(OpenBlas.load().isPresent(), "OpenBLAS missing");
        assumeTrue(CoreTypes.ofCpu(CpuFeatures.flags()).compareTo(CoreTypes.Level.SSE) > 0, "an SSE-only CPU");
        String before = System.getProperty(OpenBlas.CORETYPE_PROPERTY);
        System.setProperty(OpenBlas.CORETYPE_PROPERTY, "Prescott");
        String inherited = System.getenv("OPENBLAS_CORETYPE");
        String overridden = inherited == null || inherited.isBlank() ? ""
                : " over the environment's OPENBLAS_CORETYPE=" + inherited.strip();
        try {
            List<BenchResult> results = run("^cpu-simd/gemm/sgemm.*impl=(simd|openblas|numpy)",
                    Map.of("size", List.of("64")), "framework-degraded");
            for (BenchResult r : results) {
                assertEquals(BenchResult.Status.ok, r.status(), () -> r.id() + ": " + r.error());
                String degraded = r.facts().degraded();
                if ("simd".equals(r.params().get("impl"))) {
                    assertNull(degraded, r.id().toString());
                    continue;
                }
                assertNotNull(degraded, r.id() + " is not marked degraded");
                assertTrue(degraded.contains("-Dpanbench.openblas.coretype=Prescott forces it" + overridden), degraded);
            }
            assertTrue(results.get(1).facts().degraded().contains("Prescott"), results.get(1).facts().degraded());
        } finally {
            if (before == null) {
                System.clearProperty(OpenBlas.CORETYPE_PROPERTY);
            } else {
                System.setProperty(OpenBlas.CORETYPE_PROPERTY, before);
            }
        }
    }
}
