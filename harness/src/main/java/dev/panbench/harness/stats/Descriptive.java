package dev.panbench.harness.stats;

import org.apache.commons.math3.distribution.TDistribution;

import java.util.Arrays;

/** Descriptive statistics of iteration samples: mean, median, spread, percentiles and the t-based 99% CI. */
public final class Descriptive {

    private Descriptive() {
    }

    /** Half-width of the 99% confidence interval of the mean (Student's t), 0 for one sample. */
    public static double ci99HalfWidth(int n, double stddev) {
        if (n < 2) {
            return 0;
        }
        return new TDistribution(n - 1).inverseCumulativeProbability(0.995) * stddev / Math.sqrt(n);
    }

    public static double mean(double[] v) {
        double sum = 0;
        for (double x : v) {
            sum += x;
        }
        return sum / v.length;
    }

    /** Sample standard deviation (n - 1 in the denominator); 0 for one sample. */
    public static double stddev(double[] v, double mean) {
        if (v.length < 2) {
            return 0;
        }
        double ss = 0;
        for (double x : v) {
            ss += (x - mean) * (x - mean);
        }
        return Math.sqrt(ss / (v.length - 1));
    }

    /** Percentile of sorted values by linear interpolation between closest ranks (R type 7, numpy's default). */
    public static double percentile(double[] sorted, double p) {
        if (sorted.length == 1) {
            return sorted[0];
        }
        double rank = p / 100.0 * (sorted.length - 1);
        int lo = (int) Math.floor(rank);
        int hi = (int) Math.ceil(rank);
        return sorted[lo] + (rank - lo) * (sorted[hi] - sorted[lo]);
    }

    public static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return percentile(s, 50);
    }
}
