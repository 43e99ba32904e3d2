package dev.panbench.harness.orchestrate;

import dev.panbench.harness.compare.Change;
import dev.panbench.harness.compare.Comparison;
import dev.panbench.harness.compare.Comparisons;
import dev.panbench.harness.compare.Verdict;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.ResultFile;
import dev.panbench.harness.model.ResultId;
import dev.panbench.harness.model.RunConfig;
import dev.panbench.harness.run.RunSession;
import dev.panbench.harness.run.measure.ProgressListener;
import dev.panbench.harness.run.plan.Adapters;
import dev.panbench.harness.run.plan.RunSettings;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * {@code gate --confirm N}: re-runs only the results a comparison flagged as regressed, N more times on this machine
 * with the current run's settings, and judges each again on the fresh samples alone (the flagged samples are left
 * out, so the selection does not bias the second look). A regression holds only if the fresh samples show it too.
 */
public final class Confirmation {

    private final Adapters adapters;
    private final ProgressListener progress;

    public Confirmation(Adapters adapters, ProgressListener progress) {
        this.adapters = adapters;
        this.progress = progress;
    }

    /** The comparison with every regressed change judged again; other changes are kept as they were. */
    public Comparison confirm(Comparison comparison, ResultFile base, ResultFile current, int times, Path workDir) {
        List<Change> flagged = comparison.withVerdict(Verdict.regressed);
        if (flagged.isEmpty() || times < 1) {
            return comparison;
        }
        Map<ResultId, List<List<Double>>> fresh = rerun(flagged.stream().map(Change::id).toList(), current.config(),
                times, workDir);
        Map<ResultId, BenchResult> baseById = base.results().stream()
                .collect(Collectors.toMap(BenchResult::id, r -> r, (a, b) -> a, LinkedHashMap::new));
        List<Change> changes = new ArrayList<>();
        for (Change c : comparison.changes()) {
            if (c.verdict() != Verdict.regressed) {
                changes.add(c);
                continue;
            }
            List<List<Double>> forks = fresh.getOrDefault(c.id(), List.of());
            if (forks.stream().mapToInt(List::size).sum() < 2) {
                changes.add(withNote(c, "kept: the re-run produced no usable samples"));
                continue;
            }
            double[][] f = forks.stream().map(k -> k.stream().mapToDouble(Double::doubleValue).toArray())
                    .toArray(double[][]::new);
            Change again = Comparisons.ofForks(c.id(), c.unit(), Comparisons.forks(baseById.get(c.id())), f,
                    c.threshold(), comparison.settings());
            String note = again.verdict() == Verdict.regressed
                    ? "confirmed by " + times + " re-run(s)"
                    : "not confirmed by " + times + " re-run(s): was " + String.format(java.util.Locale.ROOT,
                    "%+.1f%%", (c.slowdown() - 1) * 100) + " on the flagged run";
            changes.add(withNote(again, note));
        }
        return comparison.withChanges(changes, Map.of("confirmRuns", times));
    }

    /** The fresh forks of each id over {@code times} re-runs with the current run's settings. */
    private Map<ResultId, List<List<Double>>> rerun(List<ResultId> ids, RunConfig config, int times, Path workDir) {
        RunSettings settings = config == null ? RunSettings.QUICK : RunSettings.of(config);
        Map<ResultId, List<List<Double>>> fresh = new LinkedHashMap<>();
        for (int i = 1; i <= times; i++) {
            ResultFile again = new RunSession(adapters).run(ids, settings, workDir.resolve("confirm-" + i),
                    "panbench gate --confirm " + times + " (re-run " + i + ")", progress).results();
            for (BenchResult r : again.results()) {
                if (r.ok()) {
                    fresh.computeIfAbsent(r.id(), x -> new ArrayList<>()).addAll(r.forks());
                }
            }
        }
        return fresh;
    }

    private static Change withNote(Change c, String note) {
        return new Change(c.id(), c.verdict(), c.unit(), c.higherIsBetter(), c.threshold(), c.baseMedian(),
                c.currentMedian(), c.ratio(), c.change(), c.ciLower(), c.ciUpper(), c.confidence(), c.pValue(),
                c.baseN(), c.currentN(), c.baseSpread(), c.currentSpread(),
                c.note() == null ? note : c.note() + "; " + note);
    }
}
