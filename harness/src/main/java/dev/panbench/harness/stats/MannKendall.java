package dev.panbench.harness.stats;

import org.apache.commons.math3.distribution.NormalDistribution;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The Mann-Kendall test for a monotonic trend in a series taken in time order (H. B. Mann, "Nonparametric tests
 * against trend", Econometrica 13, 1945; M. G. Kendall, "Rank Correlation Methods", 1975), with the Theil-Sen slope
 * as the size of the trend (P. K. Sen, "Estimates of the regression coefficient based on Kendall's tau", JASA 63,
 * 1968). {@code S} is the number of later-larger pairs minus later-smaller pairs. Without ties the p-value is exact
 * (S is 2 x inversions - n(n-1)/2, and the inversions of a random permutation follow the Mahonian distribution);
 * with ties it is the normal approximation with the tie-corrected variance and a continuity correction, as in
 * R. O. Gilbert, "Statistical Methods for Environmental Pollution Monitoring", 1987, section 16.4.
 */
public final class MannKendall {

    /** Above this many values the p-value is the normal approximation even without ties. */
    private static final int EXACT_MAX_N = 60;

    /** @param s the statistic; {@code p} two-sided; {@code slope} the Theil-Sen slope per step, in the series' unit */
    public record Result(int n, long s, double p, double slope) {
    }

    private MannKendall() {
    }

    public static Result test(double[] x) {
        int n = x.length;
        if (n < 2) {
            return new Result(n, 0, 1.0, 0.0);
        }
        long s = 0;
        List<Double> slopes = new ArrayList<>(n * (n - 1) / 2);
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                s += Double.compare(x[j], x[i]) > 0 ? 1 : Double.compare(x[j], x[i]) < 0 ? -1 : 0;
                slopes.add((x[j] - x[i]) / (j - i));
            }
        }
        double[] sl = slopes.stream().mapToDouble(Double::doubleValue).toArray();
        double slope = Descriptive.median(sl);
        boolean ties = Arrays.stream(x).distinct().count() < n;
        double p = !ties && n <= EXACT_MAX_N ? exactP(n, s) : normalP(x, s);
        return new Result(n, s, Math.min(1.0, p), slope);
    }

    /** P(|S| >= |s|) over the n! equally likely orders, from the number of permutations with k inversions. */
    static double exactP(int n, long s) {
        int maxInv = n * (n - 1) / 2;
        double[] count = new double[maxInv + 1];
        count[0] = 1;
        int top = 0;
        for (int m = 2; m <= n; m++) {
            double[] next = new double[maxInv + 1];
            int newTop = top + m - 1;
            for (int k = 0; k <= newTop; k++) {
                double sum = 0;
                for (int j = 0; j < m && j <= k; j++) {
                    if (k - j <= top) {
                        sum += count[k - j];
                    }
                }
                next[k] = sum;
            }
            count = next;
            top = newTop;
        }
        double total = 0;
        double tail = 0;
        for (int k = 0; k <= maxInv; k++) {
            long sk = (long) maxInv - 2L * k; // S of a permutation with k inversions
            total += count[k];
            if (Math.abs(sk) >= Math.abs(s)) {
                tail += count[k];
            }
        }
        return tail / total;
    }

    private static double normalP(double[] x, long s) {
        int n = x.length;
        double var = n * (n - 1.0) * (2.0 * n + 5.0);
        double[] sorted = x.clone();
        Arrays.sort(sorted);
        for (int i = 0; i < n; ) {
            int j = i;
            while (j < n && sorted[j] == sorted[i]) {
                j++;
            }
            int t = j - i;
            var -= t * (t - 1.0) * (2.0 * t + 5.0);
            i = j;
        }
        var /= 18.0;
        if (!(var > 0)) {
            return 1.0;
        }
        double z = s == 0 ? 0 : (Math.abs(s) - 1) / Math.sqrt(var);
        return 2 * (1 - new NormalDistribution().cumulativeProbability(z));
    }
}
