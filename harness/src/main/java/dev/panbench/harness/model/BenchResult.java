package dev.panbench.harness.model;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import java.util.List;
import java.util.Map;

/**
 * One measured (or failed, or skipped) result. {@code id} is {@code adapter/workload[k=v,...]} and is what
 * comparisons match on. {@code samples} holds every measurement iteration score of every fork, in {@code unit}.
 */
@JsonPropertyOrder({"id", "adapter", "workload", "group", "params", "unit", "mode", "status", "error", "samples",
        "stats", "allocBytesPerOp", "counts", "throughput"})
public record BenchResult(String id, String adapter, String workload, String group, Map<String, String> params,
                          String unit, String mode, Status status, String error, List<Double> samples,
                          SampleStats stats, Double allocBytesPerOp, Counts counts, Throughput throughput,
                          @JsonAnySetter Map<String, Object> extra) {

    public BenchResult {
        params = params == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(params));
        samples = samples == null ? List.of() : List.copyOf(samples);
        extra = Extra.copy(extra);
    }

    @Override
    @JsonAnyGetter
    public Map<String, Object> extra() {
        return extra;
    }

    public boolean ok() {
        return status == Status.ok;
    }

    /** A copy whose samples are multiplied by {@code factor}, statistics and throughput recomputed. */
    public BenchResult scaled(double factor) {
        List<Double> s = samples.stream().map(v -> v * factor).toList();
        SampleStats st = s.isEmpty() ? stats : SampleStats.of(s);
        return new BenchResult(id, adapter, workload, group, params, unit, mode, status, error, s, st,
                allocBytesPerOp, counts, Throughput.of(counts, st, unit), extra);
    }

    /**
     * Several measurements of one id (rounds, forks run one at a time) as one result: every sample, statistics over
     * all of them; the first result that is not ok stands for the whole when any round failed or was skipped.
     */
    public static BenchResult pooled(List<BenchResult> rounds) {
        for (BenchResult r : rounds) {
            if (!r.ok()) {
                return r;
            }
        }
        BenchResult first = rounds.getFirst();
        List<Double> all = rounds.stream().flatMap(r -> r.samples().stream()).toList();
        SampleStats st = SampleStats.of(all);
        return new BenchResult(first.id(), first.adapter(), first.workload(), first.group(), first.params(),
                first.unit(), first.mode(), first.status(), null, all, st, first.allocBytesPerOp(), first.counts(),
                Throughput.of(first.counts(), st, first.unit()), first.extra());
    }

    public enum Status { ok, failed, skipped }

    /** Per-operation work declared by the workload; zero when not meaningful. */
    @JsonPropertyOrder({"elements", "bytes", "flops"})
    public record Counts(long elements, long bytes, long flops) {
    }

    /** Work per second derived from {@link Counts} and the median time; null fields where a count is zero. */
    @JsonPropertyOrder({"elementsPerSec", "bytesPerSec", "flopsPerSec"})
    public record Throughput(Double elementsPerSec, Double bytesPerSec, Double flopsPerSec) {

        /** Derives throughput from counts and the median; null when the unit is not a time per operation. */
        public static Throughput of(Counts counts, SampleStats stats, String unit) {
            if (counts == null || stats == null) {
                return null;
            }
            double secondsPerOp = Units.secondsPerOp(stats.median(), unit);
            if (!(secondsPerOp > 0)) {
                return null;
            }
            return new Throughput(rate(counts.elements(), secondsPerOp), rate(counts.bytes(), secondsPerOp),
                    rate(counts.flops(), secondsPerOp));
        }

        private static Double rate(long count, double secondsPerOp) {
            return count > 0 ? count / secondsPerOp : null;
        }
    }
}
