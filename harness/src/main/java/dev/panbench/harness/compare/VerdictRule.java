package dev.panbench.harness.compare;

/**
 * The rule that turns a change into a verdict, written in terms of the slowdown {@code s} (time per operation,
 * current over base; above 1 is worse) so time and throughput units share it:
 * <ul>
 * <li>{@code regressed}: the shift is significant (Mann-Whitney p below alpha, and the bootstrap interval of
 * {@code s} excludes 1) and the estimate of {@code s} is beyond {@code 1 + threshold};</li>
 * <li>{@code improved}: the same, below {@code 1 / (1 + threshold)};</li>
 * <li>{@code unchanged}: the whole interval lies within {@code [1/(1+threshold), 1+threshold]};</li>
 * <li>{@code inconclusive}: anything else: the interval reaches past the threshold but the data do not show a
 * significant shift beyond it.</li>
 * </ul>
 * Both conditions of a regression are needed: the test alone flags tiny but consistent shifts, the estimate alone
 * flags noise. Measured on simulated samples (see {@code VerdictRuleSimulationTest}).
 * <p>
 * {@code unchanged} may be judged on an interval of its own: the two one-sided tests procedure (Schuirmann 1987)
 * shows a change smaller than the threshold at level alpha when its {@code 1 - 2 alpha} interval lies inside it. The
 * run-to-run gate does so; comparisons of samples use the one interval for both.
 */
public final class VerdictRule {

    private VerdictRule() {
    }

    /**
     * @param slowdown       estimate of s
     * @param slowdownLower  lower end of its interval
     * @param slowdownUpper  upper end of its interval
     * @param pValue         two-sided p-value of the shift
     */
    public static Verdict decide(double slowdown, double slowdownLower, double slowdownUpper, double pValue,
                                 double threshold, double alpha) {
        return decide(slowdown, slowdownLower, slowdownUpper, pValue, threshold, alpha, slowdownLower, slowdownUpper);
    }

    /**
     * @param equivalentLower lower end of the interval that judges {@code unchanged}
     * @param equivalentUpper its upper end
     */
    public static Verdict decide(double slowdown, double slowdownLower, double slowdownUpper, double pValue,
                                 double threshold, double alpha, double equivalentLower, double equivalentUpper) {
        return decide(slowdown, slowdownLower, slowdownUpper, pValue, threshold, alpha, equivalentLower,
                equivalentUpper, threshold);
    }

    /**
     * @param margin the relative change within which {@code unchanged} is shown, at least the threshold: where no
     *               change smaller than some bound can be called {@code regressed} (a time below the timer's
     *               resolution), showing the change inside that bound is what {@code unchanged} can mean; the
     *               estimate itself must still lie within the threshold
     */
    public static Verdict decide(double slowdown, double slowdownLower, double slowdownUpper, double pValue,
                                 double threshold, double alpha, double equivalentLower, double equivalentUpper,
                                 double margin) {
        double worse = 1 + threshold;
        double better = 1 / worse;
        boolean significant = pValue < alpha && (slowdownLower > 1 || slowdownUpper < 1);
        if (significant && slowdown > worse) {
            return Verdict.regressed;
        }
        if (significant && slowdown < better) {
            return Verdict.improved;
        }
        double within = 1 + Math.max(threshold, margin);
        if (equivalentLower >= 1 / within && equivalentUpper <= within && slowdown <= worse && slowdown >= better) {
            return Verdict.unchanged;
        }
        return Verdict.inconclusive;
    }
}
