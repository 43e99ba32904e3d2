package dev.panbench.adapters.tvmffi.compiled;

import java.nio.file.Path;
import java.util.Map;

/**
 * One TVM-compiled catalog module as the build step reports it: the {@code .so} and its sidecar JSON, the function
 * to call, the schedule and target it was compiled with, the apache-tvm version, the {@code libtvm_runtime.so} it
 * needs, why it runs unscheduled ({@code degraded}, null when it runs its schedule), and how it is called:
 * {@link #DESTINATION_PASSING} (a TIR function taking the inputs and the output) or {@link #RELAX_VM} (a Relax
 * executable: its VM's {@code main} takes the inputs and returns the output tensor). {@code scheduleLabel} says the
 * schedule in a few words ({@code tuned 64 trials}, {@code dlight}); {@code untuned} why a module MetaSchedule could
 * tune runs a generic schedule (null when tuned, or when there is nothing to tune). {@code prepare}: inputs of a
 * Relax module, by index, that go once through the named function of its VM before the first call, whose results
 * {@code main} then takes in their place (the BERT layer's weights, packed into panels as ONNX Runtime packs a
 * constant weight when its session is created); empty for the rest.
 */
public record CompiledModule(Path library, Path sidecar, String function, String schedule, String target,
                             String tvmVersion, Path runtime, String degraded, String calling, String scheduleLabel,
                             String untuned, Map<Integer, String> prepare) {

    public CompiledModule {
        prepare = Map.copyOf(prepare);
    }

    public static final String DESTINATION_PASSING = "destination-passing";
    public static final String RELAX_VM = "relax-vm";

    public boolean relaxVm() {
        return RELAX_VM.equals(calling);
    }
}
