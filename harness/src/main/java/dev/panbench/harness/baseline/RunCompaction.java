package dev.panbench.harness.baseline;

import dev.panbench.harness.history.Trends;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.Extra;
import dev.panbench.harness.model.ResultFacts;
import dev.panbench.harness.model.ResultFile;
import dev.panbench.harness.stats.Descriptive;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How a history's older runs are kept small. A baseline keeps every run, the newest {@link
 * dev.panbench.harness.Defaults#BASELINE_FULL_RUNS} whole (every sample of every fork, what the gate and {@code
 * compare} read); older runs keep, per result, one value per fork (the fork's median) and a {@code summary} of the
 * whole run (its sample count, median and the 95% interval of the median) that a trend draws as that run's point.
 * Figures are rounded to {@value #DIGITS} significant digits, far below any run-to-run noise. Statistics, throughput,
 * counts and facts are dropped: they follow from the whole run, which is no longer there. A compacted run stays a
 * valid results file (one sample per fork), so every reader of a history reads it.
 */
public final class RunCompaction {

    /** The field of a compacted result that holds the whole run's summary. */
    public static final String SUMMARY = "summary";
    static final int DIGITS = 5;
    private static final MathContext ROUND = new MathContext(DIGITS);

    private RunCompaction() {
    }

    /** The run with each measured result reduced to its per-fork medians and summary; compacting twice changes nothing. */
    public static BaselineHistory.Run compact(BaselineHistory.Run run) {
        ResultFile f = run.results();
        if (f.results().stream().allMatch(r -> !r.ok() || isCompacted(r))) {
            return run;
        }
        List<BenchResult> out = new ArrayList<>(f.results().size());
        for (BenchResult r : f.results()) {
            out.add(r.ok() && !isCompacted(r) && !r.samples().isEmpty() ? compact(r) : r);
        }
        return new BaselineHistory.Run(run.savedAt(), run.source(),
                new ResultFile(f.schema(), f.run(), f.environment(), f.config(), out, f.extra()));
    }

    static BenchResult compact(BenchResult r) {
        double[] all = r.samples().stream().mapToDouble(Double::doubleValue).toArray();
        double[] iv = Trends.medianInterval(all, Trends.POINT_CONFIDENCE);
        List<List<Double>> forks = r.forks().stream()
                .map(f -> List.of(round(Descriptive.median(f.stream().mapToDouble(Double::doubleValue).toArray()))))
                .toList();
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("n", all.length);
        summary.put("median", round(Descriptive.median(all)));
        summary.put("interval", List.of(round(iv[0]), round(iv[1])));
        return new BenchResult(r.id(), r.group(), r.unit(), r.mode(), r.status(), null, forks, null, null, null, null,
                ResultFacts.NONE, Extra.of(Map.of(SUMMARY, summary)));
    }

    public static boolean isCompacted(BenchResult r) {
        return r.extra().get(SUMMARY) instanceof Map<?, ?>;
    }

    /**
     * A compacted result's whole-run figures: {@code {n, median, lower, upper}}; null for a result that keeps its
     * samples (or whose summary is unreadable).
     */
    public static double[] summary(BenchResult r) {
        if (!(r.extra().get(SUMMARY) instanceof Map<?, ?> m) || !(m.get("median") instanceof Number med)
                || !(m.get("interval") instanceof List<?> iv) || iv.size() != 2
                || !(iv.get(0) instanceof Number lo) || !(iv.get(1) instanceof Number hi)) {
            return null;
        }
        double n = m.get("n") instanceof Number c ? c.doubleValue() : r.samples().size();
        return new double[]{n, med.doubleValue(), lo.doubleValue(), hi.doubleValue()};
    }

    static double round(double v) {
        return new BigDecimal(v).round(ROUND).doubleValue();
    }
}
