package dev.panbench.harness.model;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.panbench.harness.model.BenchResult.Counts;
import dev.panbench.harness.model.BenchResult.Status;
import dev.panbench.harness.model.BenchResult.Throughput;

import java.util.List;
import java.util.Map;

/**
 * A result as a {@code panbench/result/v1} file holds it. {@code id} is the result's identity; {@code adapter},
 * {@code workload} and {@code params} repeat its parts for readers that do not parse ids. {@code samples} is every
 * iteration of every fork in order and {@code forks} the same samples fork by fork. Files written before
 * {@code forks} existed hold {@code samples} only: such a result reads as one fork here, and
 * {@code ResultFiles.read} splits it by the file's {@code config} (fork-major, as JMH reports) where
 * {@code forks x iterations} is exactly its sample count. The fields after {@code throughput} are the result's facts
 * and the fields panbench does not know ({@link ResultFactFields}).
 */
@JsonPropertyOrder({"id", "adapter", "workload", "group", "params", "unit", "mode", "status", "error", "samples",
        "forks", "stats", "allocBytesPerOp", "counts", "throughput"})
record BenchResultJson(String id, String adapter, String workload, String group, Map<String, String> params,
                       String unit, String mode, Status status, String error, List<Double> samples,
                       List<List<Double>> forks, SampleStats stats, Double allocBytesPerOp, Counts counts,
                       Throughput throughput, @JsonAnySetter Map<String, Object> extra) {

    BenchResultJson {
        extra = Extra.copy(extra);
    }

    @Override
    @JsonAnyGetter
    public Map<String, Object> extra() {
        return extra;
    }

    static BenchResultJson of(BenchResult r) {
        List<Double> samples = r.samples();
        return new BenchResultJson(r.id().toString(), r.adapter(), r.workload(), r.group(), r.params(), r.unit(),
                r.mode(), r.status(), r.error(), samples.isEmpty() ? null : samples,
                r.forks().isEmpty() ? null : r.forks(), r.stats(), r.allocBytesPerOp(), r.counts(), r.throughput(),
                ResultFactFields.join(r.facts(), r.extra()));
    }

    BenchResult toResult() {
        if (id == null || id.isBlank()) {
            throw new IllegalArgumentException("field 'id': expected a result id");
        }
        ResultId rid = ResultId.parse(id);
        List<List<Double>> f = forks;
        if (f == null) {
            f = samples == null || samples.isEmpty() ? List.of() : List.of(samples);
        } else if (samples != null && !samples.equals(f.stream().flatMap(List::stream).toList())) {
            throw new IllegalArgumentException(id + ": 'forks' does not hold the same values as 'samples'");
        }
        ResultFactFields.Split after = ResultFactFields.split(extra);
        return new BenchResult(rid, group, unit, mode, status, error, f, stats, allocBytesPerOp, counts, throughput,
                after.facts(), after.extra());
    }
}
