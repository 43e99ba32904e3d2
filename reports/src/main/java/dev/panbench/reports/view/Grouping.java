package dev.panbench.reports.view;

import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.Units;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** How reports slice a results file: by adapter, then workload group, in the order results first appear. */
public final class Grouping {

    /** The parameter whose values name alternative implementations of one workload. */
    public static final String IMPL = "impl";

    private Grouping() {
    }

    /** One adapter's results of one workload group. */
    public record Group(String adapter, String group, List<BenchResult> results) {

        public String title() {
            return adapter + " / " + group;
        }

        /** True when some result of this group has an {@code impl} parameter. */
        public boolean hasImpls() {
            return results.stream().anyMatch(r -> r.params().containsKey(IMPL));
        }
    }

    public static List<Group> byAdapterAndGroup(List<BenchResult> results) {
        Map<String, Map<String, List<BenchResult>>> m = new LinkedHashMap<>();
        for (BenchResult r : results) {
            m.computeIfAbsent(r.adapter(), k -> new LinkedHashMap<>())
                    .computeIfAbsent(groupOf(r), k -> new ArrayList<>()).add(r);
        }
        List<Group> out = new ArrayList<>();
        m.forEach((a, groups) -> groups.forEach((g, rs) -> out.add(new Group(a, g, List.copyOf(rs)))));
        return out;
    }

    /** The workload group a result declared, or the first segment of its workload name. */
    public static String groupOf(BenchResult r) {
        return r.group() != null && !r.group().isBlank() ? r.group() : r.id().workloadGroup();
    }

    /** {@code k=v, k=v} of the parameters, skipping {@code without}. */
    public static String paramText(BenchResult r, String... without) {
        return r.params().entrySet().stream().filter(e -> !List.of(without).contains(e.getKey()))
                .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(", "));
    }

    /** Workload name plus parameters, e.g. {@code binary/add [size=1024, impl=simd]}. */
    public static String label(BenchResult r, String... without) {
        String p = paramText(r, without);
        return r.workload() + (p.isEmpty() ? "" : " [" + p + "]");
    }

    /** The median as nanoseconds per operation, NaN when not a measured time. */
    public static double medianNanos(BenchResult r) {
        if (!r.ok() || r.stats() == null) {
            return Double.NaN;
        }
        return Units.secondsPerOp(r.stats().median(), r.unit()) * 1e9;
    }

    /** A score in {@code unit} as nanoseconds per operation (NaN for non-time units). */
    public static double nanos(double score, String unit) {
        return Units.secondsPerOp(score, unit) * 1e9;
    }

    /** The result's field under which its measuring process's peak resident memory is recorded, in bytes. */
    public static final String PEAK_MEMORY = dev.panbench.harness.model.ResultMarks.PEAK_MEMORY;

    /** The result's peak memory in bytes ({@value #PEAK_MEMORY}), or null when it records none. */
    public static Double peakMemoryBytes(BenchResult r) {
        Long m = r.facts().peakMemoryBytes();
        return m == null || m < 0 ? null : m.doubleValue();
    }

    /** True for the rows that measure the machine rather than a workload ({@link Roles#measuresMachine}). */
    public static boolean isMachineRow(BenchResult r) {
        return Roles.measuresMachine(r);
    }
}
