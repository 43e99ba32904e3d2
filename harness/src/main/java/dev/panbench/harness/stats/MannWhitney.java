package dev.panbench.harness.stats;

import org.apache.commons.math3.distribution.NormalDistribution;

import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The two-sided Mann-Whitney U (Wilcoxon rank-sum) test, as R's {@code wilcox.test(x, y)} computes it: the exact
 * null distribution when there are no ties and both samples have fewer than 50 values, otherwise the normal
 * approximation with tie and continuity corrections. It makes no assumption about the shape of the noise, which is
 * why a benchmark comparison uses it: iteration times are skewed and carry outliers.
 */
public final class MannWhitney {

    private static final int EXACT_LIMIT = 50;
    private static final NormalDistribution NORMAL = new NormalDistribution(null, 0, 1);
    private static final Map<Long, double[]> EXACT_CDF = new ConcurrentHashMap<>();

    private MannWhitney() {
    }

    /**
     * @param u      the statistic of {@code x}: the number of pairs (x_i, y_j) with x_i > y_j, ties counting 1/2
     *               (R's {@code W})
     * @param pValue two-sided
     * @param exact  whether the exact distribution was used
     */
    public record Result(double u, double pValue, boolean exact) {
    }

    public static Result test(double[] x, double[] y) {
        int n1 = x.length;
        int n2 = y.length;
        if (n1 == 0 || n2 == 0) {
            throw new IllegalArgumentException("both samples need at least one value");
        }
        int n = n1 + n2;
        double[] all = new double[n];
        System.arraycopy(x, 0, all, 0, n1);
        System.arraycopy(y, 0, all, n1, n2);
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Double.compare(all[a], all[b]));
        double[] rank = new double[n];
        double tieTerm = 0;
        boolean ties = false;
        for (int i = 0; i < n; ) {
            int j = i;
            while (j + 1 < n && all[order[j + 1]] == all[order[i]]) {
                j++;
            }
            double mid = (i + j) / 2.0 + 1;
            for (int k = i; k <= j; k++) {
                rank[order[k]] = mid;
            }
            int t = j - i + 1;
            if (t > 1) {
                ties = true;
                tieTerm += (double) t * t * t - t;
            }
            i = j + 1;
        }
        double rankSumX = 0;
        for (int i = 0; i < n1; i++) {
            rankSumX += rank[i];
        }
        double u = rankSumX - n1 * (n1 + 1) / 2.0;
        if (!ties && n1 < EXACT_LIMIT && n2 < EXACT_LIMIT) {
            double[] cdf = exactCdf(n1, n2);
            int ui = (int) Math.round(u);
            double lower = cdf[ui];
            double upper = 1 - (ui == 0 ? 0 : cdf[ui - 1]);
            return new Result(u, Math.min(1, 2 * Math.min(lower, upper)), true);
        }
        double mean = n1 * (double) n2 / 2;
        double variance = n1 * (double) n2 / 12 * ((n + 1) - tieTerm / ((double) n * (n - 1)));
        if (variance <= 0) {
            return new Result(u, 1, false);
        }
        double d = u - mean;
        double z = (d - Math.signum(d) * 0.5) / Math.sqrt(variance);
        double p = 2 * Math.min(NORMAL.cumulativeProbability(z), 1 - NORMAL.cumulativeProbability(z));
        return new Result(u, Math.min(1, p), false);
    }

    /** P(U <= u) for u = 0..n1*n2 under the null hypothesis, counting rank subsets; cached per (n1, n2). */
    static double[] exactCdf(int n1, int n2) {
        int m = Math.min(n1, n2);
        int k = Math.max(n1, n2);
        return EXACT_CDF.computeIfAbsent(((long) m << 32) | k, key -> {
            int max = m * k;
            // ways[j][s]: subsets of size j of the ranks seen so far whose U offset (rank sum - j(j+1)/2) is s
            double[][] ways = new double[m + 1][max + 1];
            ways[0][0] = 1;
            for (int r = 1; r <= m + k; r++) {
                for (int j = Math.min(r, m); j >= 1; j--) {
                    int shift = r - j;
                    if (shift > k) {
                        continue;
                    }
                    double[] to = ways[j];
                    double[] from = ways[j - 1];
                    for (int s = max; s >= shift; s--) {
                        to[s] += from[s - shift];
                    }
                }
            }
            double total = 0;
            for (double w : ways[m]) {
                total += w;
            }
            double[] cdf = new double[max + 1];
            double acc = 0;
            for (int s = 0; s <= max; s++) {
                acc += ways[m][s];
                cdf[s] = acc / total;
            }
            return cdf;
        });
    }
}
