package dev.panbench.harness.history;

import dev.panbench.harness.Fixtures;
import dev.panbench.harness.baseline.BaselineHistory;
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
