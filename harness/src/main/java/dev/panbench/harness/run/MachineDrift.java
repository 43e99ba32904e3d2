package dev.panbench.harness.run;

import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.MachineSpeed;
import dev.panbench.harness.model.ResultMarks;
import dev.panbench.harness.stats.Descriptive;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Marks the rows a run measured while the machine ran off its own speed for that run. Each loop of the
 * {@link MachineProbe} has a median over the run's readings; a row whose readings just before and just after it
 * were both more than {@value #LIMIT_PERCENT}% off that median in the same direction, in any loop, was measured on a
 * machine other than the one the rest of the run had, and is marked {@code unsteady} with the loop and the figures.
 * Both sides must agree so that a single slow reading (one interrupted timing) marks nothing; a minute-long slowdown
 * spans several rows' readings and marks each. Rows are judged against their own run only: a run measured entirely on a
 * slower machine carries no mark, and a comparison across runs reads the probe itself
 * ({@code RunToRunVerdicts}).
 */
final class MachineDrift {

    static final int LIMIT_PERCENT = 15;
    static final String METHOD = "; machine probe before and after each row (unsteady when a probe loop read more"
            + " than " + LIMIT_PERCENT + "% off the run's median on both sides)";

    private MachineDrift() {
    }

    static List<BenchResult> mark(List<BenchResult> results) {
        List<double[]> readings = new ArrayList<>();
        for (BenchResult r : results) {
            MachineSpeed[] b = r.ok() ? MachineSpeed.bracket(r) : null;
            if (b != null) {
                readings.add(b[0].values());
                readings.add(b[1].values());
            }
        }
        if (readings.size() < 4) {
            return results;
        }
        double[] medians = new double[MachineSpeed.LOOPS.size()];
        for (int j = 0; j < medians.length; j++) {
            int loop = j;
            medians[j] = Descriptive.median(readings.stream().mapToDouble(v -> v[loop]).toArray());
        }
        List<BenchResult> out = new ArrayList<>(results.size());
        for (BenchResult r : results) {
            MachineSpeed[] bracket = r.ok() ? MachineSpeed.bracket(r) : null;
            String why = offReason(bracket, medians);
            out.add(why != null ? marked(r, why) : bracket != null ? methodNamed(r) : r);
        }
        return out;
    }

    /** The loop that read furthest off its median on both sides of the row, as a reason; or null. */
    static String offReason(MachineSpeed[] bracket, double[] medians) {
        if (bracket == null) {
            return null;
        }
        double[] before = bracket[0].values();
        double[] after = bracket[1].values();
        String why = null;
        double worst = LIMIT_PERCENT / 100.0;
        for (int j = 0; j < medians.length; j++) {
            double b = before[j] / medians[j] - 1;
            double a = after[j] / medians[j] - 1;
            double both = Math.signum(a) == Math.signum(b) ? Math.min(Math.abs(a), Math.abs(b)) : 0;
            if (both > worst) {
                worst = both;
                why = String.format(Locale.ROOT, "the machine ran off its speed for this run while the row was"
                        + " measured: the probe's %s loop read %.0f%% %s than the run's median before it and %.0f%%"
                        + " after", MachineSpeed.LOOPS.get(j), 100 * Math.abs(b), b > 0 ? "slower" : "faster",
                        100 * Math.abs(a));
            }
        }
        return why;
    }

    /** A steady verdict that names the probe among its methods, since the probe was part of the judgement. */
    private static BenchResult methodNamed(BenchResult r) {
        if (!(r.extra().get(ResultMarks.STEADY) instanceof Map<?, ?> m) || m.get("method") == null) {
            return r;
        }
        Map<String, Object> verdict = new LinkedHashMap<>();
        m.forEach((k, v) -> verdict.put(String.valueOf(k), v));
        verdict.put("method", m.get("method") + METHOD);
        return ResultMarks.with(r, Map.of(ResultMarks.STEADY, verdict));
    }

    private static BenchResult marked(BenchResult r, String why) {
        Map<String, Object> verdict = new LinkedHashMap<>();
        String reason = why;
        String method = METHOD.substring(2);
        if (r.extra().get(ResultMarks.STEADY) instanceof Map<?, ?> m) {
            m.forEach((k, v) -> verdict.put(String.valueOf(k), v));
            if (Boolean.FALSE.equals(m.get(ResultMarks.STEADY)) && m.get("reason") != null) {
                reason = m.get("reason") + "; " + why;
            }
            if (m.get("method") != null) {
                method = m.get("method") + METHOD;
            }
        }
        verdict.put(ResultMarks.STEADY, false);
        verdict.put("method", method);
        verdict.put("reason", reason);
        return ResultMarks.with(r, Map.of(ResultMarks.STEADY, verdict));
    }
}
