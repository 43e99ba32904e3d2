package dev.panbench.cli;

import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.run.PlannedResult;
import dev.panbench.harness.run.ProgressListener;
import dev.panbench.reports.Numbers;

import java.io.PrintWriter;

/**
 * Progress of a run on stderr: on a terminal one line redrawn in place, elsewhere (CI logs) one plain line per
 * finished result.
 */
final class ConsoleProgress implements ProgressListener {

    private final PrintWriter err;
    private final boolean interactive;
    private final long startNanos = System.nanoTime();

    ConsoleProgress(PrintWriter err, boolean interactive) {
        this.err = err;
        this.interactive = interactive;
    }

    @Override
    public void started(int index, int total, PlannedResult planned) {
        if (interactive) {
            err.print("\r\033[K" + prefix(index, total) + planned.id() + " ...");
            err.flush();
        }
    }

    @Override
    public void finished(int index, int total, BenchResult r) {
        String outcome = switch (r.status()) {
            case ok -> Numbers.score(r.stats().median(), r.unit());
            case failed -> "FAILED: " + r.error();
            case skipped -> "skipped: " + r.error();
        };
        String line = prefix(index, total) + r.id() + "  " + outcome;
        if (interactive) {
            err.print("\r\033[K" + line + "\n");
        } else {
            err.println(line);
        }
        err.flush();
    }

    private String prefix(int index, int total) {
        long secs = (System.nanoTime() - startNanos) / 1_000_000_000L;
        return String.format("[%d/%d %dm%02ds] ", index, total, secs / 60, secs % 60);
    }
}
