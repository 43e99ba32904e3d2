package dev.panbench.harness.orchestrate;

import dev.panbench.harness.BadInputException;
import dev.panbench.harness.baseline.BaselineHistory;
import dev.panbench.harness.compare.CompareSettings;
import dev.panbench.harness.compare.Comparison;
import dev.panbench.harness.compare.Comparisons;
import dev.panbench.harness.compare.Gate;
import dev.panbench.harness.compare.RunToRunVerdicts;
import dev.panbench.harness.model.ResultFile;

/**
 * The gate as one workflow, the very steps {@code panbench gate} takes and {@code panbench selfcheck} measures:
 * compare the current run with the baseline's latest run; where the baseline holds two runs or more, judge each
 * result against the run-to-run variation of its history instead; re-measure what is still flagged when asked
 * ({@code --confirm}); decide. A gate that compared nothing is refused, since it would pass forever.
 */
public final class GateWorkflow {

    private GateWorkflow() {
    }

    /** What the verdicts were judged against. */
    public enum Basis {
        /** the spread between the baseline's runs (two or more) */
        HISTORY,
        /** only the samples inside the two runs (a baseline of one run) */
        SAMPLES
    }

    /** Re-measures the regressions a comparison flags and judges them again ({@link Confirmation}). */
    @FunctionalInterface
    public interface Confirmer {
        Comparison confirm(Comparison flagged, ResultFile base, ResultFile current);
    }

    /**
     * @param pairwise the current run against the baseline's latest run alone
     * @param judged   the comparison the decision was made on (judged against the history, then confirmed)
     * @param basis    what it was judged against
     * @param flagged  regressions flagged before confirmation (0 when nothing was re-measured)
     * @param gate     the decision
     */
    public record Outcome(Comparison pairwise, Comparison judged, Basis basis, int flagged, Gate.Outcome gate) {

        public boolean passed() {
            return gate.passed();
        }
    }

    /**
     * @param base         the baseline's latest run (or a results file)
     * @param history      the baseline's runs, oldest first; null for a results file
     * @param confirmer    re-measures flagged results; null to decide on the comparison as it is
     */
    public static Outcome run(ResultFile base, String baseLabel, BaselineHistory history, ResultFile current,
                              String currentLabel, CompareSettings settings, Confirmer confirmer) {
        Comparison pairwise = Comparisons.compare(base, baseLabel, current, currentLabel, settings);
        if (pairwise.changes().isEmpty() && pairwise.failed().isEmpty()) {
            throw new BadInputException("gate: nothing to compare: no result id of " + currentLabel + " is in "
                    + baseLabel + " (" + pairwise.added().size() + " only in current, "
                    + pairwise.removed().size() + " only in the baseline)");
        }
        boolean fromHistory = history != null && history.resultFiles().size() >= 2;
        Comparison judged = fromHistory
                ? RunToRunVerdicts.judge(pairwise, history.resultFiles(), current, settings) : pairwise;
        int flagged = 0;
        if (confirmer != null && !Gate.evaluate(judged).passed()) {
            flagged = Gate.evaluate(judged).regressions().size();
            judged = confirmer.confirm(judged, base, current);
        }
        return new Outcome(pairwise, judged, fromHistory ? Basis.HISTORY : Basis.SAMPLES, flagged,
                Gate.evaluate(judged));
    }
}
