package dev.panbench.harness.model;

import dev.panbench.harness.spi.Role;

/**
 * The names under which a result's JSON object holds the facts panbench records beside its measurement
 * ({@link ResultFacts} holds their values): {@code timer} (the clock that took the samples: {@code jmh}, or a
 * framework driver's own, e.g. {@code python time.perf_counter_ns}), {@code degraded} (why the measured code ran
 * below what the machine allows; absent when it did not) and {@code framework} (what a framework row's runtime
 * reported about itself: versions, the BLAS core it selected, the driver's inner loop) and {@code deviceTime} (a
 * device-timed workload's time per operation by the device's own events, beside the host time JMH took:
 * {@link DeviceTime}) and {@code role} (what the result stands for, as its workload declared it: {@link Role}),
 * {@code weightBytes} (the footprint of the model weights a catalog entry's operation reads, in bytes; absent for
 * entries without weights), {@code peakMemoryBytes} (the measuring process's resident-set high-water mark during
 * measurement, in bytes: the largest over forks, with {@code peakMemoryBytesByFork} fork by fork; framework rows add
 * {@code tracemallocPeakBytes}, Python's own allocations during one untimed pass: {@link PeakMemory}) and
 * {@code steady} (whether the measured iterations were at a steady state: {@link SteadyVerdict}; a result with
 * {@code steady: false} is marked {@code unsteady} in every report) and {@code machine} (the runner's machine probe
 * just before and just after the result was measured: {@link MachineBracket}).
 */
public final class ResultMarks {

    public static final String TIMER = "timer";
    public static final String DEGRADED = "degraded";
    public static final String FRAMEWORK = "framework";
    public static final String DEVICE_TIME = "deviceTime";
    /** The {@code timer} of a result JMH measured. */
    public static final String JMH = "jmh";
    public static final String ROLE = "role";
    public static final String WEIGHT_BYTES = "weightBytes";
    public static final String PEAK_MEMORY = "peakMemoryBytes";
    public static final String PEAK_MEMORY_BY_FORK = "peakMemoryBytesByFork";
    public static final String TRACEMALLOC_PEAK = "tracemallocPeakBytes";
    public static final String STEADY = "steady";
    public static final String MACHINE = "machine";
    /**
     * Per fork, per measurement iteration: the share of the iteration the benchmark thread waited runnable for a CPU
     * (other processes of this machine had it). The paired gate takes it out of each score.
     */
    public static final String RUN_QUEUE_WAIT = "runQueueWait";

    private ResultMarks() {
    }
}
