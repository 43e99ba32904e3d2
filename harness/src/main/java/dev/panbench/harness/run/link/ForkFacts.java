package dev.panbench.harness.run.link;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What one JMH fork tells its parent when its trial ends ({@link ForkReply.Facts}): its resident-set high-water mark
 * during measurement ({@code peakMemoryBytes}, absent where the OS gives none) and what its adaptive warm-up did
 * ({@code warmup}, absent when the run asked for none), and the JIT's compilation milliseconds during each
 * measurement iteration ({@code compiledMillis}, {@link JitCpuTime}: empty where the JVM does not account them), and
 * the share of each measurement iteration the benchmark thread spent runnable but waiting for a CPU
 * ({@code runQueueWait}, empty where the kernel does not account it), and what its workload told of its backend
 * ({@code workload}, {@link dev.panbench.harness.spi.RunFacts}: a session's creation time, the answer's largest
 * error; empty for most).
 */
public record ForkFacts(Long peakMemoryBytes, Map<String, Object> warmup, List<Long> compiledMillis,
                 List<Double> runQueueWait, Map<String, String> workload) {

    public ForkFacts {
        compiledMillis = compiledMillis == null ? List.of() : List.copyOf(compiledMillis);
        runQueueWait = runQueueWait == null ? List.of() : List.copyOf(runQueueWait);
        workload = workload == null ? Map.of() : Map.copyOf(workload);
    }

    /** A fork's facts without any of its workload's own ({@link dev.panbench.harness.spi.RunFacts}). */
    public ForkFacts(Long peakMemoryBytes, Map<String, Object> warmup, List<Long> compiledMillis,
                     List<Double> runQueueWait) {
        this(peakMemoryBytes, warmup, compiledMillis, runQueueWait, null);
    }

    /** The warm-up's map holds the wait for the JIT before the first measured iteration under {@code jitQuiet}. */
    static ForkFacts of(Long peakMemoryBytes, AdaptiveWarmup.Outcome warmup, AdaptiveWarmup.Quiet quiet,
                        List<Long> compiledMillis, List<Double> runQueueWait, Map<String, String> workload) {
        Map<String, Object> w = warmup == null ? null : warmup.toMap();
        if (w != null && quiet != null) {
            w.put("jitQuiet", quiet.toMap());
        }
        return new ForkFacts(peakMemoryBytes, w, compiledMillis, runQueueWait, workload);
    }

    /** The 1-based measurement iterations during which the JIT compiled something. */
    public List<Integer> compilingIterations() {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < compiledMillis.size(); i++) {
            if (compiledMillis.get(i) > 0) {
                out.add(i + 1);
            }
        }
        return out;
    }

    /**
     * Whether the warm-up hit its cap while the JIT was still compiling: the first warm-up, or the wait for the JIT
     * before the first measured iteration ({@code jitQuiet}).
     */
    public boolean stillCompiling() {
        if (warmup == null) {
            return false;
        }
        boolean first = Boolean.FALSE.equals(warmup.get("settled")) && Boolean.TRUE.equals(warmup.get("compiling"));
        return first || warmup.get("jitQuiet") instanceof Map<?, ?> q && Boolean.FALSE.equals(q.get("settled"));
    }

    /** How long the warm-up ran in all, the wait for the JIT included; null without one. */
    public Long warmupMillis() {
        if (warmup == null || !(warmup.get("millis") instanceof Number first)) {
            return null;
        }
        return first.longValue() + (warmup.get("jitQuiet") instanceof Map<?, ?> q && q.get("millis") instanceof Number n
                ? n.longValue() : 0);
    }
}
