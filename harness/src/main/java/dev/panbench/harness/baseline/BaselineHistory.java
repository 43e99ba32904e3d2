package dev.panbench.harness.baseline;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.panbench.harness.model.EnvironmentInfo;
import dev.panbench.harness.model.ResultFile;

import java.util.ArrayList;
import java.util.List;

/**
 * A named baseline as a history, schema {@value #SCHEMA}: the last {@code keep} runs saved under the name, oldest
 * first, each a whole results file with when and from where it was saved. The latest run is what a comparison reads
 * as "the baseline"; the runs together are what the gate learns run-to-run variation from.
 *
 * @param keep how many runs a save keeps (the oldest go first); a later save without {@code --keep} keeps this many
 */
@JsonPropertyOrder({"schema", "name", "keep", "runs"})
public record BaselineHistory(String schema, String name, int keep, List<Run> runs) {

    public static final String SCHEMA = "panbench/baseline/v1";
    public static final int DEFAULT_KEEP = dev.panbench.harness.Defaults.BASELINE_KEEP;

    public BaselineHistory {
        runs = runs == null ? List.of() : List.copyOf(runs);
        if (keep < 1) {
            keep = DEFAULT_KEEP;
        }
    }

    public static BaselineHistory empty(String name) {
        return new BaselineHistory(SCHEMA, name, DEFAULT_KEEP, List.of());
    }

    /**
     * One saved run.
     *
     * @param savedAt when it was saved (UTC, seconds)
     * @param source  the file it was saved from, when known
     */
    @JsonPropertyOrder({"savedAt", "source", "results"})
    public record Run(String savedAt, String source, ResultFile results) {

        @JsonIgnore
        public String runId() {
            return results.run() == null ? null : results.run().id();
        }

        @JsonIgnore
        public String startedAt() {
            return results.run() == null ? null : results.run().startedAt();
        }

        @JsonIgnore
        public String commit() {
            return results.run() == null || results.run().git() == null ? null : results.run().git().commit();
        }

        @JsonIgnore
        public Boolean dirty() {
            return results.run() == null || results.run().git() == null ? null : results.run().git().dirty();
        }

        @JsonIgnore
        public String machine() {
            return EnvironmentInfo.summary(results.environment());
        }

        /** When the run was measured, else when it was saved: the order of a trend. */
        @JsonIgnore
        public String time() {
            return startedAt() != null ? startedAt() : savedAt;
        }
    }

    /** Every run's results, oldest first: what the run-to-run gate learns from. */
    @JsonIgnore
    public List<ResultFile> resultFiles() {
        return runs.stream().map(Run::results).toList();
    }

    @JsonIgnore
    public boolean isEmpty() {
        return runs.isEmpty();
    }

    /** The most recently saved run; what {@code compare} and {@code gate} read as the baseline's results. */
    @JsonIgnore
    public Run latest() {
        if (runs.isEmpty()) {
            throw new IllegalStateException("baseline " + name + " has no runs");
        }
        return runs.getLast();
    }

    /** This history with {@code run} appended; then only the last {@code keepRuns} (null: {@link #keep}) are kept. */
    public BaselineHistory appended(Run run, Integer keepRuns) {
        int k = keepRuns == null ? keep : keepRuns;
        List<Run> all = new ArrayList<>(runs);
        all.add(run);
        return new BaselineHistory(SCHEMA, name, k, lastOf(all, k));
    }

    /** This history keeping only its last {@code keepRuns} runs, and keeping that many from now on. */
    public BaselineHistory pruned(int keepRuns) {
        return new BaselineHistory(SCHEMA, name, keepRuns, lastOf(runs, keepRuns));
    }

    private static List<Run> lastOf(List<Run> runs, int k) {
        return runs.size() <= k ? runs : runs.subList(runs.size() - k, runs.size());
    }
}
