package dev.panbench.harness.stats;

import org.apache.commons.statistics.distribution.TDistribution;

import java.util.Arrays;

/**
 * Yuen's one-sample trimmed-mean t-test (Yuen 1974; Wilcox, "Introduction to Robust Estimation and Hypothesis
 * Testing", 4th ed., section 4.5.3): the 20% trimmed mean of paired differences, its standard error from the
 * winsorized variance, {@code se = s_w / ((1 - 2 gamma) sqrt(n))}, and Student's t with {@code h - 1} degrees of
 * freedom, {@code h} the number of differences left after trimming.
 * <p>
 * Why the paired gate judges by it: a pair a neighbour's burst hit is one extreme difference, and the trimming drops
 * it (up to 20% of the pairs on each side) where a mean and a t-test would follow it. A rank test such as the
 * signed-rank test is as robust but cannot give a p-value below {@code 2^-n}: with nine results Holm-adjusted at 1%,
 * the first step needs {@code p <= 0.0011}, ten pairs all on one side whatever the size of the change, where this
 * test needs about eight pairs for a steady 5% slowdown.
 */
public final class TrimmedMean {

    /** The share trimmed from each end. */
    public static final double GAMMA = 0.2;

    private TrimmedMean() {
    }

    /**
     * @param estimate the trimmed mean
     * @param lower    lower end of the two-sided interval at the level asked; -infinity with fewer than two values
     * @param upper    upper end, +infinity likewise
     * @param pGreater one-sided p-value for "the centre is above zero"
     * @param pLess    one-sided p-value for "the centre is below zero"
     * @param n        differences used
     */
    public record Summary(double estimate, double lower, double upper, double pGreater, double pLess, int n) {
    }

    public static Summary of(double[] d, double confidence) {
        int n = d.length;
        if (n == 0) {
            throw new IllegalArgumentException("no differences");
        }
        double[] s = d.clone();
        Arrays.sort(s);
        int g = (int) Math.floor(GAMMA * n);
        int h = n - 2 * g;
        double sum = 0;
        for (int i = g; i < n - g; i++) {
            sum += s[i];
        }
        double mean = sum / h;
        if (h < 2) {
            return new Summary(mean, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, 1, 1, n);
        }
        double[] w = s.clone();
        for (int i = 0; i < g; i++) {
            w[i] = s[g];
            w[n - 1 - i] = s[n - 1 - g];
        }
        double wMean = Arrays.stream(w).average().orElse(0);
        double ss = 0;
        for (double v : w) {
            ss += (v - wMean) * (v - wMean);
        }
        double sw = Math.sqrt(ss / (n - 1));
        double se = sw / ((1 - 2.0 * g / n) * Math.sqrt(n));
        if (se == 0) {
            // every difference kept is the same value: no spread to test against
            double p = mean > 0 ? 0 : 1;
            double q = mean < 0 ? 0 : 1;
            return new Summary(mean, mean, mean, mean == 0 ? 1 : p, mean == 0 ? 1 : q, n);
        }
        TDistribution t = TDistribution.of(h - 1);
        double stat = mean / se;
        double half = t.inverseSurvivalProbability((1 - confidence) / 2) * se;
        return new Summary(mean, mean - half, mean + half, t.survivalProbability(stat), t.cumulativeProbability(stat),
                n);
    }
}
