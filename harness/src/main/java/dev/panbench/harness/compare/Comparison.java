package dev.panbench.harness.compare;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.panbench.harness.model.EnvironmentInfo;
import dev.panbench.harness.model.ResultFile;
import dev.panbench.harness.model.ResultId;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A comparison of two result sets, schema {@value #SCHEMA}: what was compared with what and how, the environment
 * check, one {@link Change} per result measured on both sides (regressions first), and the ids only one side has
 * or that failed. This is {@code comparison.json}.
 */
@JsonPropertyOrder({"schema", "createdAt", "base", "current", "settings", "environment", "summary", "changes",
        "added", "removed", "failed"})
public record Comparison(String schema, String createdAt, Side base, Side current, CompareSettings settings,
                         Environment environment, Map<Verdict, Integer> summary, List<Change> changes,
                         List<ResultId> added, List<ResultId> removed, List<Failed> failed,
                         @JsonAnySetter Map<String, Object> extra) {

    public static final String SCHEMA = "panbench/comparison/v1";

    public Comparison {
        changes = changes == null ? List.of() : List.copyOf(changes);
        added = added == null ? List.of() : List.copyOf(added);
        removed = removed == null ? List.of() : List.copyOf(removed);
        failed = failed == null ? List.of() : List.copyOf(failed);
        summary = summary == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(summary));
        extra = extra == null || extra.isEmpty() ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(extra));
    }

    @Override
    @JsonAnyGetter
    public Map<String, Object> extra() {
        return extra;
    }

    /** The same comparison with its changes judged again: summary and order recomputed, {@code extra} replaced. */
    public Comparison withChanges(List<Change> newChanges, Map<String, Object> newExtra) {
        return new Comparison(schema, createdAt, base, current, settings, environment,
                Comparisons.summarize(newChanges), Comparisons.ordered(newChanges), added, removed, failed, newExtra);
    }

    public List<Change> withVerdict(Verdict v) {
        return changes.stream().filter(c -> c.verdict() == v).toList();
    }

    /**
     * One side of the comparison.
     *
     * @param source  what the user named: {@code baseline main} or a file path
     */
    @JsonPropertyOrder({"source", "runId", "startedAt", "commit", "machine"})
    public record Side(String source, String runId, String startedAt, String commit, String machine) {

        /** A side read from a results file; an interrupted run's source says it is partial, in every format. */
        public static Side of(String source, ResultFile file) {
            var run = file.run();
            String partial = run == null ? null : run.partialNote();
            return new Side(partial == null ? source : source + " (" + partial + ")", run == null ? null : run.id(),
                    run == null ? null : run.startedAt(),
                    run == null || run.git() == null ? null : run.git().commit(),
                    EnvironmentInfo.summary(file.environment()));
        }
    }

    /** Whether both runs come from the same kind of machine, and where they differ. */
    @JsonPropertyOrder({"matches", "differences"})
    public record Environment(boolean matches, List<EnvironmentDiff.Difference> differences) {

        public static Environment of(EnvironmentInfo base, EnvironmentInfo current) {
            var d = EnvironmentDiff.between(base, current);
            return new Environment(d.isEmpty(), d);
        }
    }

    /** A result that is not ok on one side (or both), with the reason. */
    @JsonPropertyOrder({"id", "side", "status", "error"})
    public record Failed(ResultId id, String side, String status, String error) {
    }
}
