package dev.panbench.harness.run.measure;

import dev.panbench.harness.catalog.Catalog;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.DeviceTime;
import dev.panbench.harness.model.PeakMemory;
import dev.panbench.harness.model.ResultMarks;
import dev.panbench.harness.run.link.ForkFacts;
import dev.panbench.harness.run.link.ForkReply;
import dev.panbench.harness.spi.Role;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The facts panbench adds to a result beside its scores, as two lists of {@link Enrichment} steps: what the JMH forks
 * told ({@link #FROM_FORKS}: device time, peak memory, run-queue wait, then the steadiness verdict that reads them),
 * and what every finished row gets, however it was timed ({@link #FROM_ROW}: the machine's readings around it, its
 * role and weight bytes).
 */
final class Enrichments {

    static final List<Enrichment> FROM_FORKS = List.of(Enrichments::deviceTime, Enrichments::peakMemory,
            Enrichments::runQueueWait, Enrichments::workloadFacts, Enrichments::steadiness);
    static final List<Enrichment> FROM_ROW = List.of(Enrichments::machine, Enrichments::role);

    private Enrichments() {
    }

    /**
     * Adds {@code deviceTime} ({@link ResultMarks#DEVICE_TIME}: the device's own time per operation, one sample per
     * measurement iteration) when the workload was device-timed.
     */
    static BenchResult deviceTime(BenchResult r, Enrichment.Evidence e) {
        List<Double> samples = new ArrayList<>();
        for (ForkReply.DeviceTime t : e.replies().deviceTimes()) {
            if (t.operations() > 0) {
                samples.add(t.nanos() / (double) t.operations());
            }
        }
        return samples.isEmpty() ? r : r.withFacts(f -> f.withDeviceTime(DeviceTime.ofNanos(samples)));
    }

    /**
     * Adds {@code peakMemoryBytes} ({@link ResultMarks#PEAK_MEMORY}): the largest resident-set high-water mark of the
     * forks during measurement, and each fork's, when a fork could read one.
     */
    static BenchResult peakMemory(BenchResult r, Enrichment.Evidence e) {
        List<Long> byFork = e.replies().facts().stream().map(ForkFacts::peakMemoryBytes).filter(Objects::nonNull)
                .toList();
        PeakMemory peak = PeakMemory.of(byFork, List.of());
        return peak == null ? r : r.withFacts(f -> f.withPeakMemory(peak));
    }

    /**
     * Adds {@code runQueueWait} ({@link ResultMarks#RUN_QUEUE_WAIT}): for each fork, the share of each measurement
     * iteration its benchmark thread waited runnable for a CPU, beside the iteration's score; unchanged where no fork
     * could read it or the counts do not line up with the samples.
     */
    static BenchResult runQueueWait(BenchResult r, Enrichment.Evidence e) {
        List<ForkFacts> facts = e.replies().facts();
        if (facts.size() != r.forks().size()) {
            return r;
        }
        List<List<Double>> byFork = new ArrayList<>();
        for (int i = 0; i < facts.size(); i++) {
            List<Double> w = facts.get(i).runQueueWait();
            if (w.size() != r.forks().get(i).size()) {
                return r;
            }
            byFork.add(w);
        }
        return r.withFacts(f -> f.withRunQueueWait(byFork));
    }

    /**
     * Adds what the workload told of its backend ({@link dev.panbench.harness.spi.RunFacts}) to the result's
     * {@code framework} facts, as a framework row's driver reports its own: the first fork's, since each fork sets up
     * anew and the first one is what a user's first run sees.
     */
    static BenchResult workloadFacts(BenchResult r, Enrichment.Evidence e) {
        Map<String, String> told = e.replies().facts().stream().map(ForkFacts::workload).filter(m -> !m.isEmpty())
                .findFirst().orElse(Map.of());
        if (told.isEmpty()) {
            return r;
        }
        return r.withFacts(f -> f.withFramework(told));
    }

    /** Adds whether the iterations were steady ({@link Steadiness}). */
    static BenchResult steadiness(BenchResult r, Enrichment.Evidence e) {
        return Steadiness.judge(r, e.replies().facts(), e.iterationNanos());
    }

    /** Adds the machine probe's readings just before and just after the result ({@link ResultMarks#MACHINE}). */
    static BenchResult machine(BenchResult r, Enrichment.Evidence e) {
        return r.ok() && e.machine() != null ? r.withFacts(f -> f.withMachine(e.machine())) : r;
    }

    /** Adds what the row stands for beside its twins ({@link Role}) and the bytes of weights it reads. */
    static BenchResult role(BenchResult r, Enrichment.Evidence e) {
        Role role = e.planned().spec().role().apply(e.planned().params());
        return r.withFacts(f -> f.withRole(role).withWeightBytes(Catalog.weightBytes(role)));
    }
}
