package dev.panbench.harness.orchestrate;

import dev.panbench.harness.baseline.BaselineStore;
import dev.panbench.harness.model.ResultFile;
import dev.panbench.harness.run.RunOutcome;
import dev.panbench.harness.run.RunSession;
import dev.panbench.harness.run.measure.ProgressListener;
import dev.panbench.harness.run.plan.RunRequest;

import java.nio.file.Path;

/**
 * {@code panbench run} as one workflow: the follow-up's input (the baseline names, {@code --keep}, the baseline to
 * compare with) is checked before anything runs; the run is measured and its results file written; the caller acts on
 * the written run (the command line prints its table and writes the report formats, which the harness does not know);
 * then the run is saved as a baseline and compared with one ({@link RunFollowUp}).
 */
public final class RunWorkflow {

    /** What the caller does with the written run before the follow-up. */
    @FunctionalInterface
    public interface AfterWrite {
        void written(RunOutcome run);
    }

    /**
     * @param run      the results and where they were written
     * @param followUp the baseline saved and the comparison made after it
     */
    public record Outcome(RunOutcome run, RunFollowUp.Outcome followUp) {

        public ResultFile results() {
            return run.results();
        }

        public Path written() {
            return run.written();
        }

        /** Whether any result failed (exit code 3). */
        public boolean anyFailed() {
            return run.anyFailed();
        }
    }

    private final RunFollowUp followUp;

    private RunWorkflow(RunFollowUp followUp) {
        this.followUp = followUp;
    }

    /**
     * Checks what the run will do after measuring, so bad input never costs a run.
     *
     * @param saveAs      {@code --save-baseline}, or null
     * @param keep        {@code --keep}, or null for the baseline's own (10 when new)
     * @param compareWith {@code --baseline}, or null
     */
    public static RunWorkflow prepare(BaselineStore store, String saveAs, Integer keep, String compareWith) {
        return new RunWorkflow(RunFollowUp.prepare(store, saveAs, keep, compareWith));
    }

    /** Measures {@code request}, hands the written run to {@code afterWrite}, then follows up. */
    public Outcome run(RunSession session, RunRequest request, ProgressListener progress, AfterWrite afterWrite) {
        RunOutcome run = session.run(request, progress);
        afterWrite.written(run);
        return new Outcome(run, followUp.apply(run.results(), run.written(), request.outDir()));
    }
}
