package dev.panbench.harness.model;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Facts kept beside a result's measurement in its JSON object: {@code timer} (the clock that took the samples:
 * {@code jmh}, or a framework driver's own, e.g. {@code python time.perf_counter_ns}), {@code degraded} (why the
 * measured code ran below what the machine allows; absent when it did not) and {@code framework} (what a framework
 * row's runtime reported about itself: versions, the BLAS core it selected, the driver's inner loop) and
 * {@code deviceTime} (a device-timed workload's time per operation by the device's own events, beside the host
 * time JMH took: {@code {"unit": "ns/op", "samples": [one per measurement iteration], "stats": {...}}}).
 */
public final class ResultMarks {

    public static final String TIMER = "timer";
    public static final String DEGRADED = "degraded";
    public static final String FRAMEWORK = "framework";
    public static final String DEVICE_TIME = "deviceTime";
    public static final String JMH = "jmh";

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
}
