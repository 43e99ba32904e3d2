package dev.panbench.harness.model;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One reading of the runner's machine probe, in nanoseconds per loop: {@code latency} (a chain of dependent integer
 * steps), {@code throughput} (independent fused multiply-add chains) and {@code memory} (a sum over 32 MiB). A result
 * keeps the readings taken just before and just after it was measured ({@link MachineBracket}).
 */
public record MachineSpeed(double latencyNanos, double throughputNanos, double memoryNanos) {

    /** The loops by name, in the order {@link #values()} gives them. */
    public static final List<String> LOOPS = List.of("latency", "throughput", "memory");

    public double[] values() {
        return new double[]{latencyNanos, throughputNanos, memoryNanos};
    }

    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("latencyNanos", latencyNanos);
        m.put("throughputNanos", throughputNanos);
        m.put("memoryNanos", memoryNanos);
        return m;
    }

    /** A reading from its JSON object, or null when it is missing or not whole. */
    public static MachineSpeed fromMap(Object o) {
        if (o instanceof Map<?, ?> m && m.get("latencyNanos") instanceof Number l
                && m.get("throughputNanos") instanceof Number t && m.get("memoryNanos") instanceof Number mem
                && l.doubleValue() > 0 && t.doubleValue() > 0 && mem.doubleValue() > 0) {
            return new MachineSpeed(l.doubleValue(), t.doubleValue(), mem.doubleValue());
        }
        return null;
    }
}
