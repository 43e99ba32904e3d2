package dev.panbench.reports.selfcheck;

import dev.panbench.harness.compare.CompareSettings;
import dev.panbench.harness.compare.Percent;
import dev.panbench.harness.paired.PairedSelfCheck;
import dev.panbench.harness.selfcheck.SelfCheck;
import dev.panbench.harness.selfcheck.SelfCheck.Tally;
import dev.panbench.reports.console.TextTable;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToIntFunction;

/**
 * What {@code selfcheck} prints: how often the gate failed on A/A runs and how often it caught a known slowdown,
 * against the history and against the latest run alone (or, with {@code --paired}, in shared paired rounds).
 */
public final class SelfCheckReport {

    private SelfCheckReport() {
    }

    public static String paired(PairedSelfCheck.Outcome o, CompareSettings settings) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "selfcheck --paired: %d runs, each an A/A gate and %d slowed gate(s)"
                        + " sharing its rounds; forks %s, budget %.0f s, limit %s%n", o.runs(), o.slowed().size(),
                o.mode(), o.budgetSeconds(), Percent.format(settings.threshold())));
        for (PairedSelfCheck.Slowed s : o.slowed()) {
            sb.append(String.format(Locale.ROOT, "  %s doing %s more work%s%n", s.workload(), Percent.format(s.extra()),
                    s.measuredSlowdown() == null ? "" : String.format(Locale.ROOT, ": measured %+.1f%% in its pairs",
                            100 * s.measuredSlowdown())));
        }
        sb.append('\n');
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[]{"A/A result comparisons regressed", share(o.aa().regressed(), o.aa().comparisons())});
        rows.add(new String[]{"A/A gates failed", share(o.aa().gatesFailed(), o.aa().gates())});
        rows.add(new String[]{"A/A results inconclusive", share(o.aa().inconclusive(), o.aa().comparisons())});
        for (PairedSelfCheck.Slowed s : o.slowed()) {
            Tally t = s.tally();
            String what = "+" + Percent.format(s.extra()) + " " + s.workload();
            rows.add(new String[]{what + " caught (gates failed on it)", share(t.caught(), t.gates())});
            rows.add(new String[]{"other results regressed beside " + what,
                    share(t.regressed() - t.slowedRegressed(), t.comparisons() - t.slowedResults())});
        }
        double[] secs = o.gates().stream().mapToDouble(PairedSelfCheck.Gates::seconds).sorted().toArray();
        rows.add(new String[]{"wall time of a run (its gates share the base forks)", String.format(Locale.ROOT,
                "median %.0f s, longest %.0f s", secs[secs.length / 2], secs[secs.length - 1])});
        double[] gate = o.gates().stream().flatMap(g -> g.gateSeconds().stream()).mapToDouble(Double::doubleValue)
                .sorted().toArray();
        rows.add(new String[]{"each gate's own forks (as it would run alone)", String.format(Locale.ROOT,
                "median %.0f s, longest %.0f s", gate[gate.length / 2], gate[gate.length - 1])});
        sb.append(TextTable.render(rows, 3, false));
        return sb.toString();
    }

    public static String render(SelfCheck.Outcome o, CompareSettings settings) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "selfcheck: %d history runs, %d A/A runs", o.historyRuns(), o.runs()));
        if (o.workload() != null) {
            sb.append(String.format(Locale.ROOT, ", %d runs with %s doing %s more work%s", o.runs(), o.workload(),
                    Percent.format(o.extra()), o.measuredSlowdown() == null ? "" : String.format(Locale.ROOT,
                            " (measured %+.1f%% against the A/A runs)", 100 * o.measuredSlowdown())));
        }
        sb.append("; limit ").append(Percent.format(settings.threshold())).append(", no --confirm\n");
        sb.append(String.format(Locale.ROOT, "the A/A runs' iterations spread %.1f%% (median over results; a few"
                + " percent on a quiet machine)%n%n", 100 * o.aaSpread()));
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[]{"", "against the history", "against its latest run alone"});
        rows.add(row("A/A result comparisons regressed", o.aa(), o.aaLatestOnly(), Tally::regressed,
                Tally::comparisons));
        rows.add(row("A/A gates failed", o.aa(), o.aaLatestOnly(), Tally::gatesFailed, Tally::gates));
        rows.add(row("A/A results inconclusive", o.aa(), o.aaLatestOnly(), Tally::inconclusive, Tally::comparisons));
        if (o.slowed() != null) {
            rows.add(row("slowdown caught (gates failed on " + o.workload() + ")", o.slowed(), o.slowedLatestOnly(),
                    Tally::caught, Tally::gates));
            rows.add(row("slowed results regressed", o.slowed(), o.slowedLatestOnly(), Tally::slowedRegressed,
                    Tally::slowedResults));
            rows.add(row("other results regressed in slowed runs", o.slowed(), o.slowedLatestOnly(),
                    t -> t.regressed() - t.slowedRegressed(), t -> t.comparisons() - t.slowedResults()));
        }
        sb.append(TextTable.render(rows, 3, false));
        return sb.toString();
    }

    /** A row of the table: {@code part} of {@code whole} for the history gate and the latest-run-only gate. */
    private static String[] row(String label, Tally history, Tally latest, ToIntFunction<Tally> part,
                                ToIntFunction<Tally> whole) {
        return new String[]{label, share(part.applyAsInt(history), whole.applyAsInt(history)),
                share(part.applyAsInt(latest), whole.applyAsInt(latest))};
    }

    private static String share(int k, int n) {
        return n == 0 ? "-" : String.format(Locale.ROOT, "%d of %d (%.1f%%)", k, n, 100.0 * k / n);
    }
}
