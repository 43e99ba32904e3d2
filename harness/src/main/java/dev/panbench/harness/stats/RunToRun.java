package dev.panbench.harness.stats;

import org.apache.commons.math3.distribution.TDistribution;

import java.util.List;

/**
 * How much one result moves from run to run, learnt from the runs of a baseline's history, and where a new run of it
 * may fall.
 * <p>
 * The model is a one-way random-effects (variance-components) model with a run level above forks and iterations,
 * on the log scale so that a change is a ratio whatever the result's magnitude: the log of run {@code r}'s median is
 * <pre>
 *   m_r = mu + a_r + e_r,   a_r ~ N(0, sigma_run^2),   e_r ~ N(0, v_r)
 * </pre>
 * where {@code a_r} is what a whole run shares (the machine's state that hour, code layout, JIT decisions of every
 * fork) and {@code v_r} is how precisely the run's own forks and iterations pin its median (from the spread of its
 * fork medians, or of its iterations when it has one fork). The sample variance {@code s^2} of {@code m_1..m_R}
 * estimates {@code sigma_run^2 + mean(v_r)}, exactly the variance of a new run made the same way, so a new run's
 * {@code m} is predicted by the classical normal prediction interval
 * <pre>
 *   mean(m) +- t(R-1, 1 - alpha/2) * sqrt(s^2 + s^2 / R)
 * </pre>
 * (Hahn and Meeker, <i>Statistical Intervals</i>, Wiley 1991, section 4.7; Meeker, Hahn and Escobar, 2nd ed. 2017,
 * section 4.4). The variance of a run is taken as {@code sigma_run^2 + v} with the run component truncated at zero,
 * so a history whose few runs happen to agree more closely than their own forks do cannot promise a narrower band
 * than the forks allow; a current run measured less precisely than the history's runs (fewer forks) widens it by
 * its own larger {@code v} (from the history's fork-to-fork variance where the history has forks). The run component alone, {@code sigma_run^2 = max(0, s^2 - mean(v_r))}, is the
 * method-of-moments estimate of DerSimonian and Laird (Controlled Clinical Trials 7, 1986, 177-188); it is reported
 * so a user sees whether a result's noise lives between runs or inside them. With {@code R} small the t quantile is
 * large (4.60 for five runs at 99%): few runs buy a wide interval, never a false alarm.
 * <p>
 * Saying a result is unchanged is a different claim from saying it regressed: that its change is smaller than the
 * threshold both ways. Its test is the two one-sided tests procedure (Schuirmann, J. Pharmacokinetics and
 * Biopharmaceutics 15, 1987, 657-680) at the same level {@code alpha = 1 - confidence}, which is the
 * {@code 1 - 2 alpha} interval lying inside the threshold ({@code t(R-1, 1 - alpha)}: 3.75 for five runs at 99%),
 * not the two-sided {@code 1 - alpha} interval used to flag a regression.
 */
public final class RunToRun {

    private RunToRun() {
    }

    /**
     * What the history says about one result.
     *
     * @param runs          runs it was measured in
     * @param center        mean of the runs' log medians; {@code exp(center)} is the geometric mean of their medians
     * @param runSd         standard deviation of the runs' log medians (about the relative run-to-run spread)
     * @param runComponent  the part of it that lives between runs, {@code sqrt(max(0, s^2 - mean v))}
     * @param withinSd      the part a run's own forks and iterations explain, {@code sqrt(mean v)}
     * @param forkVariance  variance of one fork's log median, from the runs of two forks or more; NaN when every
     *                      run had one fork
     */
    public record Estimate(int runs, double center, double runSd, double runComponent, double withinSd,
                           double forkVariance) {
    }

