package dev.panbench.harness.stats;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The states a history's forks land in, on synthetic runs of two forks of five iterations. */
class ForkModesTest {

    private static double gaussian(SplittableRandom rnd) {
        return Math.sqrt(-2 * Math.log(1 - rnd.nextDouble())) * Math.cos(2 * Math.PI * rnd.nextDouble());
    }

    private static double[] fork(SplittableRandom rnd, double level) {
        double f = Math.exp(0.003 * gaussian(rnd));
        double[] s = new double[5];
        for (int i = 0; i < s.length; i++) {
            s[i] = level * f * Math.exp(0.003 * gaussian(rnd));
        }
        return s;
    }

    private static double[][] run(SplittableRandom rnd, double... levels) {
        double[][] r = new double[levels.length][];
        for (int i = 0; i < levels.length; i++) {
            r[i] = fork(rnd, levels[i]);
        }
        return r;
    }

    @Test
    void forksThatLandInTwoStatesAcrossRunsMakeTwoModes() {
        SplittableRandom rnd = new SplittableRandom(1);
        ForkModes.Fit fit = ForkModes.fit(List.of(run(rnd, 40.6, 48.5), run(rnd, 40.6, 40.6),
                run(rnd, 48.5, 40.6), run(rnd, 40.6, 40.6), run(rnd, 40.6, 48.5)), 0.05);
        assertEquals(2, fit.modes().size());
        assertEquals(40.6, Math.exp(fit.modes().get(0).center()), 0.3);
        assertEquals(7, fit.modes().get(0).forks());
        assertEquals(48.5, Math.exp(fit.modes().get(1).center()), 0.3);
        assertEquals(3, fit.modes().get(1).forks());
        assertEquals(3, fit.modes().get(1).runs());
        assertTrue(fit.forkSd() < 0.01, "noise about the modes, not between them: " + fit.forkSd());
        assertEquals(1, fit.nearest(Math.log(47)));
    }

    @Test
    void aStateSeenInOneRunOnlyIsALevelSeenOnceThatDoesNotWidenTheNoise() {
        SplittableRandom rnd = new SplittableRandom(2);
        ForkModes.Fit fit = ForkModes.fit(List.of(run(rnd, 40.6, 48.5), run(rnd, 40.6, 40.6),
                run(rnd, 40.6, 40.6), run(rnd, 40.6, 40.6), run(rnd, 40.6, 40.6)), 0.05);
        assertEquals(2, fit.modes().size());
        assertTrue(fit.modes().get(0).confirmed(), "40.6 ns, seen in five runs");
        assertEquals(9, fit.modes().get(0).forks());
        assertFalse(fit.modes().get(1).confirmed(), "one fork at 48.5 ns is a level seen once, not a mode");
        assertTrue(fit.forkSd() < 0.01, "and does not make the 40.6 ns forks look noisy: " + fit.forkSd());
        assertEquals(0, fit.nearestConfirmed(Math.log(47)), "a fork near it still belongs to the mode seen often");
        assertEquals(1, fit.nearest(Math.log(47)));
    }

    @Test
    void oneWholeRunAtAnotherLevelIsALevelSeenOnce() {
        // four runs at 100 ns and one at 160 ns in both forks: the random-effects model would read this as runs
        // that vary 20%, and no new run at 100 ns could be shown unchanged within 5%
        SplittableRandom rnd = new SplittableRandom(4);
        ForkModes.Fit fit = ForkModes.fit(List.of(run(rnd, 100, 100), run(rnd, 100, 100), run(rnd, 100, 100),
                run(rnd, 100, 100), run(rnd, 160, 160)), 0.05);
        assertEquals(2, fit.modes().size());
        assertTrue(fit.modes().get(0).confirmed());
        assertFalse(fit.modes().get(1).confirmed());
        assertEquals(1, fit.modes().get(1).runs());
        assertTrue(fit.forkSd() < 0.01, "noise of the 100 ns runs: " + fit.forkSd());
    }

    @Test
    void wholeRunsAtTwoLevelsAreRunToRunVariationNotModes() {
        // two runs on a loaded machine, 40% slower in both forks: no JVM of any run landed in the other level
        SplittableRandom rnd = new SplittableRandom(5);
        ForkModes.Fit fit = ForkModes.fit(List.of(run(rnd, 100, 100), run(rnd, 140, 140), run(rnd, 100, 100),
                run(rnd, 140, 140), run(rnd, 100, 100)), 0.05);
        assertEquals(1, fit.modes().size());
        assertTrue(fit.betweenRun() > 0.01, "the level is a run component: " + fit.betweenRun());
    }

    @Test
    void runsWhoseLevelsScatterByLessThanTheThresholdAreOneMode() {
        SplittableRandom rnd = new SplittableRandom(3);
        int split = 0;
        for (int t = 0; t < 200; t++) {
            List<double[][]> runs = new ArrayList<>();
            for (int r = 0; r < 5; r++) {
                double level = 100 * Math.exp(0.01 * gaussian(rnd));
                runs.add(run(rnd, level, level));
            }
            ForkModes.Fit fit = ForkModes.fit(runs, 0.05);
            split += fit.modes().size() > 1 ? 1 : 0;
        }
        assertEquals(0, split, "run-to-run scatter of 1% taken for states");
    }

    @Test
    void splitsRunToRunFromForkToForkVariationAboutTheModes() {
        SplittableRandom rnd = new SplittableRandom(4);
        List<double[][]> runs = new ArrayList<>();
        for (int r = 0; r < 400; r++) {
            double level = Math.exp(0.02 * gaussian(rnd));
            runs.add(run(rnd, 100 * level, 100 * level));
        }
        ForkModes.Fit fit = ForkModes.fit(runs, 0.05);
        assertEquals(1, fit.modes().size());
        assertEquals(0.02, Math.sqrt(fit.betweenRun()), 0.003);
        assertTrue(Math.sqrt(fit.withinRun()) < 0.006, "forks of one run agree: " + Math.sqrt(fit.withinRun()));
    }
}
