package dev.panbench.harness.compare;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.ResultFile;
import dev.panbench.harness.model.ResultId;
import dev.panbench.harness.stats.Bootstrap;
import dev.panbench.harness.stats.Descriptive;
import dev.panbench.harness.stats.MannWhitney;
import dev.panbench.harness.stats.RobustSpread;
import dev.panbench.harness.stats.RunToRun;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Judges a run against a baseline's history instead of its latest run alone: each result's change is measured from
 * the geometric mean of the history's run medians, and its interval is the prediction interval of a new run
 * ({@link RunToRun}), so it holds the run-to-run variation that samples inside one run cannot see. The verdict rule is
 * {@link VerdictRule}'s, on that interval and the run-level p-value; a regression also needs the current samples to
 * differ significantly from the history's pooled samples (Mann-Whitney). {@code unchanged} is judged by two one-sided
 * tests at the same level (the {@code 1 - 2 alpha} interval inside the threshold; see {@link RunToRun}). A result
 * whose runs vary more than its threshold can only be {@code inconclusive} ("unstable from run to run"): no single
 * run can show a change smaller than that variation.
 */
public final class RunToRunVerdicts {

    /** The block a comparison gains under {@code history}: per result, what the run-to-run model found. */
    public static final String EXTRA_KEY = "history";

    private RunToRunVerdicts() {
    }

    /**
     * One result's run-level figures, as fractions: {@code runSpread} 0.03 is 3% from run to run.
     *
     * @param runs         history runs that measured the result
     * @param runSpread    standard deviation of the runs' log medians
     * @param runComponent the part of it between runs (random-effects estimate)
     * @param withinRun    the part a run's forks and iterations explain
     * @param band         how far a new run may fall from the history's center at the comparison's confidence,
     *                     as a relative change ({@code +-})
     * @param unchangedBand the half-width of the two one-sided tests' interval: a change is shown smaller than the
     *                     threshold only when this band around it stays inside the threshold
     */
    @JsonPropertyOrder({"runs", "runSpread", "runComponent", "withinRun", "band", "unchangedBand"})
    public record RunLevel(int runs, double runSpread, double runComponent, double withinRun, double band,
                           double unchangedBand) {
    }

    /**
     * @param pairwise the comparison of {@code current} with the history's latest run
     * @param history  the results of every run of the baseline's history, oldest first
     * @return the comparison re-judged against every run of the history; unchanged when it has fewer than two runs
     */
    public static Comparison judge(Comparison pairwise, List<ResultFile> history, ResultFile current,
                                   CompareSettings settings) {
        if (history == null || history.size() < 2) {
            return pairwise;
        }
        Map<ResultId, BenchResult> currentById = new LinkedHashMap<>();
        for (BenchResult r : current.results()) {
            currentById.putIfAbsent(r.id(), r);
        }
        List<Change> changes = new ArrayList<>();
        Map<String, RunLevel> levels = new LinkedHashMap<>();
        for (Change c : pairwise.changes()) {
            BenchResult cur = currentById.get(c.id());
            List<double[][]> runs = new ArrayList<>();
            for (ResultFile run : history) {
                for (BenchResult r : run.results()) {
                    if (r.id().equals(c.id()) && r.ok() && sameUnit(r, cur) && positive(r.samples())) {
                        runs.add(Comparisons.forks(r));
                        break;
                    }
                }
            }
            if (cur == null || runs.size() < 2 || !positive(cur.samples()) || cur.samples().size() < 2) {
                String why = "judged against the latest run only: " + runs.size() + " run(s) of the history measured it";
                changes.add(withNote(c, c.note() == null ? why : c.note() + "; " + why));
                continue;
            }
            Judged j = judged(c, runs, Comparisons.forks(cur), settings);
            changes.add(j.change());
            levels.put(c.id().toString(), j.level());
        }
        Map<String, Object> extra = new LinkedHashMap<>(pairwise.extra());
        Map<String, Object> block = new LinkedHashMap<>();
        block.put("runs", history.size());
        block.put("method", "prediction interval of a new run from a one-way random-effects model of the runs' log"
                + " medians (Hahn and Meeker 1991; run component by DerSimonian and Laird 1986)");
        block.put("results", levels);
        extra.put(EXTRA_KEY, block);
        return new Comparison(pairwise.schema(), pairwise.createdAt(), pairwise.base(), pairwise.current(),
                pairwise.settings(), pairwise.environment(), Comparisons.summarize(changes),
                Comparisons.ordered(changes), pairwise.added(), pairwise.removed(), pairwise.failed(), extra);
    }

