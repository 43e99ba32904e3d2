package dev.panbench.harness.stats;

import dev.panbench.harness.model.SampleStats;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
        // t(0.995, 4) = 4.604094871; half width = t * sd / sqrt(5)
        double half = 4.604094871 * Math.sqrt(2.5) / Math.sqrt(5);
        assertEquals(3.0 - half, s.ci99().get(0), 1e-6);
        assertEquals(3.0 + half, s.ci99().get(1), 1e-6);
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
