package dev.panbench.harness.history;

import dev.panbench.harness.Fixtures;
import dev.panbench.harness.baseline.BaselineHistory;
import dev.panbench.harness.baseline.RunCompaction;
import dev.panbench.harness.env.MachineFingerprint;
import dev.panbench.harness.model.BenchResult;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TrendsTest {

    private static BaselineHistory history(int runs, int stepAt, double step) {
        SplittableRandom rnd = new SplittableRandom(1);
        List<BaselineHistory.Run> out = new ArrayList<>();
        for (int i = 1; i <= runs; i++) {
            double level = i >= stepAt ? 100 * step : 100;
            List<BenchResult> rs = List.of(Fixtures.ok("jvm/a", "ns/op", Fixtures.noisy(rnd, 10, level, 0.005)),
                    Fixtures.ok("jvm/b", "ns/op", Fixtures.noisy(rnd, 10, 50, 0.005)));
            out.add(new BaselineHistory.Run("2026-01-0" + i + "T00:00:00Z", null,
                    Fixtures.file("r" + i, Fixtures.machine("Test CPU"), rs)));
        }
        return new BaselineHistory(BaselineHistory.SCHEMA, "main", 10, out);
    }

    @Test
    void marksTheRunWhereAResultStepsUpAndOnlyThatResult() {
        List<Trend> trends = Trends.of(history(8, 5, 1.2));
        assertEquals(List.of("jvm/a", "jvm/b"), trends.stream().map(Trend::id).toList());
        Trend a = trends.getFirst();
        assertEquals(8, a.points().size());
        assertEquals(1, a.changes().size(), a.changes().toString());
        Trend.Change c = a.changes().getFirst();
        assertEquals(5, c.run());
        assertEquals("abc123", c.commit());
        assertEquals(1.2, c.ratio(), 0.02);
        assertEquals(List.of(), trends.get(1).changes());
        for (Trend.Point p : a.points()) {
            assertTrue(p.lower() <= p.median() && p.median() <= p.upper(), p.toString());
            assertEquals("abc123", p.commit());
        }
        assertTrue(a.bandLower() < a.center() && a.center() < a.bandUpper());
    }

    @Test
    void compactedRunsKeepTheirPointsAndTheStepStaysFound() {
        BaselineHistory h = BaselineHistory.empty("main");
        for (BaselineHistory.Run r : history(9, 5, 1.2).runs()) {
            h = h.appended(r, null);
        }
        BaselineHistory whole = history(9, 5, 1.2);
        for (int i = 0; i < 30; i++) {
            h = h.appended(whole.runs().getLast(), null);
            whole = whole.appended(whole.runs().getLast(), 0);
        }
        assertTrue(h.runs().getFirst().results().results().stream().allMatch(RunCompaction::isCompacted));
        Trend.Point compacted = Trends.of(h).getFirst().points().getFirst();
        Trend.Point full = Trends.of(new BaselineHistory(BaselineHistory.SCHEMA, "main", 0,
                history(9, 5, 1.2).runs())).getFirst().points().getFirst();
        assertEquals(full.median(), compacted.median(), full.median() * 1e-4);
        assertEquals(full.lower(), compacted.lower(), full.lower() * 1e-4);
        assertEquals(full.upper(), compacted.upper(), full.upper() * 1e-4);
        assertEquals(full.n(), compacted.n());
        assertEquals(5, Trends.of(h).getFirst().changes().getFirst().run());
        assertEquals(10, h.resultFiles().size(), "the gate learns from the newest 10 whole runs");
    }

    @Test
    void runsOfAnotherMachineAreAnotherTrend() {
        SplittableRandom rnd = new SplittableRandom(2);
        List<BaselineHistory.Run> runs = new ArrayList<>();
        for (int i = 1; i <= 6; i++) {
            String cpu = i % 2 == 0 ? "CPU A" : "CPU B";
            runs.add(new BaselineHistory.Run("2026-01-0" + i + "T00:00:00Z", null, Fixtures.file("r" + i,
                    Fixtures.machine(cpu), List.of(Fixtures.ok("jvm/a", "ns/op",
                            Fixtures.noisy(rnd, 10, cpu.equals("CPU A") ? 100 : 300, 0.005))))));
        }
        List<Trend> trends = Trends.of(new BaselineHistory(BaselineHistory.SCHEMA, "main", 0, runs));
        assertEquals(2, trends.size());
        assertEquals(MachineFingerprint.of(Fixtures.machine("CPU A")), trends.getFirst().machine(),
                "the latest run's machine first");
        assertEquals(List.of(2, 4, 6), trends.getFirst().points().stream().map(Trend.Point::run).toList());
        assertEquals(List.of(), trends.getFirst().changes(), "two machines are not a change point");
        assertEquals(2, h(runs).resultFiles().size() - 1, "the gate learns from the latest run's machine alone");
    }

    private static BaselineHistory h(List<BaselineHistory.Run> runs) {
        return new BaselineHistory(BaselineHistory.SCHEMA, "main", 0, runs);
    }

    @Test
    void aSingleRunHasPointsButNoBand() {
        Trend a = Trends.of(history(1, 9, 1)).getFirst();
        assertEquals(1, a.points().size());
        assertNull(a.bandLower());
        assertEquals(List.of(), a.changes());
    }

    @Test
    void theMedianIntervalUsesOrderStatistics() {
        double[] x = {10, 1, 9, 2, 8, 3, 7, 4, 6, 5};
        // n = 10 at 95%: ranks 2 and 9 (P(Binomial(10, 1/2) <= 1) = 0.0107 <= 0.025 < P(<= 2) = 0.0547)
        assertArrayEquals(new double[]{2, 9}, Trends.medianInterval(x, 0.95));
        assertArrayEquals(new double[]{1, 3}, Trends.medianInterval(new double[]{3, 1, 2}, 0.95), "too few: the range");
    }
}
