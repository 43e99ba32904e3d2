package dev.panbench.harness.run.measure;

import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.run.plan.PlannedResult;
import dev.panbench.harness.run.plan.RunSettings;

/** Told about each result as a run goes, so a terminal can show progress and a CI log one line per result. */
public interface ProgressListener {

    ProgressListener NONE = new ProgressListener() {
    };

    /** The run is about to measure this plan with these settings (after waiting for JMH's lock). */
    default void planned(java.util.List<PlannedResult> plan, RunSettings settings) {
    }

    default void started(int index, int total, PlannedResult planned) {
    }

    default void finished(int index, int total, BenchResult result) {
    }
}
