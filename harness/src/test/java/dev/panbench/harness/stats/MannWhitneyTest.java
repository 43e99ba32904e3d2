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
    void exactPValuesMatchBruteForceEnumeration() {
        // every way of giving 4 of the ranks 1..11 to x: the null distribution of U counted directly, then every
        // such split tested and its two-sided p-value checked against the count
        int n1 = 4;
        int n2 = 7;
        int[] counts = new int[n1 * n2 + 1];
        int total = 0;
        for (int mask = 0; mask < 1 << (n1 + n2); mask++) {
            if (Integer.bitCount(mask) == n1) {
                counts[u(mask, n1 + n2)]++;
                total++;
            }
        }
        int tested = 0;
        for (int mask = 0; mask < 1 << (n1 + n2); mask++) {
            if (Integer.bitCount(mask) != n1) {
                continue;
            }
            double[] x = new double[n1];
            double[] y = new double[n2];
            int i = 0;
            int j = 0;
            for (int r = 0; r < n1 + n2; r++) {
                if ((mask & 1 << r) != 0) {
                    x[i++] = r + 1;
                } else {
                    y[j++] = r + 1;
                }
            }
            int u = u(mask, n1 + n2);
            double below = 0;
            double above = 0;
            for (int k = 0; k <= n1 * n2; k++) {
                below += k <= u ? counts[k] : 0;
                above += k >= u ? counts[k] : 0;
            }
            var result = MannWhitney.test(x, y);
            assertEquals(u, result.u());
            assertTrue(result.exact());
            assertEquals(Math.min(1, 2 * Math.min(below, above) / total), result.pValue(), 1e-12, "U = " + u);
            tested++;
        }
        assertEquals(330, tested, "choose(11, 4) splits");
    }

    /** U of the ranks in {@code mask} (ranks 1..n, bit r is rank r + 1): their sum less its minimum. */
    private static int u(int mask, int n) {
        int rankSum = 0;
        for (int r = 0; r < n; r++) {
            if ((mask & 1 << r) != 0) {
                rankSum += r + 1;
            }
        }
        int k = Integer.bitCount(mask);
        return rankSum - k * (k + 1) / 2;
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
        // R gives NaN here (no variance under the null); a comparison needs a number, and nothing differs
        var r = MannWhitney.test(new double[]{3, 3, 3}, new double[]{3, 3, 3});
        assertEquals(1.0, r.pValue());
        assertEquals(4.5, r.u());
    }

    @Test
    void theExactRuleStopsAtFiftyValuesASide() {
        SplittableRandom rnd = new SplittableRandom(11);
        assertTrue(MannWhitney.test(rnd.doubles(49).toArray(), rnd.doubles(49).toArray()).exact());
        double[] fifty = rnd.doubles(50).toArray();
        double[] three = rnd.doubles(3).map(v -> v + 0.3).toArray();
        var normal = MannWhitney.test(fifty, three);
        assertFalse(normal.exact());
        double d = normal.u() - 75;
        double z = (Math.abs(d) - 0.5) / Math.sqrt(50 * 3 * 54 / 12.0);
        assertEquals(2 * new org.apache.commons.math3.distribution.NormalDistribution().cumulativeProbability(-z),
                normal.pValue(), 1e-12, "normal approximation with continuity correction at 50 values");
        // R: wilcox.test(c(1:49), c(50:98)) exact p = 2 / choose(98, 49)
        double[] low = java.util.stream.IntStream.rangeClosed(1, 49).asDoubleStream().toArray();
        double[] high = java.util.stream.IntStream.rangeClosed(50, 98).asDoubleStream().toArray();
        double expected = 2 / org.apache.commons.math3.util.CombinatoricsUtils.binomialCoefficientDouble(98, 49);
        assertEquals(expected, MannWhitney.test(low, high).pValue(), expected * 1e-9);
    }
}
