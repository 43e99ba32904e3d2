package dev.panbench.harness.compare;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.ResultFile;
import dev.panbench.harness.model.ResultId;
import dev.panbench.harness.stats.Bootstrap;
import dev.panbench.harness.model.Units;
import dev.panbench.harness.stats.Descriptive;
import dev.panbench.harness.stats.ForkModes;
import dev.panbench.harness.stats.ModalRunToRun;
import dev.panbench.harness.stats.MannWhitney;
import dev.panbench.harness.stats.RobustSpread;
import dev.panbench.harness.stats.RunToRun;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Judges a run against a baseline's history instead of its latest run alone. The unit of observation is the fork
 * (one JVM): a JVM lands in one of a few states (compiled code, layout, heap placement) and keeps it, so a result may
 * have several modes. The history's fork medians are clustered into modes ({@link ForkModes}); each fork of the new
 * run is matched to its nearest mode and the run's change is measured from there ({@link ModalRunToRun}), with an
 * interval that holds run-to-run and fork-to-fork variation about the modes. The verdict rule is
 * {@link VerdictRule}'s on that interval and p-value, with the modes added:
 * <ul>
 * <li>{@code regressed} needs every fork of the new run beyond every mode the history saw, on the slow side, each
 * by more than that mode's band for one fork; the change beyond the threshold from the slowest mode; its samples
 * differing significantly from that mode's samples (Mann-Whitney); and, for a time per operation, a change of at
 * least {@link CompareSettings#minEffectNanos()} (the dispatch floor {@code calibrate} measures);</li>
 * <li>{@code unchanged} needs every fork in (or within the threshold of) a mode the history saw in two runs or more,
 * and the change's {@code 1 - 2 alpha} interval inside the threshold (two one-sided tests at
 * {@link ModalRunToRun#EQUIVALENCE_ALPHA}); for a time per operation so short that the dispatch floor is more than
 * the threshold, inside that floor instead, since no smaller change could be called {@code regressed};</li>
 * <li>anything else is {@code inconclusive}, with its reason: a fork between the modes, or a result whose runs vary
 * more than its threshold ("unstable from run to run").</li>
 * </ul>
 * A new run in a state the history already saw is therefore never {@code regressed}; a state the history never saw,
 * slower than all it did, is (only more history runs, more forks, or {@code --confirm} can tell it from a change).
 * With one mode the model is the one-way random-effects model of {@link RunToRun}, on forks.
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
     * @param forkSpread   standard deviation of one fork's log median about its mode (runs included)
     * @param modes        the states the history's forks landed in, fastest first for a time per operation
     */
    @JsonPropertyOrder({"runs", "runSpread", "runComponent", "withinRun", "band", "unchangedBand", "forkSpread",
            "modes"})
    public record RunLevel(int runs, double runSpread, double runComponent, double withinRun, double band,
                           double unchangedBand, double forkSpread, List<ModeLevel> modes) {
    }

    /**
     * One state the history's forks landed in ({@link ForkModes}).
     *
     * @param center geometric mean of its forks' medians, in the result's unit
     * @param forks  history forks in it
     * @param runs   history runs with a fork in it
     */
    @JsonPropertyOrder({"center", "forks", "runs"})
    public record ModeLevel(double center, int forks, int runs) {
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
        block.put("method", "forks' log medians clustered into modes (single linkage; modes span two runs or more and"
                + " lie 4 pooled standard deviations apart; a far end held by one run's forks is a level seen once);"
                + " a fork lies in a mode inside its prediction interval"
                + " (Hahn and Meeker 1991), a run's shift from its forks' nearest modes is judged with a one-way"
                + " random-effects model of runs and forks (Welch-Satterthwaite degrees of freedom); regressed only"
                + " beyond every mode the history saw; unchanged by two one-sided tests at 5% within the threshold,"
                + " or within the dispatch floor's share of a shorter time");
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
        ForkModes.Fit fit = ForkModes.fit(runs, pairwise.threshold());
        // the dispatch floor as a share of the history's median: a fork that near a mode's center is in it, and a
        // change that small is all unchanged can claim (see equivalenceMargin)
        double[] all = pooled(runs);
        double margin = equivalenceMargin(Descriptive.median(all), pairwise.unit(), pairwise.threshold(),
                settings.minEffectNanos());
        ModalRunToRun.Placement p = ModalRunToRun.place(fit, currentForks, settings.confidence(), margin);
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
        double currentMedian = Descriptive.median(current);
        double baseMedian = Math.exp(meanLog(currentForks) - p.shift());
        Verdict v = VerdictRule.decide(s, sLo, sHi, p.pValue(), threshold, settings.alpha(),
                higherIsBetter ? 1 / eqHi : eqLo, higherIsBetter ? 1 / eqLo : eqHi, margin);
        ForkModes.Mode reference = fit.modes().get(p.reference());
        double[] pooled = fit.modes().size() == 1 ? all : inMode(runs, reference);
        double band = Math.expm1(p.halfWidth());
        double unchangedBand = Math.expm1(p.equivalenceHalfWidth());
        String spread = String.format(Locale.ROOT, "runs of the baseline vary %.1f%% (%d runs; a new run may fall"
                + " within +-%.1f%%)", 100 * e.runSd(), e.runs(), 100 * band) + modes(fit, pairwise.unit());
        boolean worse = higherIsBetter ? p.allBelowEveryMode() : p.allAboveEveryMode();
        boolean better = higherIsBetter ? p.allAboveEveryMode() : p.allBelowEveryMode();
        double absolute = Math.abs(Units.nanosPerOp(currentMedian, pairwise.unit())
                - Units.nanosPerOp(baseMedian, pairwise.unit()));
        String note;
        double currentSpread = RobustSpread.of(current);
        if ((v == Verdict.regressed && !worse) || (v == Verdict.improved && !better)) {
            note = String.format(Locale.ROOT, "was %s, but %d of %d forks lie in or between the modes the history"
                    + " saw; %s", v, p.forks() - (v == Verdict.regressed ? (higherIsBetter ? p.belowEvery()
                    : p.aboveEvery()) : (higherIsBetter ? p.aboveEvery() : p.belowEvery())), p.forks(), spread);
            v = Verdict.inconclusive;
        } else if ((v == Verdict.regressed || v == Verdict.improved)
                && MannWhitney.test(pooled, current).pValue() >= settings.alpha()) {
            note = "was " + v + " against the history, but its samples do not differ significantly from the"
                    + " history's pooled samples; " + spread;
            v = Verdict.inconclusive;
        } else if ((v == Verdict.regressed || v == Verdict.improved)
                && currentSpread > settings.maxSpread() * threshold) {
            note = String.format(Locale.ROOT, "was %s, but the current samples spread %.1f%% (more than %.0f x the"
                    + " threshold): the machine was too unstable to tell", v, 100 * currentSpread, settings.maxSpread());
            v = Verdict.inconclusive;
        } else if ((v == Verdict.regressed || v == Verdict.improved) && absolute < settings.minEffectNanos()
                && p.allInSeenModes() && eqLo >= 1 / (1 + margin) && eqHi <= 1 + margin
                && Math.abs(Math.log(s)) <= Math.log1p(threshold)) {
            note = withinFloor(margin, settings, spread);
            v = Verdict.unchanged;
        } else if ((v == Verdict.regressed || v == Verdict.improved) && absolute < settings.minEffectNanos()) {
            note = String.format(Locale.ROOT, "was %s, but by %.3g ns per operation, less than the %.3g ns a timing"
                    + " through the dispatch resolves; %s", v, absolute, settings.minEffectNanos(), spread);
            v = Verdict.inconclusive;
        } else if (v == Verdict.regressed || v == Verdict.improved) {
            note = (fit.modes().size() > 1 ? "beyond every mode the history saw: " : "outside run-to-run variation: ")
                    + spread;
        } else if (v == Verdict.unchanged && !p.allInSeenModes()) {
            note = String.format(Locale.ROOT, "%d of %d forks lie outside every mode the history saw; %s",
                    p.forks() - p.inSeenModes(), p.forks(), spread);
            v = Verdict.inconclusive;
        } else if (v == Verdict.inconclusive && unchangedBand > margin) {
            note = String.format(Locale.ROOT, "unstable from run to run: %s; it can show no change smaller than"
                    + " +-%.1f%%, more than the threshold", spread, 100 * unchangedBand);
        } else if (v == Verdict.unchanged && margin > threshold) {
            note = withinFloor(margin, settings, spread);
        } else if (v == Verdict.inconclusive) {
            note = "the change reaches past the threshold but not past run-to-run variation: " + spread;
        } else {
            note = spread;
        }
        Change c = new Change(pairwise.id(), v, pairwise.unit(), higherIsBetter, threshold, baseMedian,
                currentMedian, ratio, ratio - 1, lower, upper, settings.confidence(), p.pValue(),
                pooled.length, current.length, RobustSpread.of(pooled), currentSpread, note);
        List<ModeLevel> modeLevels = fit.modes().stream().map(m -> new ModeLevel(Math.exp(m.center()), m.forks(),
                m.runs())).toList();
        return new Judged(c, new RunLevel(e.runs(), e.runSd(), e.runComponent(), e.withinSd(), band,
                unchangedBand, fit.forkSd(), modeLevels));
    }

    /** The note of a run shown unchanged within the dispatch floor's share rather than the threshold. */
    private static String withinFloor(double margin, CompareSettings settings, String spread) {
        return String.format(Locale.ROOT, "within +-%.1f%%, the %.3g ns a timing through the dispatch resolves at"
                + " this speed; %s", 100 * margin, settings.minEffectNanos(), spread);
    }

    /**
     * The relative change within which a run can be shown {@code unchanged}: the threshold, or for a time per
     * operation so short that the dispatch floor is a larger share of it, that floor (a change below it is never
     * {@code regressed}, so proving a smaller one is more than the gate asks).
     */
    static double equivalenceMargin(double baseMedian, String unit, double threshold, double minEffectNanos) {
        double nanos = Units.nanosPerOp(baseMedian, unit);
        if (!(nanos > 0) || !(minEffectNanos > 0)) {
            return threshold;
        }
        return Math.max(threshold, minEffectNanos / nanos);
    }

    /** The history's modes in words, when it saw more than one: {@code ; 2 modes: 40.6 ns/op (7 forks, 5 runs), ...}. */
    private static String modes(ForkModes.Fit fit, String unit) {
        if (fit.modes().size() < 2) {
            return "";
        }
        StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "; %d modes:", fit.modes().size()));
        for (ForkModes.Mode m : fit.modes()) {
            b.append(String.format(Locale.ROOT, " %.4g %s (%d forks, %d runs),", Math.exp(m.center()),
                    unit == null ? "" : unit, m.forks(), m.runs()));
        }
        b.setLength(b.length() - 1);
        return b.append(String.format(Locale.ROOT, "; forks vary %.1f%% about them", 100 * fit.forkSd())).toString();
    }

    private static double meanLog(double[][] forks) {
        double sum = 0;
        int n = 0;
        for (double[] f : forks) {
            if (f.length > 0) {
                sum += Math.log(Descriptive.median(f));
                n++;
            }
        }
        return sum / n;
    }

    /** Every sample of the history's forks whose log median lies in a mode. */
    private static double[] inMode(List<double[][]> runs, ForkModes.Mode m) {
        List<double[]> forks = new ArrayList<>();
        for (double[][] run : runs) {
            for (double[] f : run) {
                if (f.length > 0) {
                    double x = Math.log(Descriptive.median(f));
                    if (x >= m.lowest() && x <= m.highest()) {
                        forks.add(f);
                    }
                }
            }
        }
        return forks.stream().flatMapToDouble(java.util.Arrays::stream).toArray();
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
