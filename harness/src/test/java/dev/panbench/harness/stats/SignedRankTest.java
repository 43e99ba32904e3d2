package dev.panbench.harness.stats;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The signed-rank test and the Hodges-Lehmann interval against values worked out by hand and by R. */
class SignedRankTest {

    /** R's {@code wilcox.test(x, y, paired = TRUE)} example (Hollander and Wolfe, depression scores). */
    private static final double[] X = {1.83, 0.50, 1.62, 2.48, 1.68, 1.88, 1.55, 3.06, 1.30};
    private static final double[] Y = {0.878, 0.647, 0.598, 2.05, 1.06, 1.29, 1.06, 3.14, 1.29};

    private static double[] differences() {
        double[] d = new double[X.length];
        for (int i = 0; i < d.length; i++) {
            d[i] = X[i] - Y[i];
        }
        return d;
    }

    @Test
    void oneSidedPValueIsRsExactOne() {
        // R: V = 40, p-value = 0.01953 (alternative = "greater")
        SignedRank.Summary s = SignedRank.of(differences(), 0.95);
        assertEquals(0.01953, s.pGreater(), 5e-5);
        assertEquals(1 - 0.01953 + countOfForty() / 512, s.pLess(), 5e-5);
    }

    /** P(V >= 40) + P(V <= 40) - 1 = P(V = 40): the two one-sided p-values share the observed point. */
    private static double countOfForty() {
        double[] cdf = SignedRank.nullCdf(9);
        return (cdf[40] - cdf[39]) * 512;
    }

    @Test
    void hodgesLehmannEstimateAndIntervalAreWalshOrderStatistics() {
        SignedRank.Summary s = SignedRank.of(differences(), 0.95);
        // the median of the 45 Walsh averages, and their 6th and 40th (exact null: P(V <= 5) = 0.0195 <= 0.025)
        assertEquals(0.46, s.estimate(), 1e-12);
        assertEquals(0.010, s.lower(), 1e-12);
        assertEquals(0.786, s.upper(), 1e-12);
        SignedRank.Summary ninety = SignedRank.of(differences(), 0.90);
        assertEquals(0.175, ninety.lower(), 1e-12);
        assertEquals(0.726, ninety.upper(), 1e-12);
    }

    @Test
    void nullDistributionMatchesTheTable() {
        // n = 10: P(T <= 10) = 0.0420, P(T <= 11) = 0.0527 (the two-sided 10% critical value is 10)
        double[] cdf = SignedRank.nullCdf(10);
        assertEquals(0.0420, cdf[10], 5e-5);
        assertEquals(0.0527, cdf[11], 5e-5);
        assertEquals(1.0, cdf[55], 1e-12);
        assertEquals(11, SignedRank.lowerOrderIndex(10, 0.05));
    }

    @Test
    void tooFewDifferencesGiveAnUnboundedInterval() {
        SignedRank.Summary s = SignedRank.of(new double[]{0.1, 0.2, 0.3}, 0.99);
        assertTrue(Double.isInfinite(s.lower()) && Double.isInfinite(s.upper()), s.toString());
        assertEquals(0.125, s.pGreater(), 1e-12, "three positive differences: 1/8");
    }

    @Test
    void oneWildPairBarelyMovesTheEstimate() {
        double[] calm = {0.01, -0.01, 0.02, 0.00, -0.02, 0.01, 0.015, -0.005, 0.005, -0.01};
        double[] hit = calm.clone();
        hit[3] = 0.50; // a neighbour's burst on one side of one pair
        double before = SignedRank.of(calm, 0.90).estimate();
        double after = SignedRank.of(hit, 0.90).estimate();
        assertTrue(Math.abs(after - before) < 0.01, before + " -> " + after);
        assertTrue(SignedRank.of(hit, 0.90).upper() < 0.05, "the interval stays inside 5%");
    }

    @Test
    void allZeroDifferencesAreNoEvidence() {
        SignedRank.Summary s = SignedRank.of(new double[]{0, 0, 0, 0, 0, 0}, 0.90);
        assertEquals(1, s.pGreater());
        assertEquals(0, s.estimate());
    }
}
