package dev.panbench.harness.model;

import dev.panbench.harness.model.BenchResult.Counts;
import dev.panbench.harness.model.BenchResult.Status;
import dev.panbench.harness.model.BenchResult.Throughput;

import java.util.List;

/**
 * A result derived from another ({@link BenchResult#toBuilder()}): every part starts as the other's, the parts set
 * here replace theirs. Statistics and throughput are kept as set; {@link BenchResult#withForks} recomputes them.
 */
public final class BenchResultBuilder {

    private ResultId id;
    private String group;
    private String unit;
    private String mode;
    private Status status;
    private String error;
    private List<List<Double>> forks;
    private SampleStats stats;
    private Double allocBytesPerOp;
    private Counts counts;
    private Throughput throughput;
    private ResultFacts facts;
    private Extra extra;

    BenchResultBuilder(BenchResult r) {
        id = r.id();
        group = r.group();
        unit = r.unit();
        mode = r.mode();
        status = r.status();
        error = r.error();
        forks = r.forks();
        stats = r.stats();
        allocBytesPerOp = r.allocBytesPerOp();
        counts = r.counts();
        throughput = r.throughput();
        facts = r.facts();
        extra = r.extra();
    }

    public BenchResultBuilder id(ResultId id) {
        this.id = id;
        return this;
    }

    public BenchResultBuilder error(String error) {
        this.error = error;
        return this;
    }

    public BenchResultBuilder forks(List<List<Double>> forks) {
        this.forks = forks;
        return this;
    }

    public BenchResultBuilder stats(SampleStats stats) {
        this.stats = stats;
        return this;
    }

    public BenchResultBuilder allocBytesPerOp(Double allocBytesPerOp) {
        this.allocBytesPerOp = allocBytesPerOp;
        return this;
    }

    /** Other counts, and the throughput they give with the statistics. */
    public BenchResultBuilder counts(Counts counts) {
        this.counts = counts;
        this.throughput = Throughput.of(counts, stats, unit);
        return this;
    }

    public BenchResultBuilder throughput(Throughput throughput) {
        this.throughput = throughput;
        return this;
    }

    public BenchResultBuilder facts(ResultFacts facts) {
        this.facts = facts;
        return this;
    }

    public BenchResultBuilder extra(Extra extra) {
        this.extra = extra;
        return this;
    }

    public BenchResult build() {
        return new BenchResult(id, group, unit, mode, status, error, forks, stats, allocBytesPerOp, counts, throughput,
                facts, extra);
    }
}
