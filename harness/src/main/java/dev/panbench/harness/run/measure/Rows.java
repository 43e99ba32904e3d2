package dev.panbench.harness.run.measure;

import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.BenchResult.Counts;
import dev.panbench.harness.model.BenchResult.Status;
import dev.panbench.harness.run.plan.PlannedResult;
import dev.panbench.harness.spi.OpCounts;

/** The parts of a result every way of measuring fills the same: its declared counts, and a row not measured. */
final class Rows {

    private Rows() {
    }

    static Counts counts(PlannedResult p) {
        OpCounts c = p.spec().counts().apply(p.params());
        return c == null || c.equals(OpCounts.NONE) ? null : new Counts(c.elements(), c.bytes(), c.flops());
    }

    static BenchResult failed(PlannedResult p, String mode, String error) {
        return BenchResult.notMeasured(p.id(), p.spec().group(), mode, Status.failed, error, counts(p));
    }

    static BenchResult skipped(PlannedResult p, String mode, String reason) {
        return BenchResult.notMeasured(p.id(), p.spec().group(), mode, Status.skipped, reason, counts(p));
    }
}
