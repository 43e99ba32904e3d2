package dev.panbench.harness.run.plan;

import dev.panbench.harness.model.ResultId;
import dev.panbench.harness.spi.Adapter;
import dev.panbench.harness.spi.Availability;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.WorkloadSpec;

/** One result a run will produce: a workload with concrete parameters, and whether it can run here. */
public record PlannedResult(ResultId id, Adapter adapter, WorkloadSpec spec, Params params, Availability availability) {
}
