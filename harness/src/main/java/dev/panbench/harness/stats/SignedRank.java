package dev.panbench.harness.stats;

import org.apache.commons.statistics.inference.AlternativeHypothesis;
import org.apache.commons.statistics.inference.PValueMethod;
import org.apache.commons.statistics.inference.WilcoxonSignedRankTest;

import java.util.Arrays;

/**
 * The one-sample statistics of paired differences the paired gate judges by: the Wilcoxon signed-rank test (Commons
 * Statistics' {@link WilcoxonSignedRankTest}, exact when there are no ties or zeros, as R's {@code wilcox.test(d)}),
 * the Hodges-Lehmann estimate of the centre (the median of the Walsh averages {@code (d_i + d_j) / 2, i <= j}) and
 * its distribution-free confidence interval (order statistics of the Walsh averages, cut where the signed-rank null
 * distribution puts the tails; R's {@code wilcox.test(d, conf.int = TRUE)}).
 * <p>
 * Why these and not a mean and a t interval: a pair that a neighbour's burst hit is one extreme difference. It moves
 * a mean and inflates a standard deviation without bound, but it moves the signed-rank statistic by one rank and the
 * Hodges-Lehmann estimate (breakdown point 29%) barely at all. The test assumes only that the differences are
 * symmetric about their centre under the null, which an A/A pair is by construction (the order of the two sides is
 * drawn at random).
 */
public final class SignedRank {

    private static final WilcoxonSignedRankTest TEST = WilcoxonSignedRankTest.withDefaults()
            .with(PValueMethod.AUTO);

    private SignedRank() {
    }

    /**
     * @param estimate  Hodges-Lehmann estimate of the centre of the differences
     * @param lower     lower end of the two-sided interval at the level asked; -infinity when {@code n} is too small
     *                  for an interval at that level
     * @param upper     upper end, +infinity likewise
     * @param pGreater  one-sided p-value for "the centre is above zero"
     * @param pLess     one-sided p-value for "the centre is below zero"
     * @param n         differences used
     */
    public record Summary(double estimate, double lower, double upper, double pGreater, double pLess, int n) {
    }

    /** Summarises {@code d} with a two-sided interval at {@code confidence} (e.g. 0.90). */
    public static Summary of(double[] d, double confidence) {
        if (d.length == 0) {
            throw new IllegalArgumentException("no differences");
        }
        double[] walsh = walshAverages(d);
        double estimate = Descriptive.median(walsh);
        int k = lowerOrderIndex(d.length, (1 - confidence) / 2);
        double lower = k < 1 ? Double.NEGATIVE_INFINITY : walsh[k - 1];
        double upper = k < 1 ? Double.POSITIVE_INFINITY : walsh[walsh.length - k];
        return new Summary(estimate, lower, upper, pValue(d, AlternativeHypothesis.GREATER_THAN),
                pValue(d, AlternativeHypothesis.LESS_THAN), d.length);
    }

    /** One-sided signed-rank p-value; 1 where every difference is zero (no evidence either way). */
    static double pValue(double[] d, AlternativeHypothesis side) {
        if (Arrays.stream(d).allMatch(x -> x == 0)) {
            return 1;
        }
        double p = TEST.with(side).test(d).getPValue();
        return Double.isNaN(p) ? 1 : p;
    }

    /** All {@code n(n+1)/2} Walsh averages, sorted. */
    static double[] walshAverages(double[] d) {
        int n = d.length;
        double[] w = new double[n * (n + 1) / 2];
        int k = 0;
        for (int i = 0; i < n; i++) {
            for (int j = i; j < n; j++) {
                w[k++] = (d[i] + d[j]) / 2;
            }
        }
        Arrays.sort(w);
        return w;
    }

    /**
     * The largest {@code k} such that the signed-rank statistic's null probability {@code P(T < k) <= tail}: the
     * interval is then [W_(k), W_(M-k+1)] of the sorted Walsh averages, covering at least {@code 1 - 2 tail}. Zero
     * when even the most extreme value is more probable than {@code tail} (too few differences).
     */
    static int lowerOrderIndex(int n, double tail) {
        double[] cdf = nullCdf(n);
        int k = 0;
        while (k < cdf.length && cdf[k] <= tail) {
            k++;
        }
        // P(T <= k - 1) <= tail, so W_(k) is the lower end (1-based)
        return k;
    }

    /** {@code cdf[t] = P(T <= t)} for the signed-rank statistic of {@code n} untied differences under the null. */
    static double[] nullCdf(int n) {
        int max = n * (n + 1) / 2;
        double[] count = new double[max + 1];
        count[0] = 1;
        for (int r = 1; r <= n; r++) {
            for (int t = max; t >= r; t--) {
                count[t] += count[t - r];
            }
        }
        double total = Math.pow(2, n);
        double[] cdf = new double[max + 1];
        double acc = 0;
        for (int t = 0; t <= max; t++) {
            acc += count[t];
            cdf[t] = acc / total;
        }
        return cdf;
    }
}
