package dev.panbench.adapters.tvmffi.usermodel;

import java.nio.file.Path;

/**
 * A user's model as {@code tvm_model.py build} reports its Relax build: the {@code .so} (a Relax executable whose
 * VM's {@code main} takes the model's inputs and returns its output, or a tuple of them), the
 * {@code libtvm_runtime.so} it needs, apache-tvm's version, the target, the schedule ({@code scheduleLabel}:
 * {@code untuned} or {@code tuned (N trials)}; {@code untuned}: why it is not tuned, null when it is), whether it came
 * from the cache, and how long the build took (when it was built now, or when the cached one was).
 */
record ModelModule(Path library, Path runtime, String tvmVersion, String target, String schedule,
                   String scheduleLabel, String untuned, boolean cached, String buildMillis) {
}
