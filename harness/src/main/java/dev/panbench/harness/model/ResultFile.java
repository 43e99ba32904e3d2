package dev.panbench.harness.model;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import java.util.List;
import java.util.Map;

/**
 * A results file, schema {@code panbench/result/v1}: what ran, where, how, and every result.
 * Fields this version does not know are kept in {@code extra} and written back unchanged.
 */
@JsonPropertyOrder({"schema", "run", "environment", "config", "results"})
public record ResultFile(String schema, RunInfo run, EnvironmentInfo environment, RunConfig config,
                         List<BenchResult> results,
                         @JsonAnySetter Map<String, Object> extra) {

    public static final String SCHEMA = "panbench/result/v1";

    public ResultFile {
        results = results == null ? List.of() : List.copyOf(results);
        extra = Extra.copy(extra);
    }

    public ResultFile(RunInfo run, EnvironmentInfo environment, RunConfig config, List<BenchResult> results) {
        this(SCHEMA, run, environment, config, results, null);
    }

    @Override
    @JsonAnyGetter
    public Map<String, Object> extra() {
        return extra;
    }

    public ResultFile withResults(List<BenchResult> newResults) {
        return new ResultFile(schema, run, environment, config, newResults, extra);
    }

    public ResultFile withRun(RunInfo newRun) {
        return new ResultFile(schema, newRun, environment, config, results, extra);
    }
}
