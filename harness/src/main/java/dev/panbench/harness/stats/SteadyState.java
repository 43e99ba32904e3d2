package dev.panbench.harness.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Whether a result's measured iterations were at a steady state, fork by fork, in time order. Three checks, each a
 * named method, in this order; a fork that fails one is unsteady, and so is the result:
 * <ul>
 *   <li><b>trend</b>: the Mann-Kendall test ({@link MannKendall}) at {@value #ALPHA} two-sided, and a Theil-Sen
 *       change over the fork of at least {@value #BOUND} of its median (a significant but tiny drift is steady):
 *       code still being compiled, or a heap still filling, shows as a falling or rising series;</li>
 *   <li><b>step</b>: every iteration before some point above (or below) every iteration after it, at least two on
 *       each side, their medians at least {@value #BOUND} apart: a changepoint, as when compiled code replaces slower
 *       code mid-measurement. This is the changepoint view of E. Barrett et al., "Virtual Machine Warmup Blows Hot
 *       and Cold", OOPSLA 2017 (a steady state starts after the last changepoint, so measured iterations with a
 *       changepoint inside were not all steady), reduced to the one split a handful of iterations can show;</li>
 *   <li><b>two levels</b>: the values split at their largest gap into two groups of at least two values (and at
 *       least a fifth of the fork each), the gap wider than either group and at least {@value #BOUND} of the lower
 *       group's median, the groups interleaved in time: a bimodal fork, whose median is an arbitrary pick between
 *       two states.</li>
 * </ul>
 * A single slow first iteration is neither (the median does not move). A fork of fewer than
 * {@value #MIN_ITERATIONS} iterations is not judged (steady is null, with the reason): no test can tell a trend from
 * noise in three values.
 */
public final class SteadyState {

    public static final double ALPHA = 0.05;
    public static final double BOUND = 0.10;
    public static final int MIN_ITERATIONS = 4;
    public static final String METHOD = "Mann-Kendall trend (alpha 0.05, Theil-Sen change >= 10%), step (before and"
            + " after apart, medians >= 10% apart) and two interleaved levels (>= 10% apart) over each fork's measured"
            + " iterations";

    /**
     * The verdict: {@code steady} null when not judged (a results file then leaves the field out); {@code reason}
     * says why it is unsteady or not judged.
     */
    public record Verdict(Boolean steady, String method, String reason) {

        /** As written into a result ({@code {"steady": .., "method": .., "reason": ..}}). */
        public Map<String, Object> toMap() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("steady", steady);
            m.put("method", method);
            if (reason != null) {
                m.put("reason", reason);
            }
            return m;
        }

        public boolean unsteady() {
            return Boolean.FALSE.equals(steady);
        }
    }

    private SteadyState() {
    }

    /** The verdict over every fork's measured iterations (each list in the order they were measured). */
    public static Verdict of(List<List<Double>> forks) {
        List<String> findings = new ArrayList<>();
        int judged = 0;
        int shortest = Integer.MAX_VALUE;
        for (int f = 0; f < forks.size(); f++) {
            double[] x = forks.get(f).stream().mapToDouble(Double::doubleValue).toArray();
            shortest = Math.min(shortest, x.length);
            if (x.length < MIN_ITERATIONS) {
                continue;
            }
            judged++;
            String finding = check(x);
            if (finding != null) {
                findings.add((forks.size() > 1 ? "fork " + (f + 1) + ": " : "") + finding);
            }
        }
        if (!findings.isEmpty()) {
            String more = findings.size() > 1 ? " (and " + (findings.size() - 1) + " more fork"
                    + (findings.size() > 2 ? "s" : "") + ")" : "";
            return new Verdict(false, METHOD, findings.getFirst() + more);
        }
        if (judged == 0) {
            return new Verdict(null, METHOD, (forks.isEmpty() ? 0 : shortest) + " iteration"
                    + (shortest == 1 ? "" : "s") + " per fork: too few to judge (" + MIN_ITERATIONS + " needed)");
        }
        return new Verdict(true, METHOD, null);
    }

    /** What makes one fork's series unsteady, or null when it is steady. */
    static String check(double[] x) {
        int n = x.length;
        double median = Descriptive.median(x.clone());
        if (!(median > 0)) {
            return null;
        }
        MannKendall.Result mk = MannKendall.test(x);
        double change = mk.slope() * (n - 1) / median;
        if (mk.p() <= ALPHA && Math.abs(change) >= BOUND) {
            return String.format(Locale.ROOT, "%s %.0f%% over %d iterations (Mann-Kendall p = %.3f)",
                    change < 0 ? "falling" : "rising", Math.abs(change) * 100, n, mk.p());
        }
        String step = step(x);
        return step != null ? step : levels(x);
    }

    /**
     * A step: the iterations before some point all above (or all below) every iteration after it, each side at least
     * two iterations, their medians at least {@value #BOUND} apart; the largest such step.
     */
    private static String step(double[] x) {
        int n = x.length;
        String best = null;
        double bestChange = 0;
        for (int k = 2; k <= n - 2; k++) {
            double[] before = Arrays.copyOfRange(x, 0, k);
            double[] after = Arrays.copyOfRange(x, k, n);
            boolean down = Arrays.stream(after).max().orElseThrow() < Arrays.stream(before).min().orElseThrow();
            boolean up = Arrays.stream(after).min().orElseThrow() > Arrays.stream(before).max().orElseThrow();
            double mb = Descriptive.median(before);
            double ma = Descriptive.median(after);
            double change = Math.max(mb, ma) / Math.min(mb, ma) - 1;
            if ((down || up) && change >= BOUND && change > bestChange) {
                bestChange = change;
                best = String.format(Locale.ROOT, "step %s by %.0f%% of the lower level at iteration %d of %d",
                        down ? "down" : "up", change * 100, k + 1, n);
            }
        }
        return best;
    }

    private static String levels(double[] x) {
        int n = x.length;
        double[] sorted = x.clone();
        Arrays.sort(sorted);
        int minGroup = Math.max(2, (n + 4) / 5);
        int best = -1;
        double bestGap = 0;
        for (int i = minGroup; i <= n - minGroup; i++) {
            double gap = sorted[i] - sorted[i - 1];
            if (gap > bestGap) {
                bestGap = gap;
                best = i;
            }
        }
        if (best < 0) {
            return null;
        }
        double lowRange = sorted[best - 1] - sorted[0];
        double highRange = sorted[n - 1] - sorted[best];
        double lowMedian = Descriptive.median(Arrays.copyOfRange(sorted, 0, best));
        double highMedian = Descriptive.median(Arrays.copyOfRange(sorted, best, n));
        if (!(bestGap > Math.max(lowRange, highRange)) || bestGap < BOUND * lowMedian) {
            return null;
        }
        double cut = sorted[best];
        int firstHigh = -1;
        int lastHigh = -1;
        int firstLow = -1;
        int lastLow = -1;
        for (int i = 0; i < n; i++) {
            if (x[i] >= cut) {
                firstHigh = firstHigh < 0 ? i : firstHigh;
                lastHigh = i;
            } else {
                firstLow = firstLow < 0 ? i : firstLow;
                lastLow = i;
            }
        }
        String change = String.format(Locale.ROOT, "%.0f%%", (highMedian / lowMedian - 1) * 100);
        if (lastHigh < firstLow || lastLow < firstHigh) {
            return null; // one level after the other: a step, which step() judges
        }
        return "two levels " + change + " apart (" + (n - best) + " high, " + best + " low of " + n
                + " iterations, interleaved)";
    }
}
