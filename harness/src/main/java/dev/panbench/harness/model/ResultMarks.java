package dev.panbench.harness.model;

import dev.panbench.harness.spi.Role;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Facts kept beside a result's measurement in its JSON object: {@code timer} (the clock that took the samples:
 * {@code jmh}, or a framework driver's own, e.g. {@code python time.perf_counter_ns}), {@code degraded} (why the
 * measured code ran below what the machine allows; absent when it did not) and {@code framework} (what a framework
 * row's runtime reported about itself: versions, the BLAS core it selected, the driver's inner loop) and
 * {@code deviceTime} (a device-timed workload's time per operation by the device's own events, beside the host
 * time JMH took: {@code {"unit": "ns/op", "samples": [one per measurement iteration], "stats": {...}}}) and
 * {@code role} (what the result stands for, as its workload declared it: {@link Role}), {@code weightBytes} (the
 * footprint of the model weights a catalog entry's operation reads, in bytes; absent for entries without weights),
 * {@code peakMemoryBytes} (the measuring process's resident-set high-water mark during measurement, in bytes: the
 * largest over forks, with {@code peakMemoryBytesByFork} fork by fork; framework rows add
 * {@code tracemallocPeakBytes}, Python's own allocations during one untimed pass) and {@code steady} (whether the
 * measured iterations were at a steady state: {@code {"steady": true|false|null, "method": .., "reason": ..}}, null
 * when too few to judge; a result with {@code steady: false} is marked {@code unsteady} in every report) and
 * {@code machine} (the runner's machine probe just before and just after the result was measured:
 * {@link MachineSpeed}).
 */
public final class ResultMarks {

    public static final String TIMER = "timer";
    public static final String DEGRADED = "degraded";
    public static final String FRAMEWORK = "framework";
    public static final String DEVICE_TIME = "deviceTime";
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

    /** The marks as the extra fields of a {@link BenchResult}; null values are left out. */
    public static Map<String, Object> of(String timer, String degraded, Map<String, String> framework) {
        Map<String, Object> m = new LinkedHashMap<>();
        if (timer != null) {
            m.put(TIMER, timer);
        }
        if (degraded != null) {
            m.put(DEGRADED, degraded);
        }
        if (framework != null && !framework.isEmpty()) {
            m.put(FRAMEWORK, new java.util.TreeMap<>(framework));
        }
        return m;
    }

    public static String timer(BenchResult r) {
        Object t = r.extra().get(TIMER);
        return t == null ? null : t.toString();
    }

    /** Why the result ran degraded, or null when it did not. */
    public static String degraded(BenchResult r) {
        Object d = r.extra().get(DEGRADED);
        return d == null ? null : d.toString();
    }

    public static Map<String, String> framework(BenchResult r) {
        Map<String, String> out = new LinkedHashMap<>();
        if (r.extra().get(FRAMEWORK) instanceof Map<?, ?> m) {
            m.forEach((k, v) -> out.put(String.valueOf(k), String.valueOf(v)));
        }
        return out;
    }

    /** The measuring process's peak resident set in bytes, or null when none was read. */
    public static Long peakMemoryBytes(BenchResult r) {
        return r.extra().get(PEAK_MEMORY) instanceof Number n ? n.longValue() : null;
    }

    /** Why the measured iterations were not at a steady state, or null when they were (or were not judged). */
    public static String unsteady(BenchResult r) {
        if (r.extra().get(STEADY) instanceof Map<?, ?> m && Boolean.FALSE.equals(m.get(STEADY))) {
            Object reason = m.get("reason");
            return reason == null ? "no reason given" : reason.toString();
        }
        return null;
    }

    /** {@code r} with these extra fields added (replacing any of the same name); a null value removes the field. */
    public static BenchResult with(BenchResult r, Map<String, Object> fields) {
        if (fields.isEmpty()) {
            return r;
        }
        Map<String, Object> extra = new LinkedHashMap<>(r.extra());
        fields.forEach((k, v) -> {
            if (v == null) {
                extra.remove(k);
            } else {
                extra.put(k, v);
            }
        });
        return new BenchResult(r.id(), r.group(), r.unit(), r.mode(), r.status(), r.error(), r.forks(), r.stats(),
                r.allocBytesPerOp(), r.counts(), r.throughput(), extra);
    }

    /** What the result stands for, as written in its file; null for results written before roles were. */
    public static Role role(BenchResult r) {
        return Role.fromMap(r.extra().get(ROLE));
    }

    /** {@code r} with its role recorded (unchanged when {@code role} is null). */
    public static BenchResult withRole(BenchResult r, Role role) {
        if (role == null) {
            return r;
        }
        Map<String, Object> extra = new LinkedHashMap<>(r.extra());
        extra.put(ROLE, role.toMap());
        return new BenchResult(r.id(), r.group(), r.unit(), r.mode(), r.status(), r.error(), r.forks(), r.stats(),
                r.allocBytesPerOp(), r.counts(), r.throughput(), extra);
    }

    /** The weights' footprint in bytes, or null when the result records none. */
    public static Long weightBytes(BenchResult r) {
        return r.extra().get(WEIGHT_BYTES) instanceof Number n ? n.longValue() : null;
    }

    /** {@code r} with the weights' footprint recorded (unchanged when {@code bytes} is not positive). */
    public static BenchResult withWeightBytes(BenchResult r, long bytes) {
        if (bytes <= 0) {
            return r;
        }
        Map<String, Object> extra = new LinkedHashMap<>(r.extra());
        extra.put(WEIGHT_BYTES, bytes);
        return new BenchResult(r.id(), r.group(), r.unit(), r.mode(), r.status(), r.error(), r.forks(), r.stats(),
                r.allocBytesPerOp(), r.counts(), r.throughput(), extra);
    }
}