    /**
     * Where a new run falls against the history.
     *
     * @param shift     log of the new run's median over the history's geometric-mean median
     * @param halfWidth half-width, on the log scale, of the prediction interval at the asked confidence
     * @param equivalenceHalfWidth half-width of the interval that two one-sided tests at level {@code 1 -
     *                  confidence} use (its {@code 1 - 2 alpha} interval: 98% for a 99% confidence): a change whose
     *                  interval this wide lies within the threshold is shown to be smaller than it
     * @param pValue    two-sided probability of a shift at least this large from run-to-run variation alone
     */
    public record Prediction(double shift, double halfWidth, double equivalenceHalfWidth, double pValue,
                             double confidence) {

        /** Whether the new run lies outside what run-to-run variation explains at this confidence. */
        public boolean outside() {
            return Math.abs(shift) > halfWidth;
        }
    }

    /** @param runs each run's samples of the result, fork by fork */
    public static Estimate estimate(List<double[][]> runs) {
        int r = runs.size();
        if (r < 2) {
            throw new IllegalArgumentException("run-to-run variation needs two runs or more, not " + r);
        }
        double[] m = new double[r];
        double v = 0;
        double perFork = 0;
        int multiFork = 0;
        for (int i = 0; i < r; i++) {
            double[][] x = runs.get(i);
            m[i] = Math.log(Descriptive.median(Bootstrap.flat(x)));
            double vi = withinVariance(x);
            v += vi;
            if (x.length >= 2) {
                perFork += vi * x.length;
                multiFork++;
            }
        }
        v /= r;
        double center = Descriptive.mean(m);
        double s = Descriptive.stddev(m, center);
        return new Estimate(r, center, s, Math.sqrt(Math.max(0, s * s - v)), Math.sqrt(v),
                multiFork == 0 ? Double.NaN : perFork / multiFork);
    }

    /** Where a new run with these forks falls, at {@code confidence} (0.99: a 99% prediction interval). */
    public static Prediction predict(Estimate e, double[][] current, double confidence) {
        double shift = Math.log(Descriptive.median(Bootstrap.flat(current))) - e.center();
        int forks = current.length;
        // a run's own two forks pin their spread poorly; the history's forks, many more, know it better
        double own = Double.isNaN(e.forkVariance()) ? withinVariance(current) : e.forkVariance() / forks;
        double between = e.runComponent() * e.runComponent();
        double historyRun = between + e.withinSd() * e.withinSd();
        double se = Math.sqrt(between + Math.max(own, e.withinSd() * e.withinSd()) + historyRun / e.runs());
        TDistribution t = new TDistribution(null, e.runs() - 1);
        double alpha = 1 - confidence;
        double half = t.inverseCumulativeProbability(1 - alpha / 2) * se;
        double equivalence = t.inverseCumulativeProbability(1 - alpha) * se;
        double p;
        if (se == 0) {
            p = shift == 0 ? 1 : 0;
        } else {
            p = 2 * (1 - t.cumulativeProbability(Math.abs(shift) / se));
        }
        return new Prediction(shift, half, equivalence, Math.min(1, p), confidence);
    }

    /**
     * The variance of a run's log median from the inside: that of its fork log medians over the fork count where it
     * has two forks or more; else the large-sample variance of a median, {@code (pi / 2) sd^2 / n}, with a robust
     * sd (1.4826 MAD) of its log iterations.
     */
    static double withinVariance(double[][] forks) {
        if (forks.length >= 2) {
            double[] fm = new double[forks.length];
            for (int f = 0; f < forks.length; f++) {
                fm[f] = Math.log(Descriptive.median(forks[f]));
            }
            double sd = Descriptive.stddev(fm, Descriptive.mean(fm));
            return sd * sd / forks.length;
        }
        double[] samples = Bootstrap.flat(forks);
        if (samples.length < 2) {
            return 0;
        }
        double[] logs = new double[samples.length];
        for (int i = 0; i < logs.length; i++) {
            logs[i] = Math.log(samples[i]);
        }
        double med = Descriptive.median(logs);
        double[] dev = new double[logs.length];
        for (int i = 0; i < logs.length; i++) {
            dev[i] = Math.abs(logs[i] - med);
        }
        double sd = RobustSpread.NORMAL_CONSISTENCY * Descriptive.median(dev);
        return Math.PI / 2 * sd * sd / samples.length;
    }
}
