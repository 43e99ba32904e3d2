package dev.panbench.harness.run;

import dev.panbench.harness.model.ResultId;
import dev.panbench.harness.spi.Adapter;
import dev.panbench.harness.spi.Availability;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.Workload;
import dev.panbench.harness.spi.WorkloadSpec;

/** One result a run will produce: a workload with concrete parameters, and whether it can run here. */
public record PlannedResult(ResultId id, Adapter adapter, WorkloadSpec spec, Params params, Availability availability) {

    /** Whether a framework's own driver times this result (numpy, Python rows): no JMH iterations run for it. */
    public boolean timedByDriver() {
        Workload w = DriverRunner.driven(this);
        if (w == null) {
            return false;
        }
        try {
            w.close();
        } catch (Exception ignored) {
            // a workload that was never set up holds nothing to release
        }
        return true;
    }
}
