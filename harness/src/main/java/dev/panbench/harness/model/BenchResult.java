package dev.panbench.harness.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * One measured (or failed, or skipped) result. {@code id} is what comparisons match on. {@code forks} holds every
 * measurement iteration score of every fork (one JVM each), in {@code unit}, fork by fork: statistics that resample
 * forks take them from here, never from a count. {@code facts} are what panbench recorded beside the measurement and
 * {@code extra} what a file held that panbench does not know. In a results file the result is written as
 * {@link BenchResultJson} (the flat {@code samples} beside {@code forks}). A result is derived from another through
 * {@link #toBuilder()}.
 */
public record BenchResult(ResultId id, String group, String unit, String mode, Status status, String error,
                          List<List<Double>> forks, SampleStats stats, Double allocBytesPerOp, Counts counts,
                          Throughput throughput, ResultFacts facts, Extra extra) {

    public BenchResult {
        forks = forks == null ? List.of() : forks.stream().filter(f -> !f.isEmpty()).map(List::copyOf).toList();
        facts = facts == null ? ResultFacts.NONE : facts;
        extra = extra == null ? Extra.NONE : extra;
    }

    /** A measured result from its forks; statistics and throughput derived from the samples. */
    public static BenchResult measured(ResultId id, String group, String unit, String mode, List<List<Double>> forks,
                                       Double allocBytesPerOp, Counts counts) {
        return measured(id, group, unit, mode, forks, allocBytesPerOp, counts, ResultFacts.NONE, Extra.NONE);
    }

    /** As above, with the facts recorded beside the measurement and fields panbench does not know. */
    public static BenchResult measured(ResultId id, String group, String unit, String mode, List<List<Double>> forks,
                                       Double allocBytesPerOp, Counts counts, ResultFacts facts, Extra extra) {
        SampleStats st = SampleStats.of(forks.stream().flatMap(List::stream).toList());
        return new BenchResult(id, group, unit, mode, Status.ok, null, forks, st, allocBytesPerOp, counts,
                Throughput.of(counts, st, unit), facts, extra);
    }

    /** A result that did not measure, with its reason. */
    public static BenchResult notMeasured(ResultId id, String group, String mode, Status status, String reason,
                                          Counts counts) {
        return new BenchResult(id, group, null, mode, status, reason, null, null, null, counts, null, null, null);
    }

    /** A builder that starts from this result: the one way a result is derived from another. */
    public BenchResultBuilder toBuilder() {
        return new BenchResultBuilder(this);
    }

    /** This result with its facts changed by {@code change}. */
    public BenchResult withFacts(UnaryOperator<ResultFacts> change) {
        return toBuilder().facts(change.apply(facts)).build();
    }

    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    static BenchResult fromJson(BenchResultJson json) {
        return json.toResult();
    }

    @JsonValue
    BenchResultJson toJson() {
        return BenchResultJson.of(this);
    }

    public String adapter() {
        return id.adapter();
    }

    public String workload() {
        return id.workload();
    }

    /** Parameter values in declared order. */
    public Map<String, String> params() {
        return id.params().values();
    }

    /** Every sample of every fork, fork after fork. */
    public List<Double> samples() {
        if (forks.size() == 1) {
            return forks.getFirst();
        }
        List<Double> all = new ArrayList<>();
        forks.forEach(all::addAll);
        return all;
    }

    public boolean ok() {
        return status == Status.ok;
    }

    /** The same result with other forks; statistics and throughput recomputed. */
    public BenchResult withForks(List<List<Double>> newForks) {
        List<Double> all = newForks.stream().flatMap(List::stream).toList();
        SampleStats st = all.isEmpty() ? stats : SampleStats.of(all);
        return toBuilder().forks(newForks).stats(st).throughput(Throughput.of(counts, st, unit)).build();
    }

    /** A copy whose samples are multiplied by {@code factor}, statistics and throughput recomputed. */
    public BenchResult scaled(double factor) {
        return withForks(forks.stream().map(f -> f.stream().map(v -> v * factor).toList()).toList());
    }

    /**
     * Several measurements of one id (rounds run one at a time) as one result: the forks of every round, statistics
     * over all of them; the first result that is not ok stands for the whole when any round failed or was skipped.
     */
    public static BenchResult pooled(List<BenchResult> rounds) {
        for (BenchResult r : rounds) {
            if (!r.ok()) {
                return r;
            }
        }
        return rounds.getFirst().withForks(rounds.stream().flatMap(r -> r.forks().stream()).toList());
    }

    public enum Status { ok, failed, skipped }

    /** Per-operation work declared by the workload; zero when not meaningful. */
    @com.fasterxml.jackson.annotation.JsonPropertyOrder({"elements", "bytes", "flops"})
    public record Counts(long elements, long bytes, long flops) {
    }

    /** Work per second derived from {@link Counts} and the median time; null fields where a count is zero. */
    @com.fasterxml.jackson.annotation.JsonPropertyOrder({"elementsPerSec", "bytesPerSec", "flopsPerSec"})
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
