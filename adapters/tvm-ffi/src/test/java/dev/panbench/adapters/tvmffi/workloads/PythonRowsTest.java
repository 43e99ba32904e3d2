package dev.panbench.adapters.tvmffi.workloads;

import dev.panbench.adapters.tvmffi.TvmFfiAdapter;
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
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * {@code impl=python}: the tvm-ffi calls from Python's own {@code tvm_ffi} package through the real runner and driver.
 * Each answer passes the Java rows' check (echo returns 42, 0.25 and the string; apply(identity, 7) is 7) before
 * timing; echo of a tensor object, which has no twin, is skipped with the reason.
 */
class PythonRowsTest {

    @Test
    void pythonTwinsPassTheJavaChecksAndAreTimedByTheDriver() throws Exception {
        assumeTrue(PythonDriver.importable("tvm_ffi").isEmpty(), () -> PythonDriver.importable("tvm_ffi").orElse(""));
        List<PlannedResult> plan = RunPlan.expand(List.of(new TvmFfiAdapter()), Map.of("size", List.of("1024")),
                Pattern.compile("^tvm-ffi/(call/(echo|tensor-arg)|callback/).*impl=python"), null);
        Path logs = Files.createDirectories(Path.of("target", "python-rows"));
        List<BenchResult> results = new BenchmarkRunner(RunSettings.QUICK.toBuilder().warmupIterations(1)
                .warmupTime("10ms").iterations(2).measurementTime("10ms").adaptiveWarmup("0s").build(), logs)
                .run(plan, ProgressListener.NONE);
        assertEquals(List.of("tvm-ffi/call/echo[type=int,impl=python]", "tvm-ffi/call/echo[type=float,impl=python]",
                "tvm-ffi/call/echo[type=str,impl=python]", "tvm-ffi/call/echo[type=tensor,impl=python]",
                "tvm-ffi/call/tensor-arg[size=1024,impl=python]", "tvm-ffi/callback/java-from-tvm[impl=python]"),
                results.stream().map(r -> r.id().toString()).toList());
        for (BenchResult r : results) {
            if ("tensor".equals(r.params().get("type"))) {
                assertEquals(BenchResult.Status.skipped, r.status());
                assertTrue(r.error().contains("no Python twin"), r.error());
                continue;
            }
            assertEquals(BenchResult.Status.ok, r.status(), () -> r.id() + ": " + r.error());
            assertEquals("python time.perf_counter_ns", r.facts().timer());
            assertEquals(2, r.samples().size());
            assertTrue(r.facts().framework().containsKey("tvm_ffi"), r.extra().toString());
        }
    }
}
