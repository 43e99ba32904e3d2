package dev.panbench.harness.model;

import dev.panbench.harness.stats.SteadyState;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Whether a result's measured iterations were at a steady state, as written under {@code steady}:
 * {@code {"steady": true|false|null, "method": .., "reason": .., "warmup": [..], "remeasured": {..}}}.
 *
 * @param steady     the verdict, null when there were too few iterations to judge
 * @param method     how it was judged
 * @param reason     why it is unsteady or not judged; null otherwise
 * @param warmup     each fork's adaptive warm-up as the fork reported it ({@code millis}, {@code windows},
 *                   {@code settled}, {@code lastDifference}, {@code compiling}); null without one
 * @param remeasured what the first measurement found when the result was measured again with a longer warm-up
 */
public record SteadyVerdict(Boolean steady, String method, String reason, List<Map<String, Object>> warmup,
                            Remeasured remeasured) {

    public SteadyVerdict {
        warmup = warmup == null ? null
                : warmup.stream().map(w -> Collections.unmodifiableMap(new LinkedHashMap<>(w))).toList();
    }

    /** The statistics' verdict with the forks' warm-ups (none when {@code warmup} is empty). */
    public static SteadyVerdict of(SteadyState.Verdict v, List<Map<String, Object>> warmup) {
        return new SteadyVerdict(v.steady(), v.method(), v.reason(), warmup.isEmpty() ? null : warmup, null);
    }

    /** This verdict, of a measurement taken again after {@code first}. */
    public SteadyVerdict after(Remeasured first) {
        return new SteadyVerdict(steady, method, reason, warmup, first);
    }

    /** Why the iterations were not steady, or null when they were or were not judged. */
    public String unsteadyReason() {
        return Boolean.FALSE.equals(steady) ? (reason == null ? "no reason given" : reason) : null;
    }

    /**
     * The longer warm-up a result was measured again with ({@code warmupIterations} of {@code warmupTime}) and why
     * its first measurement was unsteady.
     */
    public record Remeasured(int warmupIterations, String warmupTime, String firstReason) {

        Map<String, Object> toMap() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("warmupIterations", warmupIterations);
            m.put("warmupTime", warmupTime);
            m.put("firstReason", firstReason);
            return m;
        }
    }

    Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>(new SteadyState.Verdict(steady, method, reason).toMap());
        if (warmup != null) {
            m.put("warmup", warmup);
        }
        if (remeasured != null) {
            m.put("remeasured", remeasured.toMap());
        }
        return m;
    }

    /** The verdict from its JSON object; parts that are missing or of another shape read as null. */
    static SteadyVerdict fromMap(Map<?, ?> m) {
        Remeasured again = null;
        if (m.get("remeasured") instanceof Map<?, ?> r && r.get("warmupIterations") instanceof Number n) {
            again = new Remeasured(n.intValue(), FactValues.string(r.get("warmupTime")),
                    FactValues.string(r.get("firstReason")));
        }
        return new SteadyVerdict(m.get("steady") instanceof Boolean b ? b : null, FactValues.string(m.get("method")),
                FactValues.string(m.get("reason")), FactValues.objects(m.get("warmup")), again);
    }
}
