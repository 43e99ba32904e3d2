package dev.panbench.adapters.cpusimd.workloads;

import dev.panbench.adapters.cpusimd.CpuSimdAdapter;
import dev.panbench.adapters.cpusimd.kernels.OptimizerSteps;
import dev.panbench.adapters.cpusimd.kernels.Simd;
import dev.panbench.harness.catalog.Catalog;
import dev.panbench.harness.catalog.SeededInputs;
import dev.panbench.harness.driver.PythonDriver;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.run.measure.BenchmarkRunner;
import dev.panbench.harness.run.measure.ProgressListener;
import dev.panbench.harness.run.plan.PlannedResult;
import dev.panbench.harness.run.plan.RunPlan;
import dev.panbench.harness.run.plan.RunSettings;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.VerificationException;
import dev.panbench.harness.spi.Workload;
import dev.panbench.harness.spi.WorkloadSpec;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.openjdk.jmh.infra.Blackhole;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The optimizer rows ({@code optim/adamw}, {@code optim/sgd-momentum}): the simd and scalar rows pass the catalog's
 * float64 check at sizes that are not multiples of the vector length, keep to their range, and step on from the
 * verified first step when timed; the numpy rows pass the same check through the real runner and driver, and torch
 * rows are skipped with the reason where torch is missing.
 */
class OptimizerRowsTest {

    private static final Blackhole BH = new Blackhole(
            "Today's password is swordfish. I understand instantiating Blackholes directly is dangerous.");

    private static final List<String> ENTRIES = List.of("optim/adamw", "optim/sgd-momentum");

    private static WorkloadSpec spec(String name) {
        return new CpuSimdAdapter().workloads().stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow();
    }

    private static Params params(String size, String impl) {
        return new Params(Map.of("params", size, "dtype", "f32", "impl", impl));
    }

    @TestFactory
    Stream<DynamicTest> simdAndScalarRowsPassTheCatalogCheckAtOddSizes() {
        List<DynamicTest> tests = new ArrayList<>();
        List<String> sizes = List.of("1", Integer.toString(Simd.L - 1), Integer.toString(Simd.L + 1),
                Integer.toString(3 * Simd.L + 5), "1023", "4097", "1000003");
        for (String name : ENTRIES) {
            for (String impl : List.of("simd", "scalar")) {
                for (String size : sizes) {
                    Params p = params(size, impl);
                    tests.add(DynamicTest.dynamicTest(name + "[" + p.render() + "]", () -> {
                        try (Workload w = spec(name).factory().get()) {
                            w.setup(p);
                            w.verify();
                        }
                    }));
                }
            }
        }
        return tests.stream();
    }

    @Test
    void timedCallsStepOnFromTheVerifiedFirstStep() throws Throwable {
        for (String name : ENTRIES) {
            try (Workload w = spec(name).factory().get()) {
                w.setup(params("4099", "simd"));
                w.verify();
                w.run(BH);
                // verify steps once more: the third step's state is not the first step's answer
                VerificationException e = assertThrows(VerificationException.class, w::verify, name);
                assertTrue(e.getMessage().startsWith("simd " + name + "[params=4099,dtype=f32] ["), e.getMessage());
            }
        }
    }

    @Test
    void simdKernelsAgreeWithTheirScalarTwinsAndKeepToTheirRange() {
        int n = 5 * Simd.L + 7;
        int lo = 3;
        int hi = n - 2;
        float[] p = SeededInputs.uniform(n, 1, -1f, 1f);
        float[] g = SeededInputs.uniform(n, 2, -0.01f, 0.01f);
        float[] m = SeededInputs.uniform(n, 3, -0.01f, 0.01f);
        float[] v = SeededInputs.uniform(n, 4, 1e-6f, 1e-4f);
        OptimizerSteps.AdamW adamW = OptimizerSteps.AdamW.of(Catalog.OPTIM_ADAMW.settings());
        float[][] simd = {p.clone(), m.clone(), v.clone()};
        float[][] scalar = {p.clone(), m.clone(), v.clone()};
        OptimizerSteps.adamWSimd(adamW, simd[0], g, simd[1], simd[2], lo, hi);
        OptimizerSteps.adamWScalar(adamW, scalar[0], g, scalar[1], scalar[2], lo, hi);
        float[][] before = {p, m, v};
        for (int r = 0; r < 3; r++) {
            for (int i = 0; i < n; i++) {
                if (i < lo || i >= hi) {
                    assertEquals(before[r][i], simd[r][i], "outside the range, row " + r + " [" + i + "]");
                } else {
                    assertEquals(scalar[r][i], simd[r][i], near(before[r][i], scalar[r][i]),
                            "row " + r + " [" + i + "]");
                }
            }
            assertTrue(simd[r][lo] != before[r][lo] && simd[r][hi - 1] != before[r][hi - 1], "row " + r + " stepped");
        }
        OptimizerSteps.SgdMomentum sgd = OptimizerSteps.SgdMomentum.of(Catalog.OPTIM_SGD_MOMENTUM.settings());
        float[] ps = p.clone(), bs = m.clone(), pv = p.clone(), bv = m.clone();
        OptimizerSteps.sgdMomentumSimd(sgd, pv, g, bv, lo, hi);
        OptimizerSteps.sgdMomentumScalar(sgd, ps, g, bs, lo, hi);
        for (int i = 0; i < n; i++) {
            assertEquals(ps[i], pv[i], near(p[i], ps[i]), "p [" + i + "]");
            assertEquals(bs[i], bv[i], near(m[i], bs[i]), "buf [" + i + "]");
        }
        assertArrayEquals(new float[]{p[0], p[1], p[2]}, new float[]{pv[0], pv[1], pv[2]}, "below lo untouched");
    }

    /**
     * How far a fused evaluation may land from the unfused one: a few roundings of the value before and after (an
     * FMA rounds once where the plain loop rounds twice, which shows where the terms cancel), and of the gradient.
     */
    private static double near(float before, float after) {
        return 1e-6 * (Math.abs(before) + Math.abs(after)) + 1e-8;
    }

    @Test
    void numpyRowsPassTheCatalogCheckThroughTheRealRunnerAndTorchIsSkippedWhereMissing() throws Exception {
        List<PlannedResult> plan = RunPlan.expand(List.of(new CpuSimdAdapter()), Map.of("params", List.of("4097")),
                Pattern.compile("^cpu-simd/optim/.*impl=(numpy|torch)"), null);
        assertEquals(4, plan.size(), "numpy and torch rows of both entries");
        Path logs = Files.createDirectories(Path.of("target", "optimizer-rows"));
        List<BenchResult> results = new BenchmarkRunner(RunSettings.QUICK.toBuilder().warmupIterations(1)
                .warmupTime("10ms").iterations(2).measurementTime("10ms").adaptiveWarmup("0s").build(), logs)
                .run(plan, ProgressListener.NONE);
        for (BenchResult r : results) {
            String impl = r.params().get("impl");
            var missing = PythonDriver.importable(impl);
            if (missing.isPresent()) {
                assertEquals(BenchResult.Status.skipped, r.status(), r.id().toString());
                assertTrue(r.error().contains(impl), r.id() + " says " + impl + " is missing: " + r.error());
                continue;
            }
            assertEquals(BenchResult.Status.ok, r.status(), () -> r.id() + ": " + r.error());
            assertEquals(2, r.samples().size(), r.id() + " timed after its first step passed the check");
            assertTrue(r.stats().median() > 0, r.id().toString());
        }
    }
}
