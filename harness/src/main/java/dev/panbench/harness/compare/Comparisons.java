package dev.panbench.harness.compare;

import dev.panbench.harness.BadInputException;
import dev.panbench.harness.catalog.model.ModelEntry;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.ResultFile;
import dev.panbench.harness.model.ResultId;
import dev.panbench.harness.model.Units;
import dev.panbench.harness.stats.Bootstrap;
import dev.panbench.harness.stats.Descriptive;
import dev.panbench.harness.stats.MannWhitney;
import dev.panbench.harness.stats.RobustSpread;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Compares two result sets matched by id: the statistics of each change, the verdicts, and the bookkeeping. */
public final class Comparisons {

    private Comparisons() {
    }

    /**
     * @param baseSource    how the user named the base (for messages and the file): {@code baseline main} or a path
     * @param currentSource the same for the current results
     * @throws BadInputException with {@code strictEnv} when the machines differ
     */
    public static Comparison compare(ResultFile base, String baseSource, ResultFile current, String currentSource,
                                     CompareSettings settings) {
        Comparison.Environment env = Comparison.Environment.of(base.environment(), current.environment());
        if (settings.strictEnv() && !env.matches()) {
            var d = env.differences();
            throw new BadInputException("--strict-env: " + baseSource + " and " + currentSource
                    + " ran on different machines: " + d.getFirst()
                    + (d.size() > 1 ? " (and " + (d.size() - 1) + " more)" : ""));
        }
        Map<ResultId, BenchResult> baseById = byId(base);
        Map<ResultId, BenchResult> currentById = byId(current);
        List<Change> changes = new ArrayList<>();
        List<ResultId> added = new ArrayList<>();
        List<ResultId> removed = new ArrayList<>();
        List<Comparison.Failed> failed = new ArrayList<>();
        for (BenchResult c : currentById.values()) {
            BenchResult b = baseById.get(c.id());
            if (b == null) {
                added.add(c.id());
                continue;
            }
            if (!b.ok() || !c.ok()) {
                if (!b.ok()) {
                    failed.add(new Comparison.Failed(b.id(), "base", b.status().name(), b.error()));
                }
                if (!c.ok()) {
                    failed.add(new Comparison.Failed(c.id(), "current", c.status().name(), c.error()));
                }
                continue;
            }
            changes.add(change(b, c, settings));
        }
        for (ResultId id : baseById.keySet()) {
            if (!currentById.containsKey(id)) {
                removed.add(id);
            }
        }
        return new Comparison(Comparison.SCHEMA, Instant.now().truncatedTo(ChronoUnit.SECONDS).toString(),
                Comparison.Side.of(baseSource, base), Comparison.Side.of(currentSource, current), settings, env,
                summarize(changes), ordered(changes), added, removed, failed, null);
    }

    /** Regressions first, then inconclusive, improved, unchanged; within each, the largest slowdown first. */
    static List<Change> ordered(List<Change> changes) {
        List<Change> sorted = new ArrayList<>(changes);
        sorted.sort(Comparator.comparing(Change::verdict)
                .thenComparing(Comparator.comparingDouble(Change::slowdown).reversed()));
        return sorted;
    }

    static Map<Verdict, Integer> summarize(List<Change> changes) {
        Map<Verdict, Integer> summary = new EnumMap<>(Verdict.class);
        for (Verdict v : Verdict.values()) {
            summary.put(v, (int) changes.stream().filter(ch -> ch.verdict() == v).count());
        }
        return summary;
    }

    /** The change of one result measured on both sides, with the forks each side recorded. */
    public static Change change(BenchResult base, BenchResult current, CompareSettings settings) {
        return modelFileNoted(timed(base, current, settings), base, current);
    }

    /**
     * {@code c}, noted where its two sides ran different files of a user's model: such a row keeps its id when its
     * file changes ({@link ModelEntry#HASH_FACT}).
     */
    public static Change modelFileNoted(Change c, BenchResult base, BenchResult current) {
        String was = base == null ? null : base.facts().framework().get(ModelEntry.HASH_FACT);
        String is = current == null ? null : current.facts().framework().get(ModelEntry.HASH_FACT);
        return was != null && is != null && !was.equals(is)
                ? c.withNote("another model file: sha256 " + was + " in base, " + is + " in current") : c;
    }

