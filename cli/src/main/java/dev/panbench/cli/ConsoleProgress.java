package dev.panbench.cli;

import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.run.measure.ProgressListener;
import dev.panbench.harness.run.plan.PlannedResult;
import dev.panbench.harness.run.plan.RunEstimate;
import dev.panbench.harness.run.plan.RunSettings;
import dev.panbench.reports.view.Numbers;

import java.io.PrintWriter;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Progress of a run on stderr: on a terminal one line redrawn in place, elsewhere (CI logs) one plain line per
 * finished result; each line says how long the run has taken and about how long it has left ({@link RunEstimate}).
 * A skipped result is told once per adapter and reason (the table's summary counts them); with {@code --verbose}
 * each one.
 */
final class ConsoleProgress implements ProgressListener {

    private final PrintWriter err;
    private final boolean interactive;
    private final boolean everySkip;
    private final Set<List<String>> skipsTold = new HashSet<>();
    private long startNanos = System.nanoTime();
    private RunEstimate estimate;
    /** Rows finished before this process planned (a resumed run counts on from them); -1 until the first starts. */
    private int before = -1;

    ConsoleProgress(PrintWriter err, boolean interactive, boolean everySkip) {
        this.err = err;
        this.interactive = interactive;
        this.everySkip = everySkip;
    }

    @Override
    public void planned(List<PlannedResult> plan, RunSettings settings) {
        estimate = new RunEstimate(plan, settings);
        startNanos = System.nanoTime();
        before = -1;
    }

    @Override
    public void started(int index, int total, PlannedResult planned) {
        if (before < 0) {
            before = index - 1;
        }
        if (interactive) {
            err.print("\r\033[K" + prefix(index, total) + planned.id() + " ...");
            err.flush();
        }
    }

    @Override
    public void finished(int index, int total, BenchResult r) {
        if (estimate != null) {
            estimate.finished(index - Math.max(0, before));
        }
        String outcome = switch (r.status()) {
            case ok -> Numbers.score(r.stats().median(), r.unit());
            case failed -> "FAILED: " + r.error();
            case skipped -> "skipped: " + r.error();
        };
        if (r.status() == BenchResult.Status.skipped && !everySkip
                && !skipsTold.add(List.of(r.adapter(), String.valueOf(r.error())))) {
            return;
        }
        if (r.status() == BenchResult.Status.skipped && !everySkip) {
            outcome += " (further " + r.adapter() + " rows skipped for this reason are counted under the table;"
                    + " --verbose lists each)";
        }
        String line = prefix(index, total) + r.id() + "  " + outcome;
        if (interactive) {
            err.print("\r\033[K" + line + "\n");
        } else {
            err.println(line);
        }
        err.flush();
    }

    /** Ends the line redrawn in place, so what is printed next starts a line of its own (a run interrupted). */
    void clearLine() {
        if (interactive) {
            err.print("\r\033[K");
            err.flush();
        }
    }

    private String prefix(int index, int total) {
        double elapsed = (System.nanoTime() - startNanos) / 1e9;
        String left = estimate == null ? "" : ", ~" + clock(estimate.secondsLeft(elapsed)) + " left";
        return "[" + index + "/" + total + " " + clock(elapsed) + left + "] ";
    }

    private static String clock(double seconds) {
        long s = Math.round(seconds);
        return String.format("%dm%02ds", s / 60, s % 60);
    }
}
