package dev.panbench.adapters.gpu;

import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.run.measure.BenchmarkRunner;
import dev.panbench.harness.run.measure.ProgressListener;
import dev.panbench.harness.run.plan.PlannedResult;
import dev.panbench.harness.run.plan.RunPlan;
import dev.panbench.harness.run.plan.RunSettings;
import dev.panbench.harness.spi.Adapter;
import dev.panbench.harness.spi.WorkloadSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

class GpuCudaAdapterTest {

    @Test
    void bothGpuAdaptersAreFoundByTheServiceLoader() {
        List<String> types = ServiceLoader.load(Adapter.class).stream().map(p -> p.type().getName()).toList();
        assertTrue(types.contains(GpuOpenClAdapter.class.getName()) && types.contains(GpuCudaAdapter.class.getName()),
                types.toString());
    }

    @Test
    void bothAdaptersDeclareTheSameWorkloadsAndParameters() {
        List<WorkloadSpec> cl = new GpuOpenClAdapter().workloads();
        List<WorkloadSpec> cu = new GpuCudaAdapter().workloads();
        assertEquals(cl.stream().map(WorkloadSpec::name).toList(), cu.stream().map(WorkloadSpec::name).toList());
        for (int i = 0; i < cl.size(); i++) {
            assertEquals(cl.get(i).params().stream().map(p -> p.name()).toList(),
                    cu.get(i).params().stream().map(p -> p.name()).toList(), cl.get(i).name());
        }
        assertTrue(cu.stream().filter(s -> s.name().equals("gemm/sgemm")).findFirst().orElseThrow()
                .param("impl").defaults().contains("cublas"));
    }

    /** Without an NVIDIA driver (CI): unavailable with the reason, every row skipped with it, nothing forked. */
    @Test
    void withoutADriverEveryRowIsSkippedWithTheReason(@TempDir Path tmp) {
        GpuCudaAdapter adapter = new GpuCudaAdapter();
        assumeFalse(adapter.probe().available(), "a CUDA device is present; the workload tests cover it");
        String reason = adapter.probe().reason();
        System.out.println("gpu-cuda: " + reason);
        assertTrue(reason.contains("not found") || reason.contains("CUDA"), reason);
        assertEquals(Map.of("missing", reason), adapter.environment());
        List<PlannedResult> plan = RunPlan.expand(List.of(adapter), Map.of(), null, null);
        assertTrue(plan.size() >= 11, "the whole suite is planned: " + plan.size());
        List<BenchResult> results = new BenchmarkRunner(RunSettings.QUICK, tmp).run(plan, ProgressListener.NONE);
        for (BenchResult r : results) {
            assertEquals(BenchResult.Status.skipped, r.status(), r.id().toString());
            assertEquals(reason, r.error(), r.id().toString());
        }
    }
}
