package dev.panbench.harness.stats;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The run-level model on synthetic runs whose run-to-run component is known. */
class RunToRunTest {

    static final int FORKS = 2;
    static final int ITERATIONS = 5;

    /**
     * One run: every sample shares the run's own factor exp(N(0, runSd)), each fork its own exp(N(0, forkSd)), each
     * iteration exp(N(0, iterSd)).
     */
    static double[] run(SplittableRandom rnd, double median, double runSd, double forkSd, double iterSd) {
        double runFactor = Math.exp(runSd * gaussian(rnd));
        double[] s = new double[FORKS * ITERATIONS];
        for (int f = 0; f < FORKS; f++) {
            double forkFactor = Math.exp(forkSd * gaussian(rnd));
            for (int i = 0; i < ITERATIONS; i++) {
                s[f * ITERATIONS + i] = median * runFactor * forkFactor * Math.exp(iterSd * gaussian(rnd));
            }
        }
        return s;
    }

    static List<double[]> runs(SplittableRandom rnd, int r, double runSd, double forkSd, double iterSd) {
        List<double[]> out = new ArrayList<>();
        for (int i = 0; i < r; i++) {
            out.add(run(rnd, 100, runSd, forkSd, iterSd));
        }
        return out;
    }

    /** Consecutive blocks of {@code block} samples as forks (a sample shorter than a block is one fork). */
    static double[][] split(double[] x, int block) {
        int forks = Math.max(1, x.length / block);
        double[][] out = new double[forks][];
        for (int f = 0; f < forks; f++) {
            out[f] = java.util.Arrays.copyOfRange(x, f * block, f == forks - 1 ? x.length : (f + 1) * block);
        }
        return out;
    }

    static List<double[][]> split(List<double[]> runs) {
        return runs.stream().map(x -> split(x, ITERATIONS)).toList();
    }

    static double gaussian(SplittableRandom rnd) {
        return Math.sqrt(-2 * Math.log(1 - rnd.nextDouble())) * Math.cos(2 * Math.PI * rnd.nextDouble());
    }

    @Test
    void recoversAKnownRunComponentAboveForksAndIterations() {
        SplittableRandom rnd = new SplittableRandom(7);
        RunToRun.Estimate e = RunToRun.estimate(split(runs(rnd, 400, 0.05, 0.01, 0.01)));
        assertEquals(0.05, e.runComponent(), 0.006, "run component");
        // a run's median from 2 forks: fork sd 1% plus the median of 5 iterations at 1%, over 2 forks
        assertTrue(e.withinSd() > 0.004 && e.withinSd() < 0.012, "within-run part " + e.withinSd());
        assertEquals(Math.sqrt(0.05 * 0.05 + e.withinSd() * e.withinSd()), e.runSd(), 0.006);
        assertEquals(Math.log(100), e.center(), 0.01);
    }

    @Test
    void findsNoRunComponentWhereRunsDifferOnlyByTheirForksAndIterations() {
        SplittableRandom rnd = new SplittableRandom(11);
        RunToRun.Estimate e = RunToRun.estimate(split(runs(rnd, 400, 0, 0.02, 0.01)));
        assertTrue(e.runComponent() < 0.005, "run component " + e.runComponent());
        assertEquals(e.runSd(), e.withinSd(), 0.004, "all of the spread is explained inside runs");
    }

    @Test
    void aNewRunOfTheSameCodeFallsOutsideThe99PercentIntervalAboutOnceInAHundred() {
        SplittableRandom rnd = new SplittableRandom(3);
        int trials = 4000;
        int outside = 0;
        for (int t = 0; t < trials; t++) {
            RunToRun.Estimate e = RunToRun.estimate(split(runs(rnd, 5, 0.04, 0.01, 0.01)));
            if (RunToRun.predict(e, split(run(rnd, 100, 0.04, 0.01, 0.01), ITERATIONS), 0.99).outside()) {
                outside++;
            }
        }
        double rate = outside / (double) trials;
        assertTrue(rate > 0.003 && rate < 0.02, "false-alarm rate " + rate);
    }

    @Test
    void aTenPercentSlowerRunStandsOutOfQuietHistories() {
        SplittableRandom rnd = new SplittableRandom(5);
        int caught = 0;
        for (int t = 0; t < 500; t++) {
            RunToRun.Estimate e = RunToRun.estimate(split(runs(rnd, 5, 0.005, 0.005, 0.005)));
            RunToRun.Prediction p = RunToRun.predict(e, split(run(rnd, 110, 0.005, 0.005, 0.005), ITERATIONS), 0.99);
            if (p.outside() && p.shift() > 0) {
                caught++;
            }
        }
        assertTrue(caught > 480, "caught " + caught + " of 500");
    }

    @Test
    void theUnchangedIntervalIsTheTwoOneSidedTestsOneAtTheSameLevel() {
        SplittableRandom rnd = new SplittableRandom(12);
        RunToRun.Estimate e = RunToRun.estimate(split(runs(rnd, 5, 0.01, 0.005, 0.005)));
        RunToRun.Prediction p = RunToRun.predict(e, split(run(rnd, 100, 0.01, 0.005, 0.005), ITERATIONS), 0.99);
        // t(4, 0.99) / t(4, 0.995) = 3.7469 / 4.6041 (R's qt)
        assertEquals(3.7469 / 4.6041, p.equivalenceHalfWidth() / p.halfWidth(), 1e-4);
    }

    @Test
    void aNewRunWithFewerForksWidensTheInterval() {
        SplittableRandom rnd = new SplittableRandom(9);
        RunToRun.Estimate e = RunToRun.estimate(split(runs(rnd, 6, 0.01, 0.03, 0.01)));
        double[] twoForks = run(rnd, 100, 0.01, 0.03, 0.01);
        double[] oneFork = java.util.Arrays.copyOf(twoForks, ITERATIONS);
        assertTrue(RunToRun.predict(e, split(oneFork, ITERATIONS), 0.99).halfWidth()
                > RunToRun.predict(e, split(twoForks, ITERATIONS), 0.99).halfWidth());
    }

    @Test
    void identicalRunsLeaveNoRoom() {
        double[] r = {10, 10, 10, 10};
        RunToRun.Estimate e = RunToRun.estimate(List.of(split(r, 4), split(r, 4), split(r, 4)));
        assertEquals(0, e.runSd());
        assertEquals(1, RunToRun.predict(e, split(r, 4), 0.99).pValue());
        assertEquals(0, RunToRun.predict(e, split(new double[]{11, 11, 11, 11}, 4), 0.99).pValue());
    }
}
