package dev.panbench.harness.stats;

import org.apache.commons.math3.distribution.TDistribution;

/**
 * Where a new run's forks fall against the modes its history saw ({@link ForkModes}).
 * <p>
 * Each new fork is matched to its nearest mode. It lies in that mode when it is inside the mode's 99% prediction
 * interval for one new fork, {@code center +- t(N - K, 1 - alpha/2) * s * sqrt(1 + 1/n_k)} (Hahn and Meeker,
 * <i>Statistical Intervals</i>, 1991, section 4.7), with {@code s} the forks' pooled spread about their modes
 * ({@code N} forks, {@code K} modes) and {@code n_k} the mode's forks: the noise of that mode, runs included; or
 * when it lies within the margin of the center (the threshold, or the dispatch floor's share of a very short time;
 * a history of very quiet forks has a band narrower than any change
 * the gate cares about).
 * <p>
 * The run's shift is the mean over its forks of each fork's log distance from its nearest mode. A new run's shift
 * varies by {@code sigma_b^2 + sigma_w^2 / F} (what its {@code F} forks share as a run, and what they do not; the
 * variance components of {@link ForkModes.Fit}) plus the uncertainty of the modes' centers
 * ({@code sigma_b^2 / R_k + sigma_w^2 / n_k}); its t quantile takes the Welch-Satterthwaite degrees of freedom of
 * that sum (Satterthwaite, Biometrics Bulletin 2, 1946, 110-114): the run part counts {@code R - 1}, the fork part
 * the forks' within-run degrees of freedom. Where the runs show no component of their own (estimated at zero), the
 * forks are replicates and their pooled spread, with {@code N - K} degrees of freedom, is used instead (pooling after
 * a preliminary test; Bancroft, Annals of Mathematical Statistics 15, 1944, 190-204). A run whose forks all lie in
 * seen modes and whose shift's
 * {@code 1 - 2 alpha} interval ({@link #EQUIVALENCE_ALPHA}) lies within the equivalence margin is unchanged (two
 * one-sided tests, Schuirmann 1987); a run
 * each of whose forks lies beyond every mode, on the same side, may have regressed (or improved), measured against
 * the nearest mode on that side, which is then every fork's nearest mode.
 */
public final class ModalRunToRun {

    /**
     * Level of the two one-sided tests that show a run {@code unchanged}: 0.05 each side, the {@code 90%} interval of
     * Schuirmann (Journal of Pharmacokinetics and Biopharmaceutics 15, 1987, 657-680) and of average bioequivalence
     * (FDA guidance, 2001). An equivalence claim is held to the standard level; a regression, which fails a build,
     * to the comparison's {@code confidence} (0.99).
     */
    public static final double EQUIVALENCE_ALPHA = 0.05;

    private ModalRunToRun() {
    }

    /**
     * @param shift          mean over the forks of log(fork median) minus its nearest mode's center
     * @param halfWidth      half-width of the shift's two-sided interval at the confidence
     * @param equivalenceHalfWidth half-width of its {@code 1 - 2 alpha} interval (two one-sided tests at
     *                             {@link #EQUIVALENCE_ALPHA})
     * @param pValue         two-sided probability of a shift this large from run-to-run variation alone
     * @param degreesOfFreedom Welch-Satterthwaite degrees of freedom of the shift's variance
     * @param reference      the mode nearest the mean of the forks' log medians; where every fork lies beyond every mode on one
     *                       side, the mode nearest that side
     * @param inSeenModes    forks lying inside the band of their nearest mode, or within the margin of its center,
     *                       where that mode was seen in two runs or more ({@link ForkModes.Mode#confirmed()})
     * @param aboveEvery     forks above every mode's band (slower, for a time per operation)
     * @param belowEvery     forks below every mode's band
     * @param forks          forks of the new run
     * @param forkBand       half-width, on the log scale, of the reference mode's band for one new fork
     */
    public record Placement(double shift, double halfWidth, double equivalenceHalfWidth, double pValue,
                            double degreesOfFreedom, int reference, int inSeenModes, int aboveEvery, int belowEvery,
                            int forks, double forkBand) {

        public boolean allAboveEveryMode() {
            return aboveEvery == forks;
        }

        public boolean allBelowEveryMode() {
            return belowEvery == forks;
        }

        public boolean allInSeenModes() {
            return inSeenModes == forks;
        }
    }

