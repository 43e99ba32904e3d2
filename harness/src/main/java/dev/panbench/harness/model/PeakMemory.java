package dev.panbench.harness.model;

import java.util.List;

/**
 * The measuring processes' memory high-water marks during measurement, in bytes: {@code bytes} the largest resident
 * set over forks ({@code peakMemoryBytes}), {@code byFork} each fork's ({@code peakMemoryBytesByFork}), and for
 * framework rows {@code tracemallocBytes}, Python's own allocations during one untimed pass
 * ({@code tracemallocPeakBytes}); each null where none was read.
 */
public record PeakMemory(Long bytes, List<Long> byFork, Long tracemallocBytes) {

    public PeakMemory {
        byFork = byFork == null ? null : List.copyOf(byFork);
    }

    /**
     * The forks' resident-set peaks and their largest, with the largest of Python's own peaks; null when neither
     * list holds one.
     */
    public static PeakMemory of(List<Long> residentByFork, List<Long> tracemallocByFork) {
        if (residentByFork.isEmpty() && tracemallocByFork.isEmpty()) {
            return null;
        }
        return new PeakMemory(max(residentByFork), residentByFork.isEmpty() ? null : residentByFork,
                max(tracemallocByFork));
    }

    private static Long max(List<Long> values) {
        return values.stream().mapToLong(Long::longValue).boxed().max(Long::compare).orElse(null);
    }
}
