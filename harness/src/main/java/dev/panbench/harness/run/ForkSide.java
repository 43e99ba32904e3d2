package dev.panbench.harness.run;

import dev.panbench.harness.model.ResultId;
import dev.panbench.harness.spi.Adapter;
import dev.panbench.harness.spi.Availability;
import dev.panbench.harness.spi.DeviceTimed;
import dev.panbench.harness.spi.VerificationException;
import dev.panbench.harness.spi.Workload;
import dev.panbench.harness.spi.WorkloadSkippedException;
import dev.panbench.harness.spi.WorkloadSpec;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

/**
 * What runs inside a forked benchmark JVM before timing: id to workload, setup, verify. A failure's reason is
 * written to the file named by the {@value #FAILURE_FILE_PROPERTY} system property, so the parent can report it in
 * one line instead of a JMH stack dump.
 */
final class ForkSide {

    static final String FAILURE_FILE_PROPERTY = "panbench.failureFile";
    static final String SKIPPED_PREFIX = "skipped: ";
    /** File the fork appends one {@code nanos operations} line to per measurement iteration of a device-timed workload. */
    static final String DEVICE_TIME_FILE_PROPERTY = "panbench.deviceTimeFile";
    /** File the fork appends one JSON line of {@link ForkFacts} to when its trial ends. */
    static final String FORK_FACTS_FILE_PROPERTY = "panbench.forkFactsFile";
    /** The cap of the adaptive warm-up in nanoseconds; absent or 0: none. */
    static final String ADAPTIVE_WARMUP_PROPERTY = "panbench.adaptiveWarmupNanos";

    private ForkSide() {
    }

    static Workload prepare(ResultId id) throws Exception {
        WorkloadSpec spec = resolve(id);
        Workload w = spec.factory().get();
        try {
            w.setup(id.params());
            w.verify();
            return w;
        } catch (Exception e) {
            w.close();
            throw e;
        }
    }

    static WorkloadSpec resolve(ResultId id) {
        Adapter adapter = Adapters.load().byId(id.adapter());
        Availability a = adapter.probe();
        if (!a.available()) {
            throw new IllegalStateException("adapter " + adapter.id() + " unavailable in the fork: " + a.reason());
        }
        return RunPlan.declaration(adapter, id);
    }

    static void recordFailure(Throwable t) {
        String file = System.getProperty(FAILURE_FILE_PROPERTY);
        if (file == null) {
            return;
        }
        String text = t instanceof WorkloadSkippedException ? SKIPPED_PREFIX + t.getMessage() : describe(t);
        try {
            Files.writeString(Path.of(file), text, StandardCharsets.UTF_8);
        } catch (IOException ignored) {
            // the parent falls back to the JMH log
        }
    }

    static void recordDeviceTime(DeviceTimed.DeviceTime t) {
        String file = System.getProperty(DEVICE_TIME_FILE_PROPERTY);
        if (file == null || t.operations() == 0) {
            return;
        }
        try {
            Files.writeString(Path.of(file), t.nanos() + " " + t.operations() + "\n", StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException ignored) {
            // the result is kept without its device time
        }
    }

    static long adaptiveWarmupNanos() {
        try {
            return Long.parseLong(System.getProperty(ADAPTIVE_WARMUP_PROPERTY, "0"));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    static void recordForkFacts(Long peakMemoryBytes, AdaptiveWarmup.Outcome warmup, List<Long> compiledMillis) {
        String file = System.getProperty(FORK_FACTS_FILE_PROPERTY);
        if (file == null) {
            return;
        }
        try {
            Files.writeString(Path.of(file), ForkFacts.line(peakMemoryBytes, warmup, compiledMillis) + "\n", StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException ignored) {
            // the result is kept without these facts
        }
    }

    static String describe(Throwable t) {
        Throwable root = t;
        while (root.getCause() != null && root.getCause() != root
                && !(root instanceof VerificationException)) {
            root = root.getCause();
        }
        String prefix = root instanceof VerificationException ? "verification failed: " : "";
        String msg = root.getMessage() == null ? root.getClass().getName()
                : root.getClass().getSimpleName() + ": " + root.getMessage();
        if (root instanceof VerificationException) {
            msg = root.getMessage();
        }
        return prefix + msg.replace('\n', ' ');
    }
}
