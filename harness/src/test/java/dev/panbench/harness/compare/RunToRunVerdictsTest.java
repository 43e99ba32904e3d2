package dev.panbench.harness.compare;

import dev.panbench.harness.Fixtures;
import dev.panbench.harness.baseline.BaselineHistory;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.ResultFile;
import dev.panbench.harness.model.ResultId;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Verdicts against a history, on synthetic runs with a known run-to-run component (two forks of five iterations). */
class RunToRunVerdictsTest {

    private static final CompareSettings SETTINGS = CompareSettings.DEFAULT.withThreshold(0.05);
    private static final int BLOCK = 5;

    private static double[] run(SplittableRandom rnd, double median, double runSd) {
        double runFactor = Math.exp(runSd * Fixtures.gaussian(rnd));
        double[] s = new double[2 * BLOCK];
        for (int f = 0; f < 2; f++) {
            double forkFactor = Math.exp(0.005 * Fixtures.gaussian(rnd));
            for (int i = 0; i < BLOCK; i++) {
                s[f * BLOCK + i] = median * runFactor * forkFactor * Math.exp(0.005 * Fixtures.gaussian(rnd));
            }
        }
        return s;
    }

    private static Change judge(List<double[]> history, double[] current) {
        Change pairwise = Comparisons.ofForks(ResultId.parse("jvm/x"), "ns/op", split(history.getLast()),
                split(current), 0.05, SETTINGS);
        return RunToRunVerdicts.judgeOne(pairwise, history.stream().map(RunToRunVerdictsTest::split).toList(),
                split(current), SETTINGS);
    }

    /** A run's samples as its two forks of {@code BLOCK} iterations. */
    private static double[][] split(double[] run) {
        return new double[][]{Arrays.copyOfRange(run, 0, BLOCK), Arrays.copyOfRange(run, BLOCK, run.length)};
    }

