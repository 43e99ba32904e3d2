package dev.panbench.adapters.tvmffi.compiled;

import java.nio.file.Path;

/**
 * One TVM-compiled catalog module as the build step reports it: the {@code .so} and its sidecar JSON, the function
 * to call, the schedule and target it was compiled with, the apache-tvm version, the {@code libtvm_runtime.so} it
 * needs, and why it runs unscheduled ({@code degraded}, null when it runs its schedule).
 */
public record CompiledModule(Path library, Path sidecar, String function, String schedule, String target,
                             String tvmVersion, Path runtime, String degraded) {
}
