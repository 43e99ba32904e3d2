package dev.panbench.harness.run;

import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.ResultFile;

import java.nio.file.Path;

/**
 * What one run measured and where its results file went: {@code results.json} in the run's directory, or
 * {@code results-RUNID.json} beside a previous {@code results.json} when it measured nothing, or a fallback file when
 * the write failed ({@link ResultKeeper}).
 */
public record RunOutcome(ResultFile results, Path written) {

    /** Whether any result failed (exit code 3). */
    public boolean anyFailed() {
        return results.results().stream().anyMatch(r -> r.status() == BenchResult.Status.failed);
    }
}
