package dev.panbench.harness.baseline;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.panbench.harness.Defaults;
import dev.panbench.harness.env.MachineFingerprint;
import dev.panbench.harness.model.EnvironmentInfo;
import dev.panbench.harness.model.ResultFile;

import java.util.ArrayList;
import java.util.List;

/**
 * A named baseline as a history, schema {@value #SCHEMA}: every run saved under the name (or the last {@code keep}),
 * oldest first, each a results file with when and from where it was saved. The newest {@link
 * Defaults#BASELINE_FULL_RUNS} (or all {@code keep}, when more) are whole; older ones are compacted to per-fork
 * summaries ({@link RunCompaction}). The
 * latest run is what a comparison reads as "the baseline"; the newest whole runs measured on the latest run's machine
 * ({@link #resultFiles()}) are what the gate learns run-to-run variation from. Runs of several machines may share a
 * history: each keeps its environment, and trends keep them apart by {@link MachineFingerprint}.
 * <p>
 * Version 1 files kept 10 runs by default and wrote {@code "keep": 10} whether or not a user chose it; read here, that
 * 10 means every run.
 *
 * @param keep how many runs a save keeps (the oldest go first), 0 for every run; a later save without {@code --keep}
 *             keeps this many
 */
@JsonPropertyOrder({"schema", "name", "keep", "runs"})
public record BaselineHistory(String schema, String name, int keep, List<Run> runs) {

    public static final String SCHEMA = "panbench/baseline/v2";
    /** The schema of histories that kept 10 runs by default, still read. */
    public static final String SCHEMA_V1 = "panbench/baseline/v1";
    public static final int DEFAULT_KEEP = dev.panbench.harness.Defaults.BASELINE_KEEP;

    public BaselineHistory {
        runs = runs == null ? List.of() : List.copyOf(runs);
        if (keep < 0) {
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

        /** The machine the run was measured on; runs of different machines are never one trend. */
        @JsonIgnore
        public MachineFingerprint fingerprint() {
            return MachineFingerprint.of(results.environment());
        }

        /** When the run was measured, else when it was saved: the order of a trend. */
        @JsonIgnore
        public String time() {
            return startedAt() != null ? startedAt() : savedAt;
        }
    }

    /**
     * What the run-to-run gate learns from, oldest first: the newest runs measured on the latest run's machine that
     * keep their samples, {@link Defaults#BASELINE_GATE_RUNS} of them, or {@code keep} where the baseline keeps a
     * number of runs (all whole, as before it kept every run).
     */
    @JsonIgnore
    public List<ResultFile> resultFiles() {
        if (runs.isEmpty()) {
            return List.of();
        }
        MachineFingerprint machine = latest().fingerprint();
        int window = keep > 0 ? keep : Defaults.BASELINE_GATE_RUNS;
        List<ResultFile> out = new ArrayList<>();
        for (int i = runs.size() - 1; i >= 0 && out.size() < window; i--) {
            Run r = runs.get(i);
            if (r.fingerprint().equals(machine) && r.results().results().stream().noneMatch(RunCompaction::isCompacted)) {
                out.addFirst(r.results());
            }
        }
        return out;
    }

    /** Whether this history keeps every run ({@code keep} 0). */
    @JsonIgnore
    public boolean keepsEvery() {
        return keep == 0;
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

    /**
     * This history with {@code run} appended; then only the last {@code keepRuns} (null: {@link #keep}; 0: every run)
     * are kept, and those older than the newest {@link Defaults#BASELINE_FULL_RUNS} are compacted.
     */
    public BaselineHistory appended(Run run, Integer keepRuns) {
        int k = keepRuns == null ? keep : keepRuns;
        List<Run> all = new ArrayList<>(runs);
        all.add(run);
        return new BaselineHistory(SCHEMA, name, k, compacted(lastOf(all, k), k));
    }

    /** This history keeping only its last {@code keepRuns} runs (0: every run), and keeping that many from now on. */
    public BaselineHistory pruned(int keepRuns) {
        return new BaselineHistory(SCHEMA, name, keepRuns, compacted(lastOf(runs, keepRuns), keepRuns));
    }

    private static List<Run> lastOf(List<Run> runs, int k) {
        return k == 0 || runs.size() <= k ? runs : runs.subList(runs.size() - k, runs.size());
    }

    /** Compacts all but the newest whole runs: {@link Defaults#BASELINE_FULL_RUNS}, or all {@code keep} when more. */
    private static List<Run> compacted(List<Run> runs, int keep) {
        int full = runs.size() - Math.max(keep, Defaults.BASELINE_FULL_RUNS);
        if (full <= 0) {
            return runs;
        }
        List<Run> out = new ArrayList<>(runs.size());
        for (int i = 0; i < runs.size(); i++) {
            out.add(i < full ? RunCompaction.compact(runs.get(i)) : runs.get(i));
        }
        return out;
    }
}
