package dev.panbench.harness.stats;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BootstrapTest {

    private static final double[] BASE = {100, 101, 99, 102, 98, 100.5, 99.5, 101.5, 98.5, 100};

    @Test
    void sameSeedGivesTheSameInterval() {
        double[] cur = scale(BASE, 1.1);
        var a = Bootstrap.ratioOfMedians(BASE, cur, 0.99, 2000, 42);
        var b = Bootstrap.ratioOfMedians(BASE, cur, 0.99, 2000, 42);
        assertEquals(a, b);
    }

    @Test
    void estimateIsTheRatioOfMediansAndTheIntervalCoversIt() {
        double[] cur = scale(BASE, 1.1);
        var ci = Bootstrap.ratioOfMedians(BASE, cur, 0.99, 2000, 1);
        assertEquals(Descriptive.median(cur) / Descriptive.median(BASE), ci.estimate(), 1e-12);
        assertEquals(1.1, ci.estimate(), 1e-12);
        assertTrue(ci.lower() <= ci.estimate() && ci.estimate() <= ci.upper(), ci.toString());
        assertTrue(ci.lower() > 1.05 && ci.upper() < 1.15, "a clean 10% shift is well separated: " + ci);
    }

    @Test
    void constantSamplesGiveADegenerateInterval() {
        var ci = Bootstrap.ratioOfMedians(new double[]{2, 2, 2}, new double[]{3, 3, 3}, 0.95, 500, 3);
        assertEquals(1.5, ci.lower(), 1e-12);
        assertEquals(1.5, ci.upper(), 1e-12);
    }

    @Test
    void widerConfidenceGivesAWiderInterval() {
        double[] cur = scale(BASE, 1.02);
        var ci90 = Bootstrap.ratioOfMedians(BASE, cur, 0.90, 4000, 9);
        var ci99 = Bootstrap.ratioOfMedians(BASE, cur, 0.99, 4000, 9);
        assertTrue(ci99.lower() <= ci90.lower() && ci99.upper() >= ci90.upper(), ci90 + " within " + ci99);
    }

    private static double[] scale(double[] v, double f) {
        double[] o = v.clone();
        for (int i = 0; i < o.length; i++) {
            o[i] *= f;
        }
        return o;
    }
}
