package dev.panbench.harness.run.measure;

import dev.panbench.harness.model.BenchResult.Status;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.SteadyVerdict;
import dev.panbench.harness.run.plan.PlannedResult;
import dev.panbench.harness.run.plan.RunPlan;
import dev.panbench.harness.run.plan.RunSettings;
import dev.panbench.harness.testing.FaultyAdapter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Runs real forked JMH over workloads that fail in known ways: each failure stays with its own result. */
class BenchmarkRunnerTest {

    @Test
    void failuresStayWithTheirResultAndTheRunGoesOn(@TempDir Path dir) {
        RunSettings settings = RunSettings.QUICK.toBuilder().warmupIterations(1).warmupTime("50ms")
                .iterations(3).measurementTime("50ms").build();
        List<PlannedResult> plan = RunPlan.expand(List.of(new FaultyAdapter()), Map.of(), null, null);
        Map<String, BenchResult> byId = new BenchmarkRunner(settings, dir).run(plan, ProgressListener.NONE).stream()
                .collect(Collectors.toMap(r -> r.id().toString(), Function.identity()));

        BenchResult ok = byId.get("faulty/fault/ok[size=8]");
        assertEquals(Status.ok, ok.status(), () -> ok.id() + ": " + ok.error());
        assertEquals(3, ok.samples().size(), "forks x iterations samples");
        assertTrue(ok.stats().median() > 0);
        assertNotNull(ok.throughput().elementsPerSec());
        SteadyVerdict steady = ok.facts().steady();
        assertNotNull(steady, "every measured result records whether it was steady");
        assertTrue(steady.method().startsWith("Mann-Kendall"), steady.toString());
        assertNotEquals(Boolean.TRUE, steady.steady(), "3 iterations are too few to call steady: " + steady);
        assertEquals(1, steady.warmup().size(), "the quick profile's adaptive warm-up, per fork");
        assertTrue(steady.warmup().getFirst().get("jitQuiet") instanceof Map<?, ?> quiet
                && quiet.get("settled") instanceof Boolean, "and its wait for the JIT before measuring: " + steady);

        BenchResult wrong = byId.get("faulty/fault/wrong-answer");
        assertEquals(Status.failed, wrong.status(), () -> wrong.id() + ": " + wrong.error());
        assertTrue(wrong.error().startsWith("verification failed: 1 + 1: expected 2.0 but got 3.0"), wrong.error());
        assertTrue(wrong.samples().isEmpty(), "a wrong answer is never timed");

        BenchResult crash = byId.get("faulty/fault/crash");
        assertEquals(Status.failed, crash.status(), () -> crash.id() + ": " + crash.error());
        assertTrue(crash.error().contains("exit code 139") && crash.error().contains("signal 11"), crash.error());

        BenchResult skip = byId.get("faulty/fault/skip-in-setup");
        assertEquals(Status.skipped, skip.status(), () -> skip.id() + ": " + skip.error());
        assertEquals("peer library missing in the fork", skip.error());

        BenchResult declared = byId.get("faulty/fault/declared-unavailable");
        assertEquals(Status.skipped, declared.status(), () -> declared.id() + ": " + declared.error());
        assertEquals("needs a library this machine lacks", declared.error());
        assertNull(declared.stats());

        BenchResult after = byId.get("faulty/fault/ok[size=16]");
        assertEquals(Status.ok, after.status(), () -> "the run went on after the crash: " + after.error());
    }
}
