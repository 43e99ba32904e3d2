package dev.panbench.reports.gate;

import dev.panbench.harness.compare.Change;
import dev.panbench.harness.compare.Comparison;
import dev.panbench.harness.compare.Gate;
import dev.panbench.harness.compare.Percent;
import dev.panbench.harness.compare.Verdict;
import dev.panbench.harness.orchestrate.GateWorkflow;
import dev.panbench.harness.paired.PairedGate;
import dev.panbench.reports.Reports;
import dev.panbench.reports.console.TextTable;
import dev.panbench.reports.view.Numbers;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What {@code gate} and {@code ab} print: the basis a stored-runs gate judged on, the comparison table, what the
 * paired rounds did, and the verdict (PASSED, or FAILED with a row a regression: how much slower, its limit, its
 * p-value).
 */
public final class GateVerdictReport {

    private GateVerdictReport() {
    }

    /**
     * The line saying what a gate against stored runs compared: the spread of {@code runs} runs of {@code label},
     * or only the samples inside one run ({@code confirm}: flagged results are re-run).
     */
    public static String basis(GateWorkflow.Basis basis, String label, int runs, boolean confirm) {
        if (basis == GateWorkflow.Basis.HISTORY) {
            return "gate: judged against the " + runs + " runs of " + label + ": base is the mode of"
                    + " their forks nearest each result's run; each interval is where a new run may fall (run-to-run"
                    + " variation)\n";
        }
        return "gate: " + label + " holds one run: run-to-run variation is unknown, so only the samples"
                + " inside the two runs are compared" + (confirm ? "; flagged results are re-run (--confirm)"
                : "; save more runs to the baseline, or use --confirm N") + "\n";
    }

    /** The verdict of a gate against stored runs: PASSED with the counts, or FAILED with a row a regression. */
    public static String verdict(Comparison comparison, Gate.Outcome outcome) {
        List<Change> regressions = outcome.regressions();
        int inconclusive = outcome.inconclusive().size();
        if (outcome.passed()) {
            return "gate: PASSED: no significant regression beyond its limit (" + comparison.changes().size()
                    + " compared" + (inconclusive == 0 ? "" : ", " + inconclusive + " inconclusive") + ")\n";
        }
        List<String[]> rows = new ArrayList<>();
        for (Change ch : regressions) {
            rows.add(new String[]{ch.id().toString(), Numbers.change(ch.slowdown()) + " slower (limit "
                    + Percent.format(ch.threshold()) + ", p=" + String.format(Locale.ROOT, "%.2g", ch.pValue()) + ")"});
        }
        return "gate: FAILED: " + regressions.size() + " regression(s) beyond the limit:\n"
                + TextTable.render(rows, 2, 2);
    }

    /**
     * A paired gate's output: the comparison, what the rounds did, where the comparison went and the verdict
     * (regressions judged by Holm-adjusted p-values, each with its note).
     */
    public static String paired(PairedGate.Outcome outcome) {
        StringBuilder sb = new StringBuilder(Reports.console(outcome.comparison()));
        PairedGate.Summary s = outcome.summary();
        sb.append(String.format(Locale.ROOT, "pairs: %d in %d round(s), forks %s, seed %d, %.0f s of a %.0f s budget%s;"
                        + " %d pair(s) measured again for stolen CPU time or code not yet compiled (largest share stolen"
                        + " %.1f%%)%n",
                s.pairs(), s.rounds(), s.mode(), s.seed(), s.seconds(), s.budgetSeconds(),
                s.budgetSpent() ? " (spent)" : "", s.remeasured(), 100 * s.maxStolen()));
        sb.append("wrote ").append(outcome.comparisonFile()).append('\n');
        List<Change> regressed = outcome.comparison().withVerdict(Verdict.regressed);
        if (regressed.isEmpty()) {
            int inconclusive = outcome.comparison().withVerdict(Verdict.inconclusive).size();
            sb.append("gate: PASSED: no significant regression beyond its limit (").append(outcome.comparison()
                    .changes().size()).append(" compared in pairs").append(inconclusive == 0 ? ""
                    : ", " + inconclusive + " inconclusive").append(")\n");
            return sb.toString();
        }
        sb.append("gate: FAILED: ").append(regressed.size()).append(" regression(s) beyond the limit:\n");
        List<String[]> rows = new ArrayList<>();
        for (Change ch : regressed) {
            rows.add(new String[]{ch.id().toString(), Numbers.change(ch.slowdown()) + " slower (limit "
                    + Percent.format(ch.threshold()) + ", Holm-adjusted p=" + String.format(Locale.ROOT, "%.2g",
                    ch.pValue()) + ", " + ch.note() + ")"});
        }
        sb.append(TextTable.render(rows, 2, 2));
        return sb.toString();
    }
}
