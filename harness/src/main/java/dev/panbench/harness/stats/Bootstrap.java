package dev.panbench.harness.stats;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Bootstrap confidence interval of the ratio of medians {@code median(current) / median(base)}: each resample draws
 * both samples again with replacement (independently, since the two runs are independent), and the interval is the
 * percentile interval of the resampled ratios. Seeded, so a comparison rerun on the same files gives the same
 * interval.
 * <p>
 * Samples come in forks (one JVM each), and forks differ by more than their iterations do: code layout, heap
 * addresses and JIT decisions are fixed per JVM. Where a side has two or more forks, the resampling is hierarchical:
 * forks are drawn with replacement, then iterations within each drawn fork, so the interval includes the
 * fork-to-fork variation instead of treating every iteration as independent. The forks are the ones the results
 * recorded; nothing here guesses them from a count.
 */
public final class Bootstrap {

    private Bootstrap() {
    }

    /** A point estimate with its confidence interval. */
    public record Interval(double estimate, double lower, double upper, double confidence) {

        public boolean contains(double v) {
            return lower <= v && v <= upper;
        }
    }

    /** Both sides taken as one fork each. */
    public static Interval ratioOfMedians(double[] base, double[] current, double confidence, int resamples,
                                          long seed) {
        return ratioOfMedians(new double[][]{base}, new double[][]{current}, confidence, resamples, seed);
    }

    /**
     * @param base    the base samples, one array per fork
     * @param current the current samples, one array per fork
     */
    public static Interval ratioOfMedians(double[][] base, double[][] current, double confidence, int resamples,
                                          long seed) {
        double[] flatBase = flat(base);
        double[] flatCurrent = flat(current);
        if (flatBase.length == 0 || flatCurrent.length == 0) {
            throw new IllegalArgumentException("both samples need at least one value");
        }
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("confidence must lie in (0, 1): " + confidence);
        }
        if (resamples < 1) {
            throw new IllegalArgumentException("resamples must be positive: " + resamples);
        }
        double estimate = Descriptive.median(flatCurrent) / Descriptive.median(flatBase);
        SplittableRandom random = new SplittableRandom(seed);
        double[] ratios = new double[resamples];
        for (int i = 0; i < resamples; i++) {
            ratios[i] = resampledMedian(current, flatCurrent, random) / resampledMedian(base, flatBase, random);
        }
        Arrays.sort(ratios);
        double tail = (1 - confidence) / 2 * 100;
        return new Interval(estimate, Descriptive.percentile(ratios, tail), Descriptive.percentile(ratios, 100 - tail),
                confidence);
    }

    /** Every value of every fork, fork after fork. */
    public static double[] flat(double[][] forks) {
        int n = 0;
        for (double[] f : forks) {
            n += f.length;
        }
        double[] out = new double[n];
        int at = 0;
        for (double[] f : forks) {
            System.arraycopy(f, 0, out, at, f.length);
            at += f.length;
        }
        return out;
    }

    private static double resampledMedian(double[][] forks, double[] flat, SplittableRandom random) {
        double[] scratch;
        if (forks.length == 1) {
            scratch = new double[flat.length];
            for (int i = 0; i < scratch.length; i++) {
                scratch[i] = flat[random.nextInt(flat.length)];
            }
        } else {
            double[][] drawn = new double[forks.length][];
            for (int f = 0; f < forks.length; f++) {
                double[] fork = forks[random.nextInt(forks.length)];
                drawn[f] = new double[fork.length];
                for (int i = 0; i < fork.length; i++) {
                    drawn[f][i] = fork[random.nextInt(fork.length)];
                }
            }
            scratch = flat(drawn);
        }
        Arrays.sort(scratch);
        return Descriptive.percentile(scratch, 50);
    }
}
