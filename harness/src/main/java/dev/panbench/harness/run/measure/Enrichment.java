package dev.panbench.harness.run.measure;

import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.MachineBracket;
import dev.panbench.harness.run.link.ForkReply;
import dev.panbench.harness.run.plan.PlannedResult;

import java.util.List;

/**
 * One small step that adds a fact to a measured result ({@link Enrichments}): each reads what it needs from the
 * {@link Evidence} and leaves a result it has nothing to add to unchanged.
 */
@FunctionalInterface
interface Enrichment {

    BenchResult apply(BenchResult r, Evidence e);

    /**
     * What the steps read: the planned row, every reply of its forks (none for a driver's row), the measurement
     * iteration time (0 where the forks report no JIT activity), and the machine probe's readings around the row
     * (null before the row has finished).
     */
    record Evidence(PlannedResult planned, ForkReply.All replies, long iterationNanos, MachineBracket machine) {

        static Evidence ofForks(PlannedResult planned, ForkReply.All replies, long iterationNanos) {
            return new Evidence(planned, replies, iterationNanos, null);
        }

        static Evidence ofRow(PlannedResult planned, MachineBracket machine) {
            return new Evidence(planned, new ForkReply.All(List.of()), 0, machine);
        }
    }

    /** {@code r} through every step in order. */
    static BenchResult applyAll(List<Enrichment> steps, BenchResult r, Evidence e) {
        for (Enrichment step : steps) {
            r = step.apply(r, e);
        }
        return r;
    }
}
