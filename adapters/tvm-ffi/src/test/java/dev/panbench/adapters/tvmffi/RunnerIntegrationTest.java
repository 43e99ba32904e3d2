package dev.panbench.adapters.tvmffi;

import dev.panbench.adapters.tvmffi.abi.LibraryLocator;
import dev.panbench.harness.driver.PythonDriver;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.ResultMarks;
import dev.panbench.harness.run.measure.BenchmarkRunner;
import dev.panbench.harness.run.measure.ProgressListener;
import dev.panbench.harness.run.plan.PlannedResult;
import dev.panbench.harness.run.plan.RunPlan;
import dev.panbench.harness.run.plan.RunSettings;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The tvm-ffi rows run through the real JMH runner in forked JVMs, C floor included. */
class RunnerIntegrationTest {

    private static String logs(Path dir) {
        StringBuilder b = new StringBuilder();
        try (var files = Files.list(dir)) {
            for (Path f : files.toList()) {
                b.append("== ").append(f).append('\n').append(Files.readString(f));
            }
        } catch (IOException e) {
            b.append(e);
        }
        return b.toString();
    }

    @Test
    void callNopRowsRunThroughTheRunner(@TempDir Path tmp) {
        Assumptions.assumeTrue(LibraryLocator.locate().isPresent(), LibraryLocator.NOT_FOUND);
        // other suites of the reactor may run JMH at the same time; this test asserts no timing, so sharing is fine
        System.setProperty("jmh.ignoreLock", "true");
        List<PlannedResult> plan = RunPlan.expand(List.of(new TvmFfiAdapter()), Map.of(
                "args", List.of("0")), Pattern.compile("call/nop"), null);
        assertEquals(List.of("tvm-ffi/call/nop[args=0,impl=java]", "tvm-ffi/call/nop[args=0,impl=java-boxed]",
                "tvm-ffi/call/nop[args=0,impl=c-loop]", "tvm-ffi/call/nop[args=0,impl=python]"),
                plan.stream().map(p -> p.id().toString()).toList());
        List<BenchResult> results = new BenchmarkRunner(
                RunSettings.QUICK.toBuilder().measurementTime("50ms").iterations(3).warmupTime("50ms")
                        .adaptiveWarmup("0s").build(), tmp)
                .run(plan, ProgressListener.NONE);
        assertEquals(4, results.size());
        for (BenchResult r : results) {
            boolean python = "python".equals(r.params().get("impl"));
            if (python && PythonDriver.importable("tvm_ffi").isPresent()) {
                assertEquals(BenchResult.Status.skipped, r.status(), r.id().toString());
                continue;
            }
            assertEquals(BenchResult.Status.ok, r.status(), () -> r.id() + ": " + r.error() + "\n" + logs(tmp));
            assertTrue(r.stats().median() > 0, r.id() + " median " + r.stats().median());
            if (python) {
                assertEquals("python time.perf_counter_ns", r.facts().timer());
            } else {
                assertEquals(ResultMarks.JMH, r.facts().timer());
                assertNotNull(r.allocBytesPerOp(), r.id().toString());
            }
        }
    }
}
