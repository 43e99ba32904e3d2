package dev.panbench.adapters.cpusimd.workloads;

import dev.panbench.adapters.cpusimd.text.TokenizeWorkloads;
import dev.panbench.harness.spi.WorkloadSpec;

import java.util.ArrayList;
import java.util.List;

/** Every workload of the adapter, in the stable order {@code panbench list} shows. */
public final class CpuSimdWorkloads {

    private CpuSimdWorkloads() {
    }

    public static List<WorkloadSpec> all() {
        List<WorkloadSpec> all = new ArrayList<>();
        all.addAll(MachineWorkloads.specs());
        all.addAll(ElementwiseWorkloads.specs());
        all.addAll(ReductionWorkloads.specs());
        all.addAll(GemmWorkloads.specs());
        all.addAll(LayoutWorkloads.specs());
        all.addAll(NumericFormatWorkloads.specs());
        all.addAll(SignalWorkloads.specs());
        all.addAll(ModelWorkloads.specs());
        all.addAll(LlamaWorkloads.specs());
        all.addAll(GenerateWorkloads.specs());
        all.addAll(OptimizerWorkloads.specs());
        all.addAll(TokenizeWorkloads.specs());
        return List.copyOf(all);
    }
}
