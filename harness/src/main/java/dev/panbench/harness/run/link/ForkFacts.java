package dev.panbench.harness.run.link;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What one JMH fork tells its parent when its trial ends ({@link ForkReply.Facts}): its resident-set high-water mark
 * during measurement ({@code peakMemoryBytes}, absent where the OS gives none) and what its adaptive warm-up did
 * ({@code warmup}, absent when the run asked for none), and the JIT's compilation milliseconds during each
 * measurement iteration ({@code compiledMillis}, empty where the JVM does not account them), and the share of each
 * measurement iteration the benchmark thread spent runnable but waiting for a CPU ({@code runQueueWait}, empty where
 * the kernel does not account it), and what its workload told of its backend ({@code workload}, {@link
 * dev.panbench.harness.spi.RunFacts}: a session's creation time, the answer's largest error; empty for most).
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

    static ForkFacts of(Long peakMemoryBytes, AdaptiveWarmup.Outcome warmup, List<Long> compiledMillis,
                        List<Double> runQueueWait, Map<String, String> workload) {
        return new ForkFacts(peakMemoryBytes, warmup == null ? null : warmup.toMap(), compiledMillis, runQueueWait,
                workload);
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

    /** Whether the warm-up hit its cap while the JIT was still compiling. */
    public boolean stillCompiling() {
        return warmup != null && Boolean.FALSE.equals(warmup.get("settled"))
                && Boolean.TRUE.equals(warmup.get("compiling"));
    }
}
