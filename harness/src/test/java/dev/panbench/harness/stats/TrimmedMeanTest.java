package dev.panbench.harness.stats;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Yuen's trimmed-mean test against values worked out by hand (numpy for the winsorized variance). */
class TrimmedMeanTest {

    /** Eight pairs about +5%, one hit by a burst (+30%). */
    private static final double[] D = {0.05, 0.06, 0.04, 0.055, 0.3, 0.045, 0.052, 0.048};

    @Test
    void trimsOneFromEachEndOfEightAndUsesTheWinsorizedVariance() {
        TrimmedMean.Summary s = TrimmedMean.of(D, 0.90);
        // g = 1, h = 6: the mean of 0.045 .. 0.06 is 0.0516667; s_w = 0.00643..., se = s_w / (0.75 sqrt 8) = 0.0028445
        assertEquals(0.0516667, s.estimate(), 1e-7);
        double se = 0.002844515748114227;
        double t95 = 2.015048; // Student's t, 5 degrees of freedom, 95th percentile
        assertEquals(0.0516667 - t95 * se, s.lower(), 1e-6);
        assertEquals(0.0516667 + t95 * se, s.upper(), 1e-6);
        // t = 18.16 on 5 degrees of freedom
        assertTrue(s.pGreater() < 1e-5 && s.pGreater() > 1e-7, "p = " + s.pGreater());
        assertEquals(1, s.pGreater() + s.pLess(), 1e-12);
    }

    @Test
    void theBurstBarelyMovesTheEstimate() {
        double[] calm = D.clone();
        calm[4] = 0.05;
        assertEquals(TrimmedMean.of(calm, 0.9).estimate(), TrimmedMean.of(D, 0.9).estimate(), 0.003);
    }

    @Test
    void oneDifferenceHasNoInterval() {
        TrimmedMean.Summary s = TrimmedMean.of(new double[]{0.1}, 0.9);
        assertTrue(Double.isInfinite(s.lower()) && Double.isInfinite(s.upper()));
        assertEquals(1, s.pGreater());
    }

    @Test
    void identicalDifferencesAreCertainOfTheirSign() {
        assertEquals(0, TrimmedMean.of(new double[]{0.1, 0.1, 0.1, 0.1}, 0.9).pGreater());
        assertEquals(1, TrimmedMean.of(new double[]{0, 0, 0, 0}, 0.9).pGreater());
        assertEquals(1, TrimmedMean.of(new double[]{0, 0, 0, 0}, 0.9).pLess());
    }
}
