package dev.panbench.harness.run.link;

import dev.panbench.harness.channel.Channel;
import dev.panbench.harness.model.ResultId;
import dev.panbench.harness.run.plan.Adapters;
import dev.panbench.harness.run.plan.RunPlan;
import dev.panbench.harness.spi.Adapter;
import dev.panbench.harness.spi.Availability;
import dev.panbench.harness.spi.DeviceTimed;
import dev.panbench.harness.spi.Workload;
import dev.panbench.harness.spi.WorkloadSkippedException;
import dev.panbench.harness.spi.WorkloadSpec;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * What runs inside a forked benchmark JVM before timing: id to workload, setup, verify. What the fork tells the
 * runner beyond JMH's scores (a failure's reason in one line instead of a JMH stack dump, device time, its facts)
 * goes through the {@link Channel} as {@link ForkReply} lines, to the file its {@link ForkRequest} names.
 */
final class ForkSide {

    private static volatile ForkRequest request;
    private static volatile String requestFile;

    private ForkSide() {
    }

    static Workload prepare(ResultId id) throws Exception {
        ForkRequest r = request();
        if (r != null && !Channel.speaks(r)) {
            throw new IllegalStateException(Channel.mismatch("the runner", r));
        }
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

    /** This fork's request, read once; null when the fork was started without one (JMH run by hand). */
    static ForkRequest request() {
        ForkRequest r = request;
        String file = System.getProperty(ForkRequest.PROPERTY);
        if (file == null) {
            return null;
        }
        if (r == null || !file.equals(requestFile)) {
            try {
                r = Channel.read(Path.of(file), ForkRequest.class);
            } catch (IOException | RuntimeException e) {
                r = new ForkRequest(-1, 0, null);
            }
            request = r;
            requestFile = file;
        }
        return r;
    }

    private static void reply(ForkReply m) {
        ForkRequest r = request();
        if (r == null || r.replies() == null) {
            return;
        }
        try {
            Channel.append(r.replies(), m);
        } catch (IOException ignored) {
            // the parent falls back to the JMH log, or keeps the result without this fact
        }
    }

    static void recordFailure(Throwable t) {
        reply(t instanceof WorkloadSkippedException
                ? new ForkReply.Skipped(Channel.PROTOCOL, t.getMessage())
                : new ForkReply.Failed(Channel.PROTOCOL, FailureReason.of(t)));
    }

    static void recordDeviceTime(DeviceTimed.DeviceTime t) {
        if (t.operations() != 0) {
            reply(new ForkReply.DeviceTime(Channel.PROTOCOL, t.nanos(), t.operations()));
        }
    }

    static long adaptiveWarmupNanos() {
        ForkRequest r = request();
        return r == null ? 0 : Math.max(0, r.adaptiveWarmupNanos());
    }

    static void recordForkFacts(Long peakMemoryBytes, AdaptiveWarmup.Outcome warmup, AdaptiveWarmup.Quiet quiet,
                                List<Long> compiledMillis, List<Double> runQueueWait,
                                java.util.Map<String, String> workload) {
        reply(new ForkReply.Facts(Channel.PROTOCOL, ForkFacts.of(peakMemoryBytes, warmup, quiet, compiledMillis,
                runQueueWait, workload)));
    }
}
