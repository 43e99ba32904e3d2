package dev.panbench.harness.stats;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Change points of a series by E-divisive means: Matteson and James, "A Nonparametric Approach for Multiple Change
 * Point Analysis of Multivariate Data", Journal of the American Statistical Association 109(505), 2014, 334-345;
 * the method MongoDB runs on its performance CI (Daly et al., "The Use of Change Point Detection to Identify Software
 * Performance Regressions in a Continuous Integration System", ICPE 2020).
 * <p>
 * Bisection: within each segment the split {@code tau} maximising the scaled energy distance between the values
 * before and after it ({@code alpha = 1}),
 * <pre>
 *   Q(tau) = tau (n - tau) / n * ( 2/(tau (n-tau)) sum|x_i - x_j| - 1/C(tau,2) sum|x_i - x_k| - 1/C(n-tau,2) sum|x_j - x_k| )
 * </pre>
 * (i, k before, j after); the best split over all segments is kept when a permutation test (values shuffled within
 * their segment, seeded) finds it significant, and the search goes on in the pieces. Nothing about the shape of the
 * noise is assumed, which suits benchmark medians; the number of permutations bounds the smallest p-value.
 */
public final class EDivisive {

    public static final double DEFAULT_SIGNIFICANCE = 0.05;
    public static final int DEFAULT_PERMUTATIONS = 199;
    /** Fewest values on either side of a split: the within-side term needs two. */
    static final int MIN_SIZE = 2;

    private EDivisive() {
    }

    /** A change point: the first index of the new segment, and the permutation p-value that admitted it. */
    public record ChangePoint(int index, double pValue) {
    }

    public static List<ChangePoint> detect(double[] x) {
        return detect(x, DEFAULT_SIGNIFICANCE, DEFAULT_PERMUTATIONS, 20_240_601L);
    }

    public static List<ChangePoint> detect(double[] x, double significance, int permutations, long seed) {
        List<ChangePoint> found = new ArrayList<>();
        SplittableRandom random = new SplittableRandom(seed);
        while (true) {
            List<Integer> bounds = bounds(x.length, found);
            int bestSeg = -1;
            int bestTau = -1;
            double bestQ = Double.NEGATIVE_INFINITY;
            for (int s = 0; s + 1 < bounds.size(); s++) {
                double[] seg = java.util.Arrays.copyOfRange(x, bounds.get(s), bounds.get(s + 1));
                Split sp = bestSplit(seg);
                if (sp != null && sp.q() > bestQ) {
                    bestQ = sp.q();
                    bestSeg = s;
                    bestTau = bounds.get(s) + sp.tau();
                }
            }
            if (bestSeg < 0) {
                return sorted(found);
            }
            int exceed = 0;
            // once this many permutations reach bestQ the split cannot be significant: stop there (same verdict)
            int hopeless = (int) Math.ceil(significance * (permutations + 1.0) - 1e-9) - 1;
            for (int p = 0; p < permutations && exceed < hopeless; p++) {
                double permutedBest = Double.NEGATIVE_INFINITY;
                for (int s = 0; s + 1 < bounds.size(); s++) {
                    double[] seg = java.util.Arrays.copyOfRange(x, bounds.get(s), bounds.get(s + 1));
                    shuffle(seg, random);
                    Split sp = bestSplit(seg);
                    if (sp != null) {
                        permutedBest = Math.max(permutedBest, sp.q());
                    }
                }
                if (permutedBest >= bestQ) {
                    exceed++;
                }
            }
            double pValue = (exceed + 1.0) / (permutations + 1.0);
            if (exceed >= hopeless || pValue >= significance) {
                return sorted(found);
            }
            found.add(new ChangePoint(bestTau, pValue));
        }
    }

    private record Split(int tau, double q) {
    }

    /**
     * The split of {@code x} maximising Q, or null when it is too short to split. The three sums move one value from
     * the right side to the left as {@code tau} grows, so a split costs O(n^2) in all, not O(n^3).
     */
    static Split bestSplit(double[] x) {
        int n = x.length;
        if (n < 2 * MIN_SIZE) {
            return null;
        }
        double left = 0;
        double right = 0;
        double between = 0;
        for (int i = 0; i < n; i++) {
            for (int k = i + 1; k < n; k++) {
                double d = Math.abs(x[i] - x[k]);
                if (i < MIN_SIZE && k < MIN_SIZE) {
                    left += d;
                } else if (i >= MIN_SIZE) {
                    right += d;
                } else {
                    between += d;
                }
            }
        }
        Split best = null;
        for (int tau = MIN_SIZE; tau <= n - MIN_SIZE; tau++) {
            if (tau > MIN_SIZE) {
                int t = tau - 1;
                double toLeft = 0;
                double toRight = 0;
                for (int i = 0; i < t; i++) {
                    toLeft += Math.abs(x[t] - x[i]);
                }
                for (int j = t + 1; j < n; j++) {
                    toRight += Math.abs(x[t] - x[j]);
                }
                left += toLeft;
                right -= toRight;
                between += toRight - toLeft;
            }
            int m = n - tau;
            double e = 2 * between / ((double) tau * m) - left / (tau * (tau - 1) / 2.0) - right / (m * (m - 1) / 2.0);
            double q = (double) tau * m / n * e;
            if (best == null || q > best.q()) {
                best = new Split(tau, q);
            }
        }
        return best;
    }

    private static List<Integer> bounds(int n, List<ChangePoint> found) {
        List<Integer> b = new ArrayList<>();
        b.add(0);
        found.forEach(c -> b.add(c.index()));
        b.add(n);
        Collections.sort(b);
        return b;
    }

    private static void shuffle(double[] a, SplittableRandom random) {
        for (int i = a.length - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            double t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
    }

    private static List<ChangePoint> sorted(List<ChangePoint> found) {
        List<ChangePoint> out = new ArrayList<>(found);
        out.sort(java.util.Comparator.comparingInt(ChangePoint::index));
        return out;
    }
}