    /**
     * Where a run of these forks falls, at {@code confidence} (0.99); a fork within {@code margin} of a mode's center
     * counts as in it even where the mode's band is narrower: the gate's threshold (0.05), or the share of the
     * result's time that the dispatch floor is, where that is larger (no change below it can be resolved).
     */
    public static Placement place(ForkModes.Fit fit, double[][] current, double confidence, double margin) {
        double alpha = 1 - confidence;
        int forkDf = fit.forkDf();
        double tFork = forkDf > 0 ? new TDistribution(null, forkDf).inverseCumulativeProbability(1 - alpha / 2)
                : Double.POSITIVE_INFINITY;
        int f = 0;
        double[] logs = new double[current.length];
        for (double[] fork : current) {
            if (fork.length > 0) {
                logs[f++] = Math.log(Descriptive.median(fork));
            }
        }
        logs = java.util.Arrays.copyOf(logs, f);
        if (f == 0) {
            throw new IllegalArgumentException("a run to place needs one fork with samples or more");
        }
        int lowest = 0;
        int highest = fit.modes().size() - 1;
        int in = 0;
        int above = 0;
        int below = 0;
        double shift = 0;
        double centerVar = 0;
        int first = fit.nearest(java.util.Arrays.stream(logs).average().orElseThrow());
        for (double y : logs) {
            // a fork inside a mode seen in two runs or more belongs to it, even where a level seen once lies nearer
            int k = fit.nearestConfirmed(y);
            boolean inConfirmed = Math.abs(y - fit.modes().get(k).center())
                    <= Math.max(band(fit, k, tFork), Math.log1p(margin));
            if (inConfirmed) {
                in++;
            } else {
                k = fit.nearest(y);
            }
            ForkModes.Mode m = fit.modes().get(k);
            if (y - fit.modes().get(highest).center() > band(fit, highest, tFork)) {
                boolean beyondAll = true;
                for (int j = 0; j < fit.modes().size(); j++) {
                    beyondAll &= y - fit.modes().get(j).center() > band(fit, j, tFork);
                }
                above += beyondAll ? 1 : 0;
            }
            if (fit.modes().get(lowest).center() - y > band(fit, lowest, tFork)) {
                boolean beyondAll = true;
                for (int j = 0; j < fit.modes().size(); j++) {
                    beyondAll &= fit.modes().get(j).center() - y > band(fit, j, tFork);
                }
                below += beyondAll ? 1 : 0;
            }
            shift += y - m.center();
            centerVar += centerVariance(fit, m);
        }
        shift /= f;
        centerVar /= (double) f * f;
        int reference = above == f ? highest : below == f ? lowest : first;
        double fs2 = fit.forkSd() * fit.forkSd();
        double runPart = fit.betweenRun() + centerVar;
        double forkPart = Double.isNaN(fit.withinRun()) ? 0 : fit.withinRun() / f;
        double se = Math.sqrt(runPart + forkPart);
        double df = satterthwaite(runPart, fit.runs() - 1, forkPart, fit.withinDf());
        if (fit.betweenRun() == 0 && fit.forkDf() > 0) {
            // no run component shows: every fork is a replicate, and the forks' pooled spread has N - K degrees of
            // freedom (pooling after a preliminary test, Bancroft 1944)
            double perFork = 0;
            for (double y : logs) {
                perFork += 1.0 / fit.modes().get(fit.nearest(y)).forks();
            }
            se = fit.forkSd() * Math.sqrt(1.0 / f + perFork / ((double) f * f));
            df = fit.forkDf();
        }
        if (Double.isNaN(fs2) || Double.isNaN(se) || !(df >= 1)) {
            return new Placement(shift, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, 1, df, reference, 0, 0,
                    0, f, Double.POSITIVE_INFINITY);
        }
        TDistribution t = new TDistribution(null, df);
        double p = se == 0 ? (shift == 0 ? 1 : 0) : 2 * (1 - t.cumulativeProbability(Math.abs(shift) / se));
        return new Placement(shift, t.inverseCumulativeProbability(1 - alpha / 2) * se,
                t.inverseCumulativeProbability(1 - EQUIVALENCE_ALPHA) * se, Math.min(1, p), df, reference, in, above, below, f,
                band(fit, reference, tFork));
    }

    /** Half-width of mode {@code k}'s prediction interval for one new fork. */
    private static double band(ForkModes.Fit fit, int k, double tFork) {
        return tFork * fit.forkSd() * Math.sqrt(1 + 1.0 / fit.modes().get(k).forks());
    }

    private static double centerVariance(ForkModes.Fit fit, ForkModes.Mode m) {
        if (Double.isNaN(fit.withinRun())) {
            return fit.betweenRun() / m.runs();
        }
        return fit.betweenRun() / m.runs() + fit.withinRun() / m.forks();
    }

    /** Welch-Satterthwaite degrees of freedom of {@code a + b}, each estimated with its own degrees of freedom. */
    static double satterthwaite(double a, int dfA, double b, int dfB) {
        double num = (a + b) * (a + b);
        double den = (dfA > 0 ? a * a / dfA : (a > 0 ? Double.POSITIVE_INFINITY : 0))
                + (dfB > 0 ? b * b / dfB : (b > 0 ? Double.POSITIVE_INFINITY : 0));
        if (num == 0) {
            return Math.max(1, dfA + dfB);
        }
        return num / den;
    }
}
