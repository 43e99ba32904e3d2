package dev.panbench.harness.stats;

import org.apache.commons.math3.distribution.TDistribution;

import java.util.Arrays;

/** Descriptive statistics of iteration samples: mean, median, spread, percentiles and the 99% CI of the mean. */
public final class Descriptive {

    private Descriptive() {
    }

    /** Half-width of the 99% confidence interval of the mean (Student's t), 0 for one sample. */
    public static double ci99HalfWidth(int n, double stddev) {
        if (n < 2) {
            return 0;
        }
        return t995(n) * stddev / Math.sqrt(n);
    }

    /**
     * The 99% confidence interval of the mean, {@code {lower, upper}}. Samples that are all positive (a time, a rate)
     * get an interval on the log scale, which cannot leave the positive axis: Cox's interval for the mean of a
     * log-normal sample (U. Olsson, "Confidence intervals for the mean of a log-normal distribution", J. Stat. Educ.
     * 13(1), 2005), with Student's t: {@code exp(m + s^2/2 +- t sqrt(s^2/n + s^4/(2(n - 1))))}, {@code m} and
     * {@code s} the mean and standard deviation of the logs. Timings are skewed to the right (a run is slowed, never
     * sped up, by what else the machine does), which is the log-normal's shape; a symmetric t-interval of the mean
     * reached below zero for five iterations of which one was slow ({@code [-14.6 ms, 474 ms]}). Samples with a zero
     * or a negative get the t-interval, and so do samples so spread that the log-scale interval's upper end overflows
     * (two iterations far apart), with its lower end floored at zero. One sample, or samples all equal: {@code {mean, mean}}.
     */
    public static double[] ci99(double[] samples) {
        int n = samples.length;
        double mean = mean(samples);
        double sd = stddev(samples, mean);
        if (n < 2 || sd == 0) {
            return new double[]{mean, mean};
        }
        boolean positive = true;
        for (double x : samples) {
            positive &= x > 0;
        }
        if (!positive) {
            double half = ci99HalfWidth(n, sd);
            return new double[]{mean - half, mean + half};
        }
        double[] logs = new double[n];
        for (int i = 0; i < n; i++) {
            logs[i] = Math.log(samples[i]);
        }
        double m = mean(logs);
        double s2 = Math.pow(stddev(logs, m), 2);
        double centre = m + s2 / 2;
        double half = t995(n) * Math.sqrt(s2 / n + s2 * s2 / (2.0 * (n - 1)));
        double upper = Math.exp(centre + half);
        if (!Double.isFinite(upper)) {
            // two or three samples far apart: the log-scale end overflows; the t-interval, floored at zero, is finite
            double tHalf = ci99HalfWidth(n, sd);
            return new double[]{Math.max(0, mean - tHalf), mean + tHalf};
        }
        return new double[]{Math.exp(centre - half), upper};
    }

    private static double t995(int n) {
        return new TDistribution(n - 1).inverseCumulativeProbability(0.995);
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