    /** One result against its history runs; what the simulations exercise directly. */
    public static Change judgeOne(Change pairwise, List<double[][]> runs, double[][] current,
                                  CompareSettings settings) {
        return judged(pairwise, runs, current, settings).change();
    }

    private record Judged(Change change, RunLevel level) {
    }

    private static Judged judged(Change pairwise, List<double[][]> runs, double[][] currentForks,
                                 CompareSettings settings) {
        RunToRun.Estimate e = RunToRun.estimate(runs);
        RunToRun.Prediction p = RunToRun.predict(e, currentForks, settings.confidence());
        double[] current = Bootstrap.flat(currentForks);
        boolean higherIsBetter = pairwise.higherIsBetter();
        double threshold = pairwise.threshold();
        double ratio = Math.exp(p.shift());
        double lower = Math.exp(p.shift() - p.halfWidth());
        double upper = Math.exp(p.shift() + p.halfWidth());
        double s = higherIsBetter ? 1 / ratio : ratio;
        double sLo = higherIsBetter ? 1 / upper : lower;
        double sHi = higherIsBetter ? 1 / lower : upper;
        double eqLo = Math.exp(p.shift() - p.equivalenceHalfWidth());
        double eqHi = Math.exp(p.shift() + p.equivalenceHalfWidth());
        Verdict v = VerdictRule.decide(s, sLo, sHi, p.pValue(), threshold, settings.alpha(),
                higherIsBetter ? 1 / eqHi : eqLo, higherIsBetter ? 1 / eqLo : eqHi);
        double[] pooled = pooled(runs);
        double band = Math.expm1(p.halfWidth());
        double unchangedBand = Math.expm1(p.equivalenceHalfWidth());
        String spread = String.format(Locale.ROOT, "runs of the baseline vary %.1f%% (%d runs; a new run may fall"
                + " within +-%.1f%%)", 100 * e.runSd(), e.runs(), 100 * band);
        String note;
        double currentSpread = RobustSpread.of(current);
        if ((v == Verdict.regressed || v == Verdict.improved)
                && MannWhitney.test(pooled, current).pValue() >= settings.alpha()) {
            note = "was " + v + " against the history, but its samples do not differ significantly from the"
                    + " history's pooled samples; " + spread;
            v = Verdict.inconclusive;
        } else if ((v == Verdict.regressed || v == Verdict.improved)
                && currentSpread > settings.maxSpread() * threshold) {
            note = String.format(Locale.ROOT, "was %s, but the current samples spread %.1f%% (more than %.0f x the"
                    + " threshold): the machine was too unstable to tell", v, 100 * currentSpread, settings.maxSpread());
            v = Verdict.inconclusive;
        } else if (v == Verdict.regressed || v == Verdict.improved) {
            note = "outside run-to-run variation: " + spread;
        } else if (v == Verdict.inconclusive && unchangedBand > threshold) {
            note = String.format(Locale.ROOT, "unstable from run to run: %s; it can show no change smaller than"
                    + " +-%.1f%%, more than the threshold", spread, 100 * unchangedBand);
        } else if (v == Verdict.inconclusive) {
            note = "the change reaches past the threshold but not past run-to-run variation: " + spread;
        } else {
            note = spread;
        }
        Change c = new Change(pairwise.id(), v, pairwise.unit(), higherIsBetter, threshold, Math.exp(e.center()),
                Descriptive.median(current), ratio, ratio - 1, lower, upper, settings.confidence(), p.pValue(),
                pooled.length, current.length, RobustSpread.of(pooled), currentSpread, note);
        return new Judged(c, new RunLevel(e.runs(), e.runSd(), e.runComponent(), e.withinSd(), band,
                unchangedBand));
    }

    private static double[] pooled(List<double[][]> runs) {
        return runs.stream().map(Bootstrap::flat).flatMapToDouble(java.util.Arrays::stream).toArray();
    }

    private static boolean sameUnit(BenchResult a, BenchResult b) {
        return b == null || a.unit() == null || b.unit() == null || a.unit().equals(b.unit());
    }

    private static boolean positive(List<Double> samples) {
        return !samples.isEmpty() && samples.stream().allMatch(x -> x > 0 && Double.isFinite(x));
    }

    private static Change withNote(Change c, String note) {
        return new Change(c.id(), c.verdict(), c.unit(), c.higherIsBetter(), c.threshold(), c.baseMedian(),
                c.currentMedian(), c.ratio(), c.change(), c.ciLower(), c.ciUpper(), c.confidence(), c.pValue(),
                c.baseN(), c.currentN(), c.baseSpread(), c.currentSpread(), note);
    }
}
