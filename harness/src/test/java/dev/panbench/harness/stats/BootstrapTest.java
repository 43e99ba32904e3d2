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

    @Test
    void forkToForkVariationWidensTheIntervalWhereForksAreKnown() {
        // base: two forks at 100; current: one fork at 118 (an unlucky heap layout, say) and one at 100
        double[] base = new double[20];
        double[] current = new double[20];
        java.util.SplittableRandom r = new java.util.SplittableRandom(7);
        for (int i = 0; i < 20; i++) {
            base[i] = 100 * (1 + 0.005 * r.nextGaussian());
            current[i] = (i < 10 ? 118 : 100) * (1 + 0.005 * r.nextGaussian());
        }
        Bootstrap.Interval flat = Bootstrap.ratioOfMedians(base, current, 0.99, 2000, 1);
        Bootstrap.Interval byFork = Bootstrap.ratioOfMedians(split(base), split(current), 0.99, 2000, 1);
        assertTrue(byFork.lower() <= 1.005 && byFork.upper() >= 1.17,
                "forks resampled: the interval spans both fork levels: " + byFork);
        assertTrue(byFork.lower() < flat.lower(), "wider than iterations taken as independent: " + flat + " " + byFork);
        assertEquals(flat.estimate(), byFork.estimate(), 1e-12);
    }

    private static double[][] split(double[] twenty) {
        return new double[][]{java.util.Arrays.copyOfRange(twenty, 0, 10), java.util.Arrays.copyOfRange(twenty, 10, 20)};
    }

    @Test
    void forksOfUnequalLengthAreResampledAsRecorded() {
        // one long fork at 100 and one short fork at 130: resampling forks must reach both levels
        double[][] current = {new double[]{100, 100.1, 99.9, 100, 100.2, 99.8, 100, 100.1}, new double[]{130, 130.2}};
        double[][] base = {new double[]{100, 100.1, 99.9, 100}, new double[]{100, 99.9, 100.1, 100}};
        Bootstrap.Interval ci = Bootstrap.ratioOfMedians(base, current, 0.99, 4000, 5);
        assertEquals(Descriptive.median(Bootstrap.flat(current)) / Descriptive.median(Bootstrap.flat(base)),
                ci.estimate(), 1e-12);
        assertTrue(ci.upper() > 1.2, "a resample made of the short fork twice moves the median to 130: " + ci);
        assertTrue(ci.lower() < 1.01, "one made of the long fork twice stays at 100: " + ci);
        assertEquals(10, Bootstrap.flat(current).length);
    }
}
