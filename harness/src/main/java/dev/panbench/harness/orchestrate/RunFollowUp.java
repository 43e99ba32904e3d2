package dev.panbench.harness.orchestrate;

import dev.panbench.harness.BadInputException;
import dev.panbench.harness.baseline.BaselineStore;
import dev.panbench.harness.compare.CompareSettings;
import dev.panbench.harness.compare.Comparison;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.ResultFile;

import java.nio.file.Path;

/**
 * What {@code panbench run --save-baseline NAME --baseline NAME} does with a finished run: appends it to a baseline's
 * history (only when it measured something) and compares it with a stored baseline, writing {@code comparison.json}
 * beside the results. {@link #prepare} checks the names and loads the baseline before anything runs, so bad input
 * never costs a run.
 */
public final class RunFollowUp {

    /**
     * @param saved        the baseline entry the run was appended to, or null
     * @param notSaved     why {@code --save-baseline} saved nothing (the run measured nothing), or null
     * @param comparison   the comparison with {@code --baseline}, or null
     * @param comparisonFile where it was written, or null
     */
    public record Outcome(BaselineStore.Entry saved, String notSaved, Comparison comparison, Path comparisonFile) {
    }

    private final BaselineStore store;
    private final String saveAs;
    private final Integer keep;
    private final String compareWith;
    private final ResultFile base;

    private RunFollowUp(BaselineStore store, String saveAs, Integer keep, String compareWith, ResultFile base) {
        this.store = store;
        this.saveAs = saveAs;
        this.keep = keep;
        this.compareWith = compareWith;
        this.base = base;
    }

    /**
     * @param saveAs      {@code --save-baseline}, or null
     * @param keep        {@code --keep}, or null for the baseline's own (10 when new)
     * @param compareWith {@code --baseline}, or null
     */
    public static RunFollowUp prepare(BaselineStore store, String saveAs, Integer keep, String compareWith) {
        if (saveAs != null) {
            BaselineStore.checkName(saveAs, "--save-baseline");
        }
        if (keep != null && keep < 1) {
            throw new BadInputException("--keep " + keep + ": expected 1 or more runs");
        }
        ResultFile base = compareWith == null ? null
                : store.load(BaselineStore.checkName(compareWith, "--baseline"));
        return new RunFollowUp(store, saveAs, keep, compareWith, base);
    }

    /** Saves and compares the run written to {@code written}; the comparison goes into {@code outDir}. */
    public Outcome apply(ResultFile results, Path written, Path outDir) {
        BaselineStore.Entry saved = null;
        String notSaved = null;
        if (saveAs != null && results.results().stream().noneMatch(BenchResult::ok)) {
            notSaved = "not saving baseline " + saveAs + ": no result was measured";
        } else if (saveAs != null) {
            saved = store.save(saveAs, results, written.toString(), keep);
        }
        if (base == null) {
            return new Outcome(saved, notSaved, null, null);
        }
        CompareWorkflow.Outcome compared = CompareWorkflow.run(base, "baseline " + compareWith, results,
                written.toString(), CompareSettings.DEFAULT, outDir);
        return new Outcome(saved, notSaved, compared.comparison(), compared.file());
    }
}
