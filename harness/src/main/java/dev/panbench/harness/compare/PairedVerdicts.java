package dev.panbench.harness.compare;

import dev.panbench.harness.Defaults;
import dev.panbench.harness.model.ResultId;
import dev.panbench.harness.stats.Descriptive;
import dev.panbench.harness.stats.TrimmedMean;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * The paired gate's verdicts. Each pair of forks (base and candidate of one result, adjacent in time) gives one
 * difference {@code d = ln(slowdown)}: positive when the candidate is slower, in any unit. The differences of a result
 * are judged with Yuen's trimmed-mean t-test and its interval ({@link TrimmedMean}), never by pooling the two sides'
 * samples:
 * <ul>
 * <li>{@code regressed}: the one-sided p-value, Holm-adjusted over the results judged, is at most
 *     {@link Defaults#ALPHA} (the one-sided 99% bound lies above zero), and the change is not shown to be within the
 *     threshold (the 90% interval reaches beyond it). A change at the threshold itself is caught; a significant
 *     change shown to be smaller than the threshold is {@code unchanged}.</li>
 * <li>{@code improved}: the same, the other way.</li>
 * <li>{@code unchanged}: the 90% interval lies inside the threshold (two one-sided tests at 5%).</li>
 * <li>{@code inconclusive} otherwise, saying which changes the pairs could rule out.</li>
 * </ul>
 * Bytes allocated per operation are judged apart: no neighbour moves them, so a growth beyond
 * {@link Defaults#ALLOC_GROWTH_FRACTION} and {@link Defaults#ALLOC_GROWTH_BYTES} fails the result whatever its time.
 */
public final class PairedVerdicts {

    /** Level of the interval that decides {@code unchanged} and whether a change reaches the threshold. */
    public static final double EQUIVALENCE_CONFIDENCE = 0.90;

    private PairedVerdicts() {
    }

    /**
     * The pairs of one result.
     *
     * @param d          {@code ln(slowdown)} of each pair
     * @param baseMedian each pair's base fork median, in {@code unit}
     * @param currentMedian each pair's candidate fork median
     * @param baseAlloc  bytes per operation of each base fork, null entries where not measured
     * @param currentAlloc likewise for the candidate
     */
    public record Pairs(ResultId id, String unit, boolean higherIsBetter, double[] d, double[] baseMedian,
                        double[] currentMedian, Double[] baseAlloc, Double[] currentAlloc) {

        public int n() {
            return d.length;
        }
    }

    /**
     * The share of the threshold an interval must lie inside for the rounds to stop measuring a result as
     * {@code unchanged} early: a change right at the threshold looks unchanged in some early looks, and stopping
     * there would hide it; the final verdict still uses the whole threshold.
     */
    public static final double EARLY_EQUIVALENCE_SHARE = 0.75;

    /**
     * Whether the pairs so far settle the result, judged against {@code results} results at once (Bonferroni, which
     * the final Holm step never contradicts); null while they do not. The gate stops measuring a settled result.
     */
    public static Verdict settled(Pairs p, double threshold, int results, int minPairs) {
        if (p.n() < minPairs) {
            return null;
        }
        if (allocGrowth(p) != null) {
            return Verdict.regressed;
        }
        TrimmedMean.Summary s = TrimmedMean.of(p.d(), EQUIVALENCE_CONFIDENCE);
        double alpha = Defaults.ALPHA / results;
        double limit = Math.log1p(threshold);
        Verdict v = timeVerdict(s, limit, s.pGreater() <= alpha, s.pLess() <= alpha);
        if (v == Verdict.unchanged) {
            double early = EARLY_EQUIVALENCE_SHARE * limit;
            return s.lower() > -early && s.upper() < early ? v : null;
        }
        return v == Verdict.inconclusive ? null : v;
    }

    /** The verdicts of every result of one gate, Holm-adjusted together. */
    public static List<Change> judge(List<Pairs> all, ToDoubleFunction<ResultId> threshold) {
        int m = all.size();
        double[] adjGreater = holm(all.stream().mapToDouble(p -> summary(p).pGreater()).toArray());
        double[] adjLess = holm(all.stream().mapToDouble(p -> summary(p).pLess()).toArray());
        List<Change> out = new ArrayList<>();
        for (int i = 0; i < m; i++) {
            out.add(change(all.get(i), threshold.applyAsDouble(all.get(i).id()), adjGreater[i], adjLess[i]));
        }
        return out;
    }

    private static TrimmedMean.Summary summary(Pairs p) {
        return TrimmedMean.of(p.d(), EQUIVALENCE_CONFIDENCE);
    }

    static Change change(Pairs p, double threshold, double pGreaterAdj, double pLessAdj) {
        TrimmedMean.Summary s = summary(p);
        double limit = Math.log1p(threshold);
        Verdict v = timeVerdict(s, limit, pGreaterAdj <= Defaults.ALPHA, pLessAdj <= Defaults.ALPHA);
        String note = p.n() + " pairs";
        if (v == Verdict.inconclusive) {
            double reach = Math.max(Math.abs(s.lower()), Math.abs(s.upper()));
            note += Double.isFinite(reach)
                    ? String.format(Locale.ROOT, "; the pairs rule out only changes beyond %s", pct(Math.expm1(reach)))
                    : "; too few pairs for an interval";
        }
        String alloc = allocGrowth(p);
        if (alloc != null) {
            v = Verdict.regressed;
            note += "; " + alloc;
        }
        double sign = p.higherIsBetter() ? -1 : 1;
        double ratio = Math.exp(sign * s.estimate());
        Double lo = Double.isFinite(s.lower()) ? Math.exp(sign * (sign > 0 ? s.lower() : s.upper())) : null;
        Double hi = Double.isFinite(s.upper()) ? Math.exp(sign * (sign > 0 ? s.upper() : s.lower())) : null;
        double pAdj = Math.min(pGreaterAdj, pLessAdj);
        return new Change(p.id(), v, p.unit(), p.higherIsBetter(), threshold, Descriptive.median(p.baseMedian()),
                Descriptive.median(p.currentMedian()), ratio, ratio - 1, lo, hi, EQUIVALENCE_CONFIDENCE, pAdj, p.n(), p.n(),
                null, null, note);
    }

    private static Verdict timeVerdict(TrimmedMean.Summary s, double limit, boolean slower, boolean faster) {
        if (slower && s.upper() > limit) {
            return Verdict.regressed;
        }
        if (faster && s.lower() < -limit) {
            return Verdict.improved;
        }
        if (s.lower() > -limit && s.upper() < limit) {
            return Verdict.unchanged;
        }
        return Verdict.inconclusive;
    }

    /**
     * Why the candidate's allocation grew beyond what is allowed, or null where it did not: in every pair (three or
     * more), the candidate fork allocated more than its base fork by more than the allowance. JMH's own bookkeeping
     * shares a few kilobytes per iteration among the operations of that iteration, so a slow fork of a long operation
     * reads a few hundred bytes more per operation than its twin; a real growth (a boxed value, a copy) shows in every
     * pair, noise does not.
     */
    static String allocGrowth(Pairs p) {
        if (p.n() < 3) {
            return null;
        }
        double[] base = new double[p.n()];
        double[] current = new double[p.n()];
        for (int i = 0; i < p.n(); i++) {
            Double b = p.baseAlloc()[i];
            Double c = p.currentAlloc()[i];
            if (b == null || c == null || b.isNaN() || c.isNaN()
                    || c <= b * (1 + Defaults.ALLOC_GROWTH_FRACTION) + Defaults.ALLOC_GROWTH_BYTES) {
                return null;
            }
            base[i] = b;
            current[i] = c;
        }
        return String.format(Locale.ROOT, "allocates %.0f B/op against %.0f in every pair (more than %s and %.0f B"
                        + " more)", Descriptive.median(current), Descriptive.median(base),
                pct(Defaults.ALLOC_GROWTH_FRACTION), Defaults.ALLOC_GROWTH_BYTES);
    }

    /** Holm's step-down adjustment of {@code p}, in the given order. */
    static double[] holm(double[] p) {
        int m = p.length;
        Integer[] order = new Integer[m];
        for (int i = 0; i < m; i++) {
            order[i] = i;
        }
        java.util.Arrays.sort(order, Comparator.comparingDouble(i -> p[i]));
        double[] adj = new double[m];
        double running = 0;
        for (int rank = 0; rank < m; rank++) {
            int i = order[rank];
            running = Math.max(running, Math.min(1, (m - rank) * p[i]));
            adj[i] = running;
        }
        return adj;
    }

    private static String pct(double f) {
        return String.format(Locale.ROOT, "%.1f%%", 100 * f);
    }
}
