package dev.panbench.harness.run;

import dev.panbench.harness.model.BenchResult;

/** Told about each result as a run goes, so a terminal can show progress and a CI log one line per result. */
public interface ProgressListener {

    ProgressListener NONE = new ProgressListener() {
    };

    default void started(int index, int total, PlannedResult planned) {
    }

    default void finished(int index, int total, BenchResult result) {
    }
}
