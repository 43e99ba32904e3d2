package dev.panbench.harness.stats;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Bootstrap confidence interval of the ratio of medians {@code median(current) / median(base)}: each resample draws
 * both samples again with replacement (independently, since the two runs are independent), and the interval is the
 * percentile interval of the resampled ratios. Seeded, so a comparison rerun on the same files gives the same
 * interval.
 * <p>
 * Samples come in forks (one JVM each, {@code block} consecutive iterations), and forks differ by more than their
 * iterations do: code layout, heap addresses and JIT decisions are fixed per JVM. Where a side has two or more
 * forks, the resampling is hierarchical: forks are drawn with replacement, then iterations within each drawn fork,
 * so the interval includes the fork-to-fork variation instead of treating every iteration as independent.
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
        return ratioOfMedians(base, base.length, current, current.length, confidence, resamples, seed);
    }

    /**
     * @param baseBlock    iterations per fork in {@code base} (its length for one fork, or when unknown)
     * @param currentBlock the same for {@code current}
     */
    public static Interval ratioOfMedians(double[] base, int baseBlock, double[] current, int currentBlock,
                                          double confidence, int resamples, long seed) {
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
            ratios[i] = resampledMedian(current, currentBlock, c, random) / resampledMedian(base, baseBlock, b, random);
        }
        Arrays.sort(ratios);
        double tail = (1 - confidence) / 2 * 100;
        return new Interval(estimate, Descriptive.percentile(ratios, tail), Descriptive.percentile(ratios, 100 - tail),
                confidence);
    }

    /** Forks of a sample: its length divided by the block, or 1 when the block does not divide it evenly. */
    public static int forks(int length, int block) {
        return block > 0 && block < length && length % block == 0 ? length / block : 1;
    }

    private static double resampledMedian(double[] from, int block, double[] scratch, SplittableRandom random) {
        int forks = forks(from.length, block);
        if (forks == 1) {
            for (int i = 0; i < scratch.length; i++) {
                scratch[i] = from[random.nextInt(from.length)];
            }
        } else {
            for (int f = 0; f < forks; f++) {
                int start = random.nextInt(forks) * block;
                for (int i = 0; i < block; i++) {
                    scratch[f * block + i] = from[start + random.nextInt(block)];
                }
            }
        }
        Arrays.sort(scratch);
        return Descriptive.percentile(scratch, 50);
    }
}
