package dev.panbench.harness.run.measure;

import dev.panbench.harness.driver.PythonDriver;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.ResultId;
import dev.panbench.harness.model.ResultMarks;
import dev.panbench.harness.run.plan.PlannedResult;
import dev.panbench.harness.run.plan.RunSettings;
import dev.panbench.harness.spi.Adapter;
import dev.panbench.harness.spi.Availability;
import dev.panbench.harness.spi.ExternallyTimed;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.VerificationException;
import dev.panbench.harness.spi.Workload;
import dev.panbench.harness.spi.WorkloadSpec;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.infra.Blackhole;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The externally timed path with the real Python driver and numpy: a right answer is timed fork by fork with every
 * iteration kept, a wrong one fails the row before any timing, a framework that cannot be imported skips it.
 */
class DriverRunnerTest {

    private static final RunSettings SETTINGS = RunSettings.QUICK.toBuilder().forks(2).warmupIterations(1)
            .warmupTime("10ms").iterations(3).measurementTime("10ms").build();

    @BeforeAll
    static void needsNumpy() {
        assumeTrue(PythonDriver.importable("numpy").isEmpty(), () -> PythonDriver.importable("numpy").orElse(""));
    }

    /** c = a + b over 1000 floats, checked exactly in Java; {@code op} picks the right, wrong or missing twin. */
    static final class AddInNumpy implements Workload, ExternallyTimed {
        private float[] a;
        private float[] b;
        private PythonDriver.Answer answer;
        private String op;

        @Override
        public void setup(Params params) {
            op = params.get("op");
            a = new float[1000];
            b = new float[1000];
            for (int i = 0; i < a.length; i++) {
                a[i] = i * 0.5f;
                b[i] = 1f / (i + 1);
            }
        }

        @Override
        public void verify() throws VerificationException {
            for (int i = 0; i < a.length; i++) {
                VerificationException.checkEquals("c[" + i + "]", a[i] + b[i], answer.array()[i]);
            }
        }

        @Override
        public void run(Blackhole bh) {
            throw new UnsupportedOperationException("timed by its driver");
        }

        @Override
        public boolean timedExternally(Params params) {
            return true;
        }

        @Override
        public Fork measureFork(ForkPlan plan) throws Exception {
            return PythonDriver.runFork(new PythonDriver.Request(DriverRunnerTest.class, "driver_test_ops.py", op,
                    Map.of(), Map.of("a", a, "b", b), Map.of()), plan, got -> {
                answer = got;
                verify();
            });
        }
    }

    private static BenchResult run(String op, String dir) throws Exception {
        WorkloadSpec spec = WorkloadSpec.builder("driven/add").param("op", op).factory(AddInNumpy::new).build();
        Params params = new Params(Map.of("op", op));
        Adapter adapter = new Adapter() {
            public String id() {
                return "driven";
            }

            public String describe() {
                return "test";
            }

            public Availability probe() {
                return Availability.ok();
            }

            public Map<String, String> environment() {
                return Map.of();
            }

            public List<WorkloadSpec> workloads() {
                return List.of(spec);
            }
        };
        PlannedResult p = new PlannedResult(new ResultId("driven", spec.name(), params), adapter, spec, params,
                Availability.ok());
        Path logs = Files.createDirectories(Path.of("target", dir));
        return new BenchmarkRunner(SETTINGS, logs).run(List.of(p), ProgressListener.NONE).getFirst();
    }

    @Test
    void aRightAnswerIsTimedInEveryForkWithTheDriversClock() throws Exception {
        BenchResult r = run("right", "driver-right");
        assertEquals(BenchResult.Status.ok, r.status(), r.error());
        assertEquals(6, r.samples().size(), "2 forks x 3 iterations, every one kept");
        assertTrue(r.samples().stream().allMatch(s -> s > 0));
        assertEquals("python time.perf_counter_ns", r.facts().timer());
        assertTrue(r.facts().framework().containsKey("numpy"), r.facts().toString());
        assertTrue(Integer.parseInt(r.facts().framework().get("innerLoop")) >= 1);
        assertEquals("ns/op", r.unit());
        assertTrue(r.facts().peakMemoryBytes() > 0, r.facts().toString());
        assertEquals(2, r.facts().peakMemory().byFork().size(), "one peak per fork");
        assertTrue(r.facts().peakMemory().tracemallocBytes() >= 0, r.facts().toString());
        assertFalse(r.facts().framework().containsKey(ResultMarks.PEAK_MEMORY), "memory is a field, not a fact");
        assertNotNull(r.facts().steady(), "framework rows record steadiness too");
    }

    @Test
    void aDriverHolding256MibMorePeaksAtLeast256MbHigher() throws Exception {
        assumeTrue(Files.isReadable(Path.of("/proc/self/status")), "Linux: ru_maxrss is in KiB, VmHWM in /proc");
        long small = run("right", "driver-right-small").facts().peakMemoryBytes();
        long large = run("big", "driver-big").facts().peakMemoryBytes();
        assertTrue(large - small >= 256_000_000L, "peaks " + small + " and " + large + " differ by less than 256 MB");
    }

    @Test
    void aWrongAnswerFailsTheRowAndIsNeverTimed() throws Exception {
        BenchResult r = run("wrong", "driver-wrong");
        assertEquals(BenchResult.Status.failed, r.status());
        assertTrue(r.error().startsWith("verification failed: c[0]"), r.error());
        assertTrue(r.samples().isEmpty());
    }

    @Test
    void aFrameworkThatCannotBeImportedSkipsTheRowWithTheReason() throws Exception {
        BenchResult r = run("missing", "driver-missing");
        assertEquals(BenchResult.Status.skipped, r.status());
        assertTrue(r.error().contains("panbench_no_such_framework is not importable"), r.error());
        assertFalse(r.ok());
    }
}
