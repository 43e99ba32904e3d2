package dev.panbench.harness.compare;

import dev.panbench.harness.Fixtures;
import dev.panbench.harness.model.ResultId;
import org.junit.jupiter.api.Test;

import java.util.Locale;
import java.util.SplittableRandom;
import java.util.function.DoubleSupplier;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The verdict rule measured on 1,000 seeded simulated comparisons per case: how often it cries wolf on identical
 * distributions, and how often it catches a real 10% slowdown. The rates are printed so they can be reported.
 */
class VerdictRuleSimulationTest {

    private static final int TRIALS = 1000;
    private static final CompareSettings SETTINGS = CompareSettings.DEFAULT;

    private static double rate(long seed, int n, double slowdown, double noise, String unit, Verdict wanted) {
        SplittableRandom rnd = new SplittableRandom(seed);
        int hits = 0;
        for (int t = 0; t < TRIALS; t++) {
            double[] base = sample(rnd, n, 100, noise, unit, 1);
            double[] current = sample(rnd, n, 100, noise, unit, slowdown);
            Change c = Comparisons.ofSamples(ResultId.parse("sim/t" + t), unit, base, current, SETTINGS.threshold(), SETTINGS);
            if (c.verdict() == wanted) {
                hits++;
            }
        }
        double r = hits / (double) TRIALS;
        System.out.printf(Locale.ROOT, "simulation seed=%d n=%d slowdown=%.2f noise=%.0f%% unit=%s: %s in %d of %d"
                + " (%.1f%%)%n", seed, n, slowdown, noise * 100, unit, wanted, hits, TRIALS, 100 * r);
        return r;
    }

    /** Samples of an operation that takes {@code slowdown} times longer; throughput samples are 1/time. */
    private static double[] sample(SplittableRandom rnd, int n, double median, double noise, String unit,
                                   double slowdown) {
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            double time = median * slowdown * (1 + noise * Fixtures.gaussian(rnd));
            v[i] = unit.startsWith("ops/") ? 1e9 / time : time;
        }
        return v;
    }

    @Test
    void sameDistributionIsFlaggedAsRegressedInAtMostOnePercentOfTrials() {
        double r = rate(1, 10, 1.0, 0.03, "ns/op", Verdict.regressed);
        assertTrue(r <= 0.01, "false regressions: " + r);
    }

    @Test
    void tenPercentSlowdownWithThreePercentNoiseIsDetectedInAtLeast95PercentOfTrials() {
        double r = rate(2, 10, 1.10, 0.03, "ns/op", Verdict.regressed);
        assertTrue(r >= 0.95, "detection rate: " + r);
    }

    @Test
    void throughputUnitsAreJudgedTheSameWay() {
        assertTrue(rate(3, 10, 1.0, 0.03, "ops/s", Verdict.regressed) <= 0.01);
        assertTrue(rate(4, 10, 1.10, 0.03, "ops/s", Verdict.regressed) >= 0.95);
        assertTrue(rate(5, 10, 1 / 1.10, 0.03, "ops/s", Verdict.improved) >= 0.95);
    }

    @Test
    void noiseDoesNotTurnIntoRegressionsAtAnyLevel() {
        for (double noise : new double[]{0.01, 0.10, 0.25}) {
            assertTrue(rate(6, 10, 1.0, noise, "ns/op", Verdict.regressed) <= 0.01, "noise " + noise);
        }
        assertTrue(rate(7, 5, 1.0, 0.03, "ns/op", Verdict.regressed) <= 0.01, "five samples a side");
    }

    @Test
    void smallShiftsWithinTheThresholdAreNotRegressions() {
        // a consistent 2% slowdown is real but below the 5% threshold: never a regression
        assertTrue(rate(8, 10, 1.02, 0.01, "ns/op", Verdict.regressed) <= 0.01);
    }

    @Test
    void heavyNoiseMakesARealSlowdownInconclusiveRatherThanUnchanged() {
        double unchanged = rate(9, 10, 1.10, 0.20, "ns/op", Verdict.unchanged);
        assertTrue(unchanged <= 0.01, "a 10% slowdown under 20% noise must not be called unchanged: " + unchanged);
    }

    @Test
    void identicalMachinesWithLittleNoiseAreMostlyUnchanged() {
        double r = rate(10, 10, 1.0, 0.01, "ns/op", Verdict.unchanged);
        assertTrue(r >= 0.95, "unchanged rate: " + r);
    }

    @Test
    void outliersDoNotFakeARegression() {
        SplittableRandom rnd = new SplittableRandom(11);
        int flagged = 0;
        for (int t = 0; t < TRIALS; t++) {
            double[] base = new double[10];
            double[] current = new double[10];
            DoubleSupplier draw = () -> 100 * (1 + 0.03 * Fixtures.gaussian(rnd)) * (rnd.nextDouble() < 0.1 ? 3 : 1);
            for (int i = 0; i < 10; i++) {
                base[i] = draw.getAsDouble();
                current[i] = draw.getAsDouble();
            }
            if (Comparisons.ofSamples(ResultId.parse("sim/o" + t), "ns/op", base, current, 0.05, SETTINGS).verdict()
                    == Verdict.regressed) {
                flagged++;
            }
        }
        System.out.printf(Locale.ROOT, "simulation with 10%% outliers at 3x: regressed in %d of %d%n", flagged, TRIALS);
        assertTrue(flagged <= TRIALS / 100, "false regressions with outliers: " + flagged);
    }
}
