package dev.panbench.harness.model;

import dev.panbench.harness.spi.Role;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static dev.panbench.harness.model.ResultMarks.DEGRADED;
import static dev.panbench.harness.model.ResultMarks.DEVICE_TIME;
import static dev.panbench.harness.model.ResultMarks.FRAMEWORK;
import static dev.panbench.harness.model.ResultMarks.MACHINE;
import static dev.panbench.harness.model.ResultMarks.PEAK_MEMORY;
import static dev.panbench.harness.model.ResultMarks.PEAK_MEMORY_BY_FORK;
import static dev.panbench.harness.model.ResultMarks.ROLE;
import static dev.panbench.harness.model.ResultMarks.RUN_QUEUE_WAIT;
import static dev.panbench.harness.model.ResultMarks.STEADY;
import static dev.panbench.harness.model.ResultMarks.TIMER;
import static dev.panbench.harness.model.ResultMarks.TRACEMALLOC_PEAK;
import static dev.panbench.harness.model.ResultMarks.WEIGHT_BYTES;

/**
 * A result's facts ({@link ResultFacts}) and unknown fields ({@link Extra}) to and from the fields of its JSON object
 * after the measurement. Facts are written in the order a run records them (timer, degraded, framework, deviceTime,
 * peakMemoryBytes, peakMemoryBytesByFork, tracemallocPeakBytes, runQueueWait, steady, machine, role, weightBytes);
 * a result read from a file keeps the file's order and, while a fact is unchanged, the file's own text of it.
 */
final class ResultFactFields {

    private ResultFactFields() {
    }

    /** The facts and unknown fields of a JSON object's fields after the measurement. */
    record Split(ResultFacts facts, Extra extra) {
    }

    static Split split(Map<String, Object> fields) {
        if (fields.isEmpty()) {
            return new Split(ResultFacts.NONE, Extra.NONE);
        }
        ResultFacts facts = read(fields);
        Map<String, Object> typed = write(facts);
        Map<String, Object> unknown = new LinkedHashMap<>();
        Map<String, Object> asRead = new LinkedHashMap<>();
        fields.forEach((name, value) -> {
            if (!typed.containsKey(name)) {
                unknown.put(name, value);
            } else if (!FactValues.sameJson(typed.get(name), value)) {
                asRead.put(name, value);
            }
        });
        return new Split(facts, new Extra(unknown, new ArrayList<>(fields.keySet()), asRead));
    }

    /** The fields written after the measurement: the file's order first, then new facts, then unknown fields. */
    static Map<String, Object> join(ResultFacts facts, Extra extra) {
        Map<String, Object> typed = write(facts);
        Map<String, Object> out = new LinkedHashMap<>();
        for (String name : extra.order()) {
            if (typed.containsKey(name)) {
                out.put(name, asWritten(name, typed.get(name), extra.asRead()));
            } else if (extra.fields().containsKey(name)) {
                out.put(name, extra.fields().get(name));
            }
        }
        typed.forEach(out::putIfAbsent);
        extra.fields().forEach(out::putIfAbsent);
        return out;
    }

    /** The file's own text of a fact while the fact is what that text reads as; else the fact's typed form. */
    private static Object asWritten(String name, Object typed, Map<String, Object> asRead) {
        Object original = asRead.get(name);
        if (original != null && typed.equals(write(read(Map.of(name, original))).get(name))) {
            return original;
        }
        return typed;
    }

    /** The facts among {@code fields}, each read as leniently as its readers always did. */
    static ResultFacts read(Map<String, ?> fields) {
        PeakMemory peak = new PeakMemory(FactValues.whole(fields.get(PEAK_MEMORY)),
                FactValues.wholes(fields.get(PEAK_MEMORY_BY_FORK)), FactValues.whole(fields.get(TRACEMALLOC_PEAK)));
        return new ResultFacts(FactValues.string(fields.get(TIMER)), FactValues.string(fields.get(DEGRADED)),
                fields.get(FRAMEWORK) instanceof Map<?, ?> f ? FactValues.strings(f) : null,
                fields.get(DEVICE_TIME) instanceof Map<?, ?> d ? DeviceTime.fromMap(d) : null,
                peak.equals(new PeakMemory(null, null, null)) ? null : peak,
                FactValues.doubleLists(fields.get(RUN_QUEUE_WAIT)),
                fields.get(STEADY) instanceof Map<?, ?> s ? SteadyVerdict.fromMap(s) : null,
                fields.get(MACHINE) instanceof Map<?, ?> m ? MachineBracket.fromMap(m) : null,
                Role.fromMap(fields.get(ROLE)), FactValues.whole(fields.get(WEIGHT_BYTES)));
    }

    /** The facts as JSON fields, in the order a run records them; absent facts left out. */
    static Map<String, Object> write(ResultFacts f) {
        Map<String, Object> m = new LinkedHashMap<>();
        put(m, TIMER, f.timer());
        put(m, DEGRADED, f.degraded());
        put(m, FRAMEWORK, f.framework().isEmpty() ? null : f.framework());
        put(m, DEVICE_TIME, f.deviceTime() == null ? null : f.deviceTime().toMap());
        if (f.peakMemory() != null) {
            put(m, PEAK_MEMORY, f.peakMemory().bytes());
            put(m, PEAK_MEMORY_BY_FORK, f.peakMemory().byFork());
            put(m, TRACEMALLOC_PEAK, f.peakMemory().tracemallocBytes());
        }
        put(m, RUN_QUEUE_WAIT, f.runQueueWait());
        put(m, STEADY, f.steady() == null ? null : f.steady().toMap());
        put(m, MACHINE, f.machine() == null ? null : f.machine().toMap());
        put(m, ROLE, f.role() == null ? null : f.role().toMap());
        put(m, WEIGHT_BYTES, f.weightBytes());
        return m;
    }

    private static void put(Map<String, Object> m, String name, Object value) {
        if (value != null) {
            m.put(name, value);
        }
    }
}
