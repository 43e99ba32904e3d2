package dev.panbench.harness.model;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A device-timed workload's time per operation by the device's own events, one sample per measurement iteration,
 * beside the host time JMH took; written as {@code {"unit": "ns/op", "samples": [..], "stats": {..}}}.
 */
public record DeviceTime(String unit, List<Double> samples, SampleStats stats) {

    public DeviceTime {
        samples = samples == null ? null : List.copyOf(samples);
    }

    /** Samples in nanoseconds per operation, with their statistics. */
    public static DeviceTime ofNanos(List<Double> samples) {
        return new DeviceTime("ns/op", samples, SampleStats.of(samples));
    }

    Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        putIfPresent(m, "unit", unit);
        putIfPresent(m, "samples", samples);
        putIfPresent(m, "stats", stats);
        return m;
    }

    /** The time from its JSON object; parts that are missing or of another shape read as null. */
    static DeviceTime fromMap(Map<?, ?> m) {
        return new DeviceTime(FactValues.string(m.get("unit")), FactValues.doubles(m.get("samples")),
                FactValues.stats(m.get("stats")));
    }

    private static void putIfPresent(Map<String, Object> m, String key, Object value) {
        if (value != null) {
            m.put(key, value);
        }
    }
}
