package dev.panbench.harness.stats;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The steadiness verdict on synthetic iteration series whose shape is known: flat, falling, stepping, bimodal. */
class SteadyStateTest {

    private static List<Double> series(long seed, double noise, double... levels) {
        Random r = new Random(seed);
        List<Double> out = new ArrayList<>();
        for (double level : levels) {
            out.add(level * (1 + noise * r.nextGaussian()));
        }
        return out;
    }

    private static SteadyState.Verdict verdict(List<Double> fork) {
        return SteadyState.of(List.of(fork));
    }

    @Test
    void flatSeriesIsSteady() {
        SteadyState.Verdict v = verdict(series(1, 0.02, 100, 100, 100, 100, 100));
        assertEquals(Boolean.TRUE, v.steady(), v.reason());
        assertNull(v.reason());
        assertEquals(Boolean.TRUE, verdict(series(2, 0.02, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100))
                .steady());
    }

    @Test
    void fallingSeriesIsUnsteadyWithItsTrend() {
        SteadyState.Verdict v = verdict(series(3, 0.01, 300, 240, 190, 150, 120));
        assertEquals(Boolean.FALSE, v.steady());
        assertTrue(v.reason().startsWith("falling ") && v.reason().contains("Mann-Kendall p = 0.017"), v.reason());
        SteadyState.Verdict rising = verdict(series(4, 0.01, 100, 104, 108, 112, 116, 120, 124, 128, 132, 136));
        assertEquals(Boolean.FALSE, rising.steady());
        assertTrue(rising.reason().startsWith("rising "), rising.reason());
    }

    @Test
    void steppingSeriesIsUnsteadyAtItsStep() {
        SteadyState.Verdict v = verdict(series(5, 0.01, 300, 300, 60, 60, 60));
        assertEquals(Boolean.FALSE, v.steady());
        assertTrue(v.reason().startsWith("step down by ") && v.reason().endsWith("at iteration 3 of 5"), v.reason());
        SteadyState.Verdict up = verdict(series(6, 0.01, 50, 50, 50, 50, 50, 50, 50, 80, 80, 80));
        assertEquals(Boolean.FALSE, up.steady());
        assertTrue(up.reason().startsWith("step up by 6") && up.reason().endsWith("at iteration 8 of 10"),
                up.reason());
    }

    @Test
    void aWarmupCurveThatFlattensIsUnsteady() {
        // measured on this project's 2-core VM: compiled code arriving during the third iteration
        SteadyState.Verdict v = verdict(List.of(314.0, 242.0, 162.0, 161.0, 169.0));
        assertEquals(Boolean.FALSE, v.steady());
        assertTrue(v.reason().startsWith("step down by ") && v.reason().endsWith("at iteration 3 of 5"), v.reason());
    }

    @Test
    void bimodalSeriesIsUnsteadyWithTwoLevels() {
        SteadyState.Verdict v = verdict(series(7, 0.01, 60, 100, 60, 100, 60, 100, 100, 60, 100, 60));
        assertEquals(Boolean.FALSE, v.steady());
        assertTrue(v.reason().startsWith("two levels ") && v.reason().contains("interleaved"), v.reason());
    }

    @Test
    void oneSlowFirstIterationIsAnOutlierNotALevel() {
        assertEquals(Boolean.TRUE, verdict(List.of(300.0, 60.0, 61.0, 59.0, 60.0)).steady());
    }

    @Test
    void tooFewIterationsAreNotJudged() {
        SteadyState.Verdict v = verdict(List.of(300.0, 200.0, 100.0));
        assertNull(v.steady());
        assertEquals("3 iterations per fork: too few to judge (4 needed)", v.reason());
    }

    @Test
    void anUnsteadyForkMakesTheResultUnsteadyAndIsNamed() {
        SteadyState.Verdict v = SteadyState.of(List.of(series(8, 0.01, 100, 100, 100, 100, 100),
                series(9, 0.01, 300, 240, 190, 150, 120)));
        assertEquals(Boolean.FALSE, v.steady());
        assertTrue(v.reason().startsWith("fork 2: falling"), v.reason());
    }

    @Test
    void noisyFlatSeriesRarelyRaiseAFalseAlarm() {
        Random r = new Random(10);
        int alarms = 0;
        for (int i = 0; i < 2000; i++) {
            if (verdict(series(r.nextLong(), 0.03, 100, 100, 100, 100, 100)).unsteady()) {
                alarms++;
            }
        }
        assertTrue(alarms < 40, alarms + " of 2000 flat series with 3% noise called unsteady");
    }

    @Test
    void mannKendallExactPValuesMatchTheCountOfOrders() {
        // a perfectly ordered series is 2 of n! orders (both directions)
        assertEquals(2.0 / 120, MannKendall.test(new double[]{1, 2, 3, 4, 5}).p(), 1e-12);
        assertEquals(2.0 / 24, MannKendall.test(new double[]{4, 3, 2, 1}).p(), 1e-12);
        assertEquals(10, MannKendall.test(new double[]{1, 2, 3, 4, 5}).s());
        // S = 8 at n = 5: one adjacent swap away from sorted, 4 + 4 of the 120 orders have |S| = 8, 2 have |S| = 10
        assertEquals(10.0 / 120, MannKendall.test(new double[]{2, 1, 3, 4, 5}).p(), 1e-12);
        assertEquals(1.0, MannKendall.test(new double[]{3, 3, 3, 3}).p());
        assertEquals(-2.0, MannKendall.test(new double[]{10, 8, 6, 4}).slope(), 1e-12);
    }
}
