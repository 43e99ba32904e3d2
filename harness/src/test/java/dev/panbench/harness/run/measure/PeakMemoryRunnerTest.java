package dev.panbench.harness.run.measure;

import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.run.plan.PlannedResult;
import dev.panbench.harness.run.plan.RunPlan;
import dev.panbench.harness.run.plan.RunSettings;
import dev.panbench.harness.testing.MemoryAdapter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Peak memory through real forked JMH: a workload holding 256 MiB more peaks at least 256 MB higher. */
class PeakMemoryRunnerTest {

    @Test
    void aWorkloadHolding256MibMorePeaksAtLeast256MbHigher(@TempDir Path dir) {
        assumeTrue(Files.isReadable(Path.of("/proc/self/status")), "peak memory is read from /proc (Linux)");
        RunSettings settings = RunSettings.QUICK.toBuilder().forks(2).warmupIterations(1).warmupTime("20ms")
                .iterations(2).measurementTime("20ms").adaptiveWarmup("0s").build();
        List<PlannedResult> plan = RunPlan.expand(List.of(new MemoryAdapter()), Map.of(), null, null);
        Map<String, BenchResult> byId = new BenchmarkRunner(settings, dir).run(plan, ProgressListener.NONE).stream()
                .collect(Collectors.toMap(r -> r.id().toString(), Function.identity()));
        BenchResult small = byId.get("memory/memory/hold[mb=0]");
        BenchResult large = byId.get("memory/memory/hold[mb=256]");
        assertTrue(small.ok() && large.ok(), small.error() + " / " + large.error());
        Long smallPeak = small.facts().peakMemoryBytes();
        Long largePeak = large.facts().peakMemoryBytes();
        assertNotNull(smallPeak, small.facts().toString());
        assertNotNull(largePeak, large.facts().toString());
        assertTrue(largePeak - smallPeak >= 256_000_000L,
                "peaks " + smallPeak + " and " + largePeak + " bytes differ by less than 256 MB");
        assertEquals(2, large.facts().peakMemory().byFork().size(), "one peak per fork");
    }
}