    private static List<double[]> history(SplittableRandom rnd, double runSd) {
        List<double[]> h = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            h.add(run(rnd, 100, runSd));
        }
        return h;
    }

    @Test
    void runToRunNoiseThatFailsPairwiseComparisonsDoesNotFailTheHistoryGate() {
        // each run is tight inside (0.5%) but whole runs move 3%: what one run's samples cannot see
        SplittableRandom rnd = new SplittableRandom(1);
        int pairwiseRegressed = 0;
        int historyRegressed = 0;
        int trials = 400;
        for (int t = 0; t < trials; t++) {
            List<double[]> h = history(rnd, 0.03);
            double[] current = run(rnd, 100, 0.03);
            if (Comparisons.ofForks(ResultId.parse("jvm/x"), "ns/op", split(h.getLast()), split(current), 0.05,
                    SETTINGS).verdict()
                    == Verdict.regressed) {
                pairwiseRegressed++;
            }
            if (judge(h, current).verdict() == Verdict.regressed) {
                historyRegressed++;
            }
        }
        assertTrue(pairwiseRegressed > 20, "pairwise false alarms " + pairwiseRegressed + " of " + trials);
        assertTrue(historyRegressed <= 8, "history false alarms " + historyRegressed + " of " + trials);
    }

    @Test
    void aRealTenPercentSlowdownOfAQuietResultRegresses() {
        SplittableRandom rnd = new SplittableRandom(2);
        int caught = 0;
        int holdsTheSlowdown = 0;
        for (int t = 0; t < 200; t++) {
            Change c = judge(history(rnd, 0.005), run(rnd, 110, 0.005));
            if (c.verdict() != Verdict.regressed) {
                continue;
            }
            caught++;
            assertTrue(c.note().startsWith("outside run-to-run variation"), c.note());
            assertTrue(c.ciLower() > 1, "the interval excludes no change: " + c.ciLower());
            if (c.ciLower() <= 1.10 && 1.10 <= c.ciUpper()) {
                holdsTheSlowdown++;
            }
        }
        assertTrue(caught >= 195, "caught " + caught + " of 200");
        // a 99% interval about a ratio that moves 0.7% from run to run: the 10% it was given in nearly every trial
        assertTrue(holdsTheSlowdown >= 0.95 * caught, "the interval holds +10% in " + holdsTheSlowdown + " of "
                + caught);
    }

    @Test
    void aResultThatMovesMoreThanTheThresholdFromRunToRunIsInconclusiveAndSaysWhy() {
        SplittableRandom rnd = new SplittableRandom(3);
        Change c = judge(history(rnd, 0.10), run(rnd, 100, 0.10));
        assertEquals(Verdict.inconclusive, c.verdict());
        assertTrue(c.note().startsWith("unstable from run to run: runs of the baseline vary"), c.note());
        assertTrue(c.ciUpper() / c.ratio() > 1.05, "the interval holds the run-to-run variation");
    }

    @Test
    void aQuietUnchangedResultIsUnchanged() {
        SplittableRandom rnd = new SplittableRandom(4);
        Change c = judge(history(rnd, 0.003), run(rnd, 100, 0.003));
        assertEquals(Verdict.unchanged, c.verdict(), c.toString());
        assertEquals(50, c.baseN(), "every sample of the five runs");
    }

    @Test
    void aChangeOfExactlyTheThresholdIsAlmostNeverCalledUnchanged() {
        // two one-sided tests at alpha = 5% (ModalRunToRun.EQUIVALENCE_ALPHA): a true +5% change may pass for
        // unchanged in about 5% of runs; 7.2% with this seed, the Satterthwaite degrees of freedom being approximate
        SplittableRandom rnd = new SplittableRandom(6);
        int unchanged = 0;
        int trials = 1000;
        for (int t = 0; t < trials; t++) {
            if (judge(history(rnd, 0.01), run(rnd, 105, 0.01)).verdict() == Verdict.unchanged) {
                unchanged++;
            }
        }
        assertTrue(unchanged <= 80, "a +5% change called unchanged " + unchanged + " of " + trials);
    }

    @Test
    void unchangedIsJudgedByTwoOneSidedTestsNotByTheRegressionInterval() {
        // runs that vary 1%: the 99% band of a new run is wider than 5% with five runs, the 98% one is not
        SplittableRandom rnd = new SplittableRandom(7);
        int unchanged = 0;
        int regressed = 0;
        int trials = 400;
        for (int t = 0; t < trials; t++) {
            Change c = judge(history(rnd, 0.006), run(rnd, 100, 0.006));
            if (c.verdict() == Verdict.unchanged) {
                unchanged++;
            }
            if (c.verdict() == Verdict.regressed) {
                regressed++;
            }
        }
        assertTrue(unchanged >= 0.8 * trials, "A/A unchanged " + unchanged + " of " + trials);
        assertTrue(regressed <= 4, "A/A regressed " + regressed + " of " + trials);
    }

    /** One run of two forks whose JVMs landed at these levels (0.3% fork and iteration noise). */
    private static double[] forksAt(SplittableRandom rnd, double first, double second) {
        double[] s = new double[2 * BLOCK];
        double[] level = {first, second};
        for (int f = 0; f < 2; f++) {
            double forkFactor = Math.exp(0.003 * Fixtures.gaussian(rnd));
            for (int i = 0; i < BLOCK; i++) {
                s[f * BLOCK + i] = level[f] * forkFactor * Math.exp(0.003 * Fixtures.gaussian(rnd));
            }
        }
        return s;
    }

    /** Five runs whose every fork landed at the same level. */
    private static List<double[]> oneLevel(SplittableRandom rnd, double level) {
        List<double[]> h = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            h.add(forksAt(rnd, level, level));
        }
        return h;
    }

    /** Five runs of a result whose forks land at 40.6 ns or 48.5 ns, the levels array/copy[size=1024] shows. */
    private static List<double[]> bimodal(SplittableRandom rnd) {
        return List.of(forksAt(rnd, 40.6, 48.5), forksAt(rnd, 40.6, 40.6), forksAt(rnd, 48.5, 40.6),
                forksAt(rnd, 40.6, 40.6), forksAt(rnd, 40.6, 48.5));
    }

    @Test
    void aNewRunInTheOtherModeTheHistorySawIsNotRegressed() {
        SplittableRandom rnd = new SplittableRandom(8);
        for (int t = 0; t < 50; t++) {
            Change c = judge(bimodal(rnd), forksAt(rnd, 48.5, 48.5));
            assertEquals(Verdict.unchanged, c.verdict(), c.toString());
            assertEquals(48.5, c.baseMedian(), 0.5, "measured from the mode it lies in");
            assertTrue(c.note().contains("; 2 modes: "), c.note());
        }
    }

    @Test
    void aNewRunSlowerThanEveryModeByMoreThanTheThresholdRegresses() {
        SplittableRandom rnd = new SplittableRandom(9);
        for (int t = 0; t < 50; t++) {
            Change c = judge(bimodal(rnd), forksAt(rnd, 48.5 * 1.10, 48.5 * 1.10));
            assertEquals(Verdict.regressed, c.verdict(), c.toString());
            assertEquals(0.10, c.change(), 0.02, "measured from the slower mode");
            assertTrue(c.note().startsWith("beyond every mode the history saw"), c.note());
        }
    }

    @Test
    void aRunWithAForkBetweenTheModesIsInconclusiveNotUnchanged() {
        // the fast mode 10% slower lies between the two: no mode explains it, and it is not beyond both
        SplittableRandom rnd = new SplittableRandom(10);
        for (int t = 0; t < 50; t++) {
            Change c = judge(bimodal(rnd), forksAt(rnd, 40.6 * 1.10, 48.5));
            assertEquals(Verdict.inconclusive, c.verdict(), c.toString());
        }
    }

    @Test
    void oneSlowForkOfARunIsNotARegressionWhenTheOtherLiesInASeenMode() {
        SplittableRandom rnd = new SplittableRandom(11);
        Change c = judge(bimodal(rnd), forksAt(rnd, 40.6, 48.5 * 1.3));
        assertTrue(c.verdict() != Verdict.regressed, c.toString());
    }

    @Test
    void aStateTheHistoryNeverSawIsStillARegression() {
        // every history fork at 2.01 ns, the new run's at 3.08: nothing in the history tells this from a slowdown
        SplittableRandom rnd = new SplittableRandom(12);
        List<double[]> h = oneLevel(rnd, 2.01);
        assertEquals(Verdict.regressed, judge(h, forksAt(rnd, 3.08, 3.08)).verdict());
    }

    @Test
    void aChangeSmallerThanTheDispatchFloorIsNotRegressed() {
        // +20% of 0.6 ns is 0.12 ns, less than what one call through the dispatch costs
        SplittableRandom rnd = new SplittableRandom(13);
        List<double[]> h = oneLevel(rnd, 0.6);
        Change c = judge(h, forksAt(rnd, 0.72, 0.72));
        assertEquals(Verdict.inconclusive, c.verdict(), c.toString());
        assertTrue(c.note().contains("ns a timing through the dispatch resolves"), c.note());
        Change noFloor = RunToRunVerdicts.judgeOne(c, h.stream().map(RunToRunVerdictsTest::split).toList(),
                split(forksAt(rnd, 0.72, 0.72)), SETTINGS.withMinEffectNanos(0));
        assertEquals(Verdict.regressed, noFloor.verdict(), noFloor.toString());
    }

    @Test
    void oneWholeRunAtAnotherLevelNeitherHidesAnUnchangedRunNorPassesASlowerOne() {
        // four runs at 100 ns, one at 160 ns in both forks (the machine, or every JVM of that run): a level seen once
        SplittableRandom rnd = new SplittableRandom(14);
        for (int t = 0; t < 50; t++) {
            List<double[]> h = List.of(forksAt(rnd, 100, 100), forksAt(rnd, 100, 100), forksAt(rnd, 160, 160),
                    forksAt(rnd, 100, 100), forksAt(rnd, 100, 100));
            Change same = judge(h, forksAt(rnd, 100, 100));
            assertEquals(Verdict.unchanged, same.verdict(), same.toString());
            Change there = judge(h, forksAt(rnd, 160, 160));
            assertEquals(Verdict.inconclusive, there.verdict(), "a level seen once: no regression, no proof either; "
                    + there);
            Change slower = judge(h, forksAt(rnd, 190, 190));
            assertEquals(Verdict.regressed, slower.verdict(), "slower than anything the history saw: " + slower);
        }
    }

    @Test
    void aTimeBelowTheDispatchFloorIsUnchangedWithinThatFloor() {
        // +4.5% of 0.6 ns is 0.03 ns, measured with 0.3% noise: its interval is shown inside the dispatch floor's 42%
        // (no change below 0.25 ns can be called regressed), and the estimate lies inside the threshold
        SplittableRandom rnd = new SplittableRandom(15);
        List<double[]> h = oneLevel(rnd, 0.6);
        Change c = judge(h, forksAt(rnd, 0.627, 0.627));
        assertEquals(Verdict.unchanged, c.verdict(), c.toString());
        assertTrue(c.note().startsWith("within +-41.7%, the 0.250 ns a timing through the dispatch resolves"),
                c.note());
        Change noFloor = RunToRunVerdicts.judgeOne(c, h.stream().map(RunToRunVerdictsTest::split).toList(),
                split(forksAt(rnd, 0.627, 0.627)), SETTINGS.withMinEffectNanos(0));
        assertTrue(noFloor.verdict() != Verdict.unchanged, "without the floor, +4.5% +- its interval is not shown"
                + " inside 5%: " + noFloor);
    }

    @Test
    void judgesAComparisonAgainstEveryRunAndRecordsTheRunLevel() {
        SplittableRandom rnd = new SplittableRandom(5);
        List<BaselineHistory.Run> runs = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            runs.add(new BaselineHistory.Run("2026-01-0" + (i + 1) + "T00:00:00Z", null, file("r" + i,
                    run(rnd, 100, 0.004), run(rnd, 50, 0.004))));
        }
        BaselineHistory h = new BaselineHistory(BaselineHistory.SCHEMA, "main", 10, runs);
        ResultFile current = file("now", run(rnd, 112, 0.004), run(rnd, 50, 0.004));
        Comparison pairwise = Comparisons.compare(h.latest().results(), "baseline main", current, "now.json", SETTINGS);
        Comparison judged = RunToRunVerdicts.judge(pairwise, h.resultFiles(), current, SETTINGS);
        assertEquals(Verdict.regressed, verdict(judged, "jvm/a"));
        assertEquals(Verdict.unchanged, verdict(judged, "jvm/b"));
        Map<?, ?> block = (Map<?, ?>) judged.extra().get(RunToRunVerdicts.EXTRA_KEY);
        assertEquals(4, block.get("runs"));
        RunToRunVerdicts.RunLevel level = (RunToRunVerdicts.RunLevel) ((Map<?, ?>) block.get("results")).get("jvm/a");
        assertNotNull(level);
        assertEquals(4, level.runs());
        assertTrue(level.band() > 0 && level.band() < 0.10, "band " + level.band());
        assertEquals(1, level.modes().size(), "one state");
        assertEquals(100 * 1.12 / 1.12, level.modes().getFirst().center(), 2);
        assertEquals(pairwise, RunToRunVerdicts.judge(pairwise, new BaselineHistory(BaselineHistory.SCHEMA, "one", 10,
                runs.subList(0, 1)).resultFiles(), current, SETTINGS), "one run: nothing to learn, the pairwise verdicts stand");
    }

    private static Verdict verdict(Comparison c, String id) {
        return c.changes().stream().filter(ch -> ch.id().toString().equals(id)).findFirst().orElseThrow().verdict();
    }

    private static ResultFile file(String runId, double[] a, double[] b) {
        List<BenchResult> rs = List.of(Fixtures.forks("jvm/a", "ns/op", forks(a)), Fixtures.forks("jvm/b", "ns/op", forks(b)));
        return Fixtures.file(runId, Fixtures.machine("Test CPU"), rs);
    }

    private static List<List<Double>> forks(double[] run) {
        return Arrays.stream(split(run)).map(f -> Arrays.stream(f).boxed().toList()).toList();
    }
}