    private static Change timed(BenchResult base, BenchResult current, CompareSettings settings) {
        ResultId id = current.id();
        double threshold = settings.thresholdFor(id);
        if (base.unit() != null && current.unit() != null && !base.unit().equals(current.unit())
                && Units.convertible(base.unit(), current.unit())) {
            // the same quantity in two units (us/op and ns/op, or avgt and thrpt): compare in the current one
            double[][] converted = forks(base);
            for (double[] fork : converted) {
                for (int i = 0; i < fork.length; i++) {
                    fork[i] = Units.convert(fork[i], base.unit(), current.unit());
                }
            }
            return ofForks(id, current.unit(), converted, forks(current), threshold, settings)
                    .withNote("base converted from " + base.unit() + " to " + current.unit());
        }
        if (base.unit() != null && current.unit() != null && !base.unit().equals(current.unit())) {
            return new Change(id, Verdict.inconclusive, current.unit(), Units.higherIsBetter(current.unit()),
                    threshold, base.stats().median(), current.stats().median(), Double.NaN, Double.NaN, null, null,
                    settings.confidence(), null, base.samples().size(), current.samples().size(), null, null,
                    "units differ: " + base.unit() + " in base, " + current.unit() + " in current");
        }
        return ofForks(id, current.unit(), forks(base), forks(current), threshold, settings);
    }

    /** The statistics and verdict of two sets of iteration samples; what the simulations exercise directly. */
    public static Change ofSamples(ResultId id, String unit, double[] base, double[] current, double threshold,
                                   CompareSettings settings) {
        return ofForks(id, unit, new double[][]{base}, new double[][]{current}, threshold, settings);
    }

    /**
     * As above, with the samples of each side fork by fork (the bootstrap resamples forks, then iterations; the
     * rank test and the spread take every sample).
     */
    public static Change ofForks(ResultId id, String unit, double[][] baseForks, double[][] currentForks,
                                 double threshold, CompareSettings settings) {
        double[] base = Bootstrap.flat(baseForks);
        double[] current = Bootstrap.flat(currentForks);
        boolean higherIsBetter = Units.higherIsBetter(unit);
        if (base.length < 2 || current.length < 2) {
            double bm = base.length == 0 ? Double.NaN : Descriptive.median(base);
            double cm = current.length == 0 ? Double.NaN : Descriptive.median(current);
            return new Change(id, Verdict.inconclusive, unit, higherIsBetter, threshold, bm, cm, cm / bm,
                    cm / bm - 1, null, null, settings.confidence(), null, base.length, current.length, null, null,
                    "too few samples to test (" + base.length + " base, " + current.length
                            + " current; at least 2 each)");
        }
        long seed = settings.seed() ^ (id.hashCode() * 0x9E3779B97F4A7C15L);
        Bootstrap.Interval ci = Bootstrap.ratioOfMedians(baseForks, currentForks, settings.confidence(),
                settings.resamples(), seed);
        double p = MannWhitney.test(base, current).pValue();
        double s = higherIsBetter ? 1 / ci.estimate() : ci.estimate();
        double sLo = higherIsBetter ? 1 / ci.upper() : ci.lower();
        double sHi = higherIsBetter ? 1 / ci.lower() : ci.upper();
        Verdict v = VerdictRule.decide(s, sLo, sHi, p, threshold, settings.alpha());
        double baseSpread = RobustSpread.of(base);
        double currentSpread = RobustSpread.of(current);
        String note = null;
        double limit = settings.maxSpread() * threshold;
        if ((v == Verdict.regressed || v == Verdict.improved) && Math.max(baseSpread, currentSpread) > limit) {
            boolean cur = currentSpread >= baseSpread;
            note = String.format(java.util.Locale.ROOT, "was %s, but the %s samples spread %.1f%% (more than %.0f x"
                            + " the threshold): the machine was too unstable to tell; rerun on a quiet machine or use"
                            + " panbench ab", v, cur ? "current" : "base", 100 * (cur ? currentSpread : baseSpread),
                    settings.maxSpread());
            v = Verdict.inconclusive;
        } else if ((v == Verdict.regressed || v == Verdict.improved)
                && baseForks.length == 1 && currentForks.length == 1) {
            note = "one fork a side: fork-to-fork variation is not measured; use --forks 2 or more, or gate --confirm";
        }
        return new Change(id, v, unit, higherIsBetter, threshold, Descriptive.median(base),
                Descriptive.median(current), ci.estimate(), ci.estimate() - 1, ci.lower(),
                ci.upper(), ci.confidence(), p, base.length, current.length, baseSpread, currentSpread, note);
    }

    /** A result's samples fork by fork; its median alone where it kept no samples. */
    public static double[][] forks(BenchResult r) {
        if (r.forks().isEmpty()) {
            return r.stats() == null ? new double[][]{{}} : new double[][]{{r.stats().median()}};
        }
        return r.forks().stream().map(f -> f.stream().mapToDouble(Double::doubleValue).toArray())
                .toArray(double[][]::new);
    }

    private static Map<ResultId, BenchResult> byId(ResultFile f) {
        Map<ResultId, BenchResult> m = new LinkedHashMap<>();
        for (BenchResult r : f.results()) {
            m.putIfAbsent(r.id(), r);
        }
        return m;
    }
}
