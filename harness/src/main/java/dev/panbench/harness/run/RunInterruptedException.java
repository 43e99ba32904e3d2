package dev.panbench.harness.run;

import dev.panbench.harness.run.measure.RunStop;
import java.nio.file.Path;

/**
 * A run stopped by SIGINT or SIGTERM after it wrote what it had finished: {@code results.json} with the finished rows
 * and {@code run.interrupted} (none when no row had finished), and the journal a resume reads. The command line
 * prints {@link #getMessage()} and exits with {@link #exitCode()} (130, 143).
 *
 * @see RunSession
 */
public final class RunInterruptedException extends RuntimeException {

    private final transient RunOutcome outcome;
    private final String signal;
    private final int exitCode;
    private final int planned;
    private final int finished;

    RunInterruptedException(RunOutcome outcome, RunStop stop, int planned, int finished, Path outDir) {
        super(message(outcome, planned, finished, outDir), null, false, false);
        this.outcome = outcome;
        this.signal = stop.signal();
        this.exitCode = stop.exitCode();
        this.planned = planned;
        this.finished = finished;
    }

    /** A workflow other than a run (a paired gate) stopped by {@code stop}, with what it wrote in {@code message}. */
    public RunInterruptedException(String message, RunStop stop) {
        super(message, null, false, false);
        this.outcome = null;
        this.signal = stop.signal();
        this.exitCode = stop.exitCode();
        this.planned = 0;
        this.finished = 0;
    }

    private static String message(RunOutcome outcome, int planned, int finished, Path outDir) {
        String resume = "`panbench run --resume " + outDir + "` measures ";
        if (outcome == null) {
            return "interrupted before any of " + planned + " results finished: no results file written; " + resume
                    + (planned - finished == planned ? "all " + planned : "the other " + (planned - finished));
        }
        return "interrupted after " + finished + " of " + planned + " results: wrote " + outcome.written() + "; "
                + resume + "the other " + (planned - finished);
    }

    /** The results written, or null when no row had finished. */
    public RunOutcome outcome() {
        return outcome;
    }

    /** {@code SIGINT} or {@code SIGTERM}. */
    public String signal() {
        return signal;
    }

    /** 128 plus the signal's number. */
    public int exitCode() {
        return exitCode;
    }

    public int planned() {
        return planned;
    }

    public int finished() {
        return finished;
    }
}
