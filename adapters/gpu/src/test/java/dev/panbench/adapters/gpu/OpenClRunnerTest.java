package dev.panbench.adapters.gpu;

import dev.panbench.adapters.gpu.opencl.ClPlatforms;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.DeviceTime;
import dev.panbench.harness.run.measure.BenchmarkRunner;
import dev.panbench.harness.run.measure.ProgressListener;
import dev.panbench.harness.run.plan.PlannedResult;
import dev.panbench.harness.run.plan.RunPlan;
import dev.panbench.harness.run.plan.RunSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Every gpu-opencl workload through the real JMH runner in forked JVMs on small sizes (the model layers at hidden 64):
 * verified, timed, with the device's event time beside the host time; an allocation beyond the device fails its row with the size named and
 * the run goes on.
 */
class OpenClRunnerTest {

    private static final RunSettings SHORT = RunSettings.QUICK.toBuilder().warmupIterations(1).warmupTime("50ms")
            .iterations(2).measurementTime("50ms").adaptiveWarmup("0s").build();

    @Test
    void everyWorkloadIsVerifiedAndTimedWithItsDeviceTime(@TempDir Path tmp) {
        GpuOpenClAdapter adapter = new GpuOpenClAdapter();
        assumeTrue(adapter.probe().available(), () -> "gpu-opencl unavailable: " + adapter.probe().reason());
        List<PlannedResult> plan = new ArrayList<>(RunPlan.expand(List.of(adapter), Map.of(
                "size", List.of("65536"), "host", List.of("pinned"), "shape", List.of("64x1000"),
                "items", List.of("2048"), "iters", List.of("256")), Pattern.compile("^(?!.*(gemm|model/))"), null));
        // the model layers at hidden 64, 4 heads, seq and ctx 16: answers checked against the catalog's reference
        plan.addAll(RunPlan.expand(List.of(adapter), Map.of("batch", List.of("2"), "seq", List.of("16"),
                "ctx", List.of("16"), "hidden", List.of("64"), "heads", List.of("4"), "ffn", List.of("128")),
                Pattern.compile("model/"), null));
        plan.addAll(RunPlan.expand(List.of(adapter), Map.of("size", List.of("96")), Pattern.compile("gemm"), null));
        // beyond the device's allocation limit (PoCL allows a quarter of its memory per buffer): must fail alone,
        // naming the size
        boolean beyond = ClPlatforms.select("0").maxAllocationBytes() < 8_589_928_000L;
        if (beyond) {
            plan.addAll(RunPlan.expand(List.of(adapter), Map.of("size", List.of("2147482000"), "host",
                    List.of("pageable")), Pattern.compile("copy/h2d"), null));
        } else {
            System.out.println("device allows buffers of 8 GiB: the over-allocation row is left out");
        }
        plan.addAll(RunPlan.expand(List.of(adapter), Map.of("size", List.of("4096")), Pattern.compile("copy/d2d"),
                null));
        List<BenchResult> results = new BenchmarkRunner(SHORT, tmp).run(plan, ProgressListener.NONE);
        assertEquals(plan.size(), results.size());
        assertEquals(2, results.stream().filter(r -> r.id().toString().startsWith("gpu-opencl/model/")).count());
        int skipped = 0;
        for (BenchResult r : results) {
            String id = r.id().toString();
            if (id.contains("size=2147482000")) {
                assertEquals(BenchResult.Status.failed, r.status(), id);
                assertTrue(r.error().contains("cannot allocate 8589928000 bytes = 8.0 GiB"), r.error());
                continue;
            }
            if (id.contains("impl=cublas")) {
                skipped++;
                assertEquals(BenchResult.Status.skipped, r.status(), id);
                continue;
            }
            assertEquals(BenchResult.Status.ok, r.status(), () -> id + ": " + r.error());
            assertTrue(r.stats().median() > 0, id);
            if (id.contains("/model/")) {
                // the block's float32 weights: 4 h^2 + 2 h ffn + ffn + 9 h values at h 64, ffn 128
                assertEquals(4L * (4 * 64 * 64 + 2 * 64 * 128 + 128 + 9 * 64), r.facts().weightBytes(), id);
            }
            DeviceTime device = r.facts().deviceTime();
            assertNotNull(device, id + " has no device time");
            assertEquals(2, device.samples().size(), id);
            assertTrue(device.samples().stream().allMatch(s -> s > 0), id);
        }
        assertEquals(0, skipped, "cublas is not in gpu-opencl's default impls");
        assertTrue(results.getLast().ok(), "the run goes on after the failed allocation");
    }
}
