package dev.panbench.harness.stats;

import org.apache.commons.math3.stat.inference.MannWhitneyUTest;
import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MannWhitneyTest {

    @Test
    void completelySeparatedSamplesGiveTheExactSmallestPValue() {
        // R: wilcox.test(1:5, 6:10) -> W = 0, p-value = 0.007937 (= 2 / choose(10, 5))
        var r = MannWhitney.test(new double[]{1, 2, 3, 4, 5}, new double[]{6, 7, 8, 9, 10});
        assertEquals(0, r.u());
        assertEquals(2.0 / 252, r.pValue(), 1e-12);
        assertTrue(r.exact());
        var swapped = MannWhitney.test(new double[]{6, 7, 8, 9, 10}, new double[]{1, 2, 3, 4, 5});
        assertEquals(25, swapped.u());
        assertEquals(2.0 / 252, swapped.pValue(), 1e-12);
    }

    @Test
    void matchesRsDocumentedExample() {
        // R's ?wilcox.test: wilcox.test(x, y, alternative = "g") -> W = 35, p-value = 0.1272; two-sided doubles it
        double[] x = {0.80, 0.83, 1.89, 1.04, 1.45, 1.38, 1.91, 1.64, 0.73, 1.46};
        double[] y = {1.15, 0.88, 0.90, 0.74, 1.21};
        var r = MannWhitney.test(x, y);
        assertEquals(35, r.u());
        assertEquals(0.2544, r.pValue(), 0.0001);
    }

    @Test
    void exactDistributionMatchesBruteForceEnumeration() {
        // every way of giving 4 of the ranks 1..11 to x; P(U <= u) counted directly
        int n1 = 4;
        int n2 = 7;
        int[] counts = new int[n1 * n2 + 1];
        int total = 0;
        for (int mask = 0; mask < 1 << (n1 + n2); mask++) {
            if (Integer.bitCount(mask) != n1) {
                continue;
            }
            int rankSum = 0;
            for (int r = 0; r < n1 + n2; r++) {
                if ((mask & 1 << r) != 0) {
                    rankSum += r + 1;
                }
            }
            counts[rankSum - n1 * (n1 + 1) / 2]++;
            total++;
        }
        double[] cdf = MannWhitney.exactCdf(n1, n2);
        double acc = 0;
        for (int u = 0; u <= n1 * n2; u++) {
            acc += counts[u];
            assertEquals(acc / total, cdf[u], 1e-12, "P(U <= " + u + ")");
        }
    }

    @Test
    void tiedSamplesUseTheCorrectedNormalApproximation() {
        // x ranks: 1, 2.5, 2.5, 5.5, 5.5, 8.5 (sum 25.5) -> W = 4.5; ties: {2,2}, {3,3,3,3}, {4,4}, {5,5}
        // sigma^2 = 6*6/12 * (13 - (6 + 60 + 6 + 6) / (12*11)) = 37.2272..., z = (4.5 - 18 + 0.5) / sigma
        var r = MannWhitney.test(new double[]{1, 2, 2, 3, 3, 4}, new double[]{3, 3, 4, 5, 5, 6});
        assertFalse(r.exact());
        assertEquals(4.5, r.u());
        double sigma = Math.sqrt(36.0 / 12 * (13 - 78.0 / 132));
        double z = (4.5 - 18 + 0.5) / sigma;
        double expected = 2 * new org.apache.commons.math3.distribution.NormalDistribution().cumulativeProbability(z);
        assertEquals(expected, r.pValue(), 1e-12);
        assertEquals(0.0331, r.pValue(), 0.0001);
    }

    @Test
    void largeSamplesAgreeWithCommonsMath() {
        SplittableRandom rnd = new SplittableRandom(7);
        double[] x = new double[60];
        double[] y = new double[70];
        for (int i = 0; i < x.length; i++) {
            x[i] = rnd.nextDouble() * 10;
        }
        for (int i = 0; i < y.length; i++) {
            y[i] = rnd.nextDouble() * 10 + 1.5;
        }
        double ours = MannWhitney.test(x, y).pValue();
        double theirs = new MannWhitneyUTest().mannWhitneyUTest(x, y);
        // commons-math leaves out the continuity correction: the two differ by far less than either value
        assertEquals(theirs, ours, 0.1 * theirs + 1e-6);
        assertTrue(ours < 0.01, "a shift of 1.5 on U(0,10) with 60 and 70 samples is significant: " + ours);
    }

    @Test
    void identicalSamplesAreNotSignificant() {
        var r = MannWhitney.test(new double[]{3, 3, 3}, new double[]{3, 3, 3});
        assertEquals(1.0, r.pValue());
    }
}
