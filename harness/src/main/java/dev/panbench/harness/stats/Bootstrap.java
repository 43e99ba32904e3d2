package dev.panbench.harness.stats;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Bootstrap confidence interval of the ratio of medians {@code median(current) / median(base)}: each resample draws
 * both samples again with replacement (independently, since the two runs are independent), and the interval is the
 * percentile interval of the resampled ratios. Seeded, so a comparison rerun on the same files gives the same
 * interval.
 */
public final class Bootstrap {

    public static final int DEFAULT_RESAMPLES = 2000;

    private Bootstrap() {
    }

    /** A point estimate with its confidence interval. */
    public record Interval(double estimate, double lower, double upper, double confidence) {

        public boolean contains(double v) {
            return lower <= v && v <= upper;
        }
    }

    public static Interval ratioOfMedians(double[] base, double[] current, double confidence, int resamples,
                                          long seed) {
        if (base.length == 0 || current.length == 0) {
            throw new IllegalArgumentException("both samples need at least one value");
        }
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("confidence must lie in (0, 1): " + confidence);
        }
        if (resamples < 1) {
            throw new IllegalArgumentException("resamples must be positive: " + resamples);
        }
        double estimate = Descriptive.median(current) / Descriptive.median(base);
        SplittableRandom random = new SplittableRandom(seed);
        double[] ratios = new double[resamples];
        double[] b = new double[base.length];
        double[] c = new double[current.length];
        for (int i = 0; i < resamples; i++) {
            ratios[i] = resampledMedian(current, c, random) / resampledMedian(base, b, random);
        }
        Arrays.sort(ratios);
        double tail = (1 - confidence) / 2 * 100;
        return new Interval(estimate, Descriptive.percentile(ratios, tail), Descriptive.percentile(ratios, 100 - tail),
                confidence);
    }

    private static double resampledMedian(double[] from, double[] scratch, SplittableRandom random) {
        for (int i = 0; i < scratch.length; i++) {
            scratch[i] = from[random.nextInt(from.length)];
        }
        Arrays.sort(scratch);
        return Descriptive.percentile(scratch, 50);
    }
}
