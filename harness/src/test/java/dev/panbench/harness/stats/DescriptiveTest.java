package dev.panbench.harness.stats;

import dev.panbench.harness.model.SampleStats;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DescriptiveTest {

    @Test
    void summarisesKnownSamples() {
        SampleStats s = SampleStats.of(new double[]{5, 1, 4, 2, 3});
        assertEquals(5, s.n());
        assertEquals(3.0, s.mean(), 1e-12);
        assertEquals(3.0, s.median(), 1e-12);
        assertEquals(Math.sqrt(2.5), s.stddev(), 1e-12);
        assertEquals(1.0, s.min());
        assertEquals(5.0, s.max());
        assertEquals(4.6, s.p90(), 1e-12, "numpy.percentile([1..5], 90)");
        // Cox's interval on the log scale, t(0.995, 4) = 4.604094871 (computed apart, in Python); the t-interval of
        // the values themselves would be [-0.256, 6.256]
        assertEquals(0.7371573087, s.ci99().get(0), 1e-6);
        assertEquals(13.788334502, s.ci99().get(1), 1e-6);
    }

    @Test
    void oneSlowIterationLeavesTheIntervalOfATimePositive() {
        double[] times = {10, 10.2, 9.9, 10.1, 300};
        double mean = Descriptive.mean(times);
        assertTrue(mean - Descriptive.ci99HalfWidth(5, Descriptive.stddev(times, mean)) < 0,
                "the t-interval of these values reaches below zero");
        SampleStats s = SampleStats.of(times);
        assertTrue(s.ci99().get(0) > 0, s.ci99().toString());
        assertEquals(0.47386691705, s.ci99().get(0), 1e-6);
        assertEquals(8328.3035253, s.ci99().get(1), 1e-3);
        assertTrue(s.ci99().get(1) > mean, "the mean lies inside");
    }

    @Test
    void tightTimesGetAboutTheTInterval() {
        SampleStats s = SampleStats.of(new double[]{100, 101, 99, 100.5, 99.5});
        assertEquals(98.385914947, s.ci99().get(0), 1e-6);
        assertEquals(101.64183588, s.ci99().get(1), 1e-6);
        // t-interval: 100 -+ 1.6278; the two differ by 0.02% of the mean
        assertEquals(100 - 1.627793352, s.ci99().get(0), 0.02);
        assertEquals(100 + 1.627793352, s.ci99().get(1), 0.02);
    }

    @Test
    void valuesWithAZeroGetTheTInterval() {
        SampleStats s = SampleStats.of(new double[]{0, 1, 2});
        // t(0.995, 2) = 9.924843201, sd 1
        double half = 9.924843201 / Math.sqrt(3);
        assertEquals(1 - half, s.ci99().get(0), 1e-6);
        assertEquals(1 + half, s.ci99().get(1), 1e-6);
    }

    @Test
    void twoIterationsFarApartGetAFiniteIntervalAboveZero() {
        // an interpreted first iteration and a compiled second: the log-scale upper end would be exp(2000-odd)
        SampleStats s = SampleStats.of(new double[]{40_000, 1.5e9});
        double mean = (40_000 + 1.5e9) / 2;
        // t(0.995, 1) = 63.65674116, sd = (1.5e9 - 40000) / sqrt(2)
        double half = 63.65674116 * ((1.5e9 - 40_000) / Math.sqrt(2)) / Math.sqrt(2);
        assertEquals(0.0, s.ci99().get(0));
        assertEquals(mean + half, s.ci99().get(1), 1e3);
        assertTrue(Double.isFinite(s.ci99().get(1)));
    }

    @Test
    void equalValuesHaveAZeroWidthInterval() {
        SampleStats s = SampleStats.of(new double[]{4, 4, 4});
        assertEquals(List.of(4.0, 4.0), s.ci99());
    }

    @Test
    void oneSampleHasAZeroWidthInterval() {
        SampleStats s = SampleStats.of(new double[]{7});
        assertEquals(0.0, s.stddev());
        assertEquals(7.0, s.ci99().get(0));
        assertEquals(7.0, s.ci99().get(1));
    }

    @Test
    void medianOfEvenCountInterpolates() {
        assertEquals(2.5, Descriptive.median(new double[]{4, 1, 3, 2}), 1e-12);
    }
}
