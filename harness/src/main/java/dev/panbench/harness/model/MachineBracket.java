package dev.panbench.harness.model;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The runner's machine probe just before and just after a result was measured, written under {@code machine} as
 * {@code {"before": {"latencyNanos": .., "throughputNanos": .., "memoryNanos": ..}, "after": {..}}}.
 */
public record MachineBracket(MachineSpeed before, MachineSpeed after) {

    Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("before", before.toMap());
        m.put("after", after.toMap());
        return m;
    }

    /** Both readings from their JSON object, or null when either is missing or not whole. */
    static MachineBracket fromMap(Map<?, ?> m) {
        MachineSpeed before = MachineSpeed.fromMap(m.get("before"));
        MachineSpeed after = MachineSpeed.fromMap(m.get("after"));
        return before == null || after == null ? null : new MachineBracket(before, after);
    }
}
