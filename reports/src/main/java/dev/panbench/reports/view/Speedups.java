package dev.panbench.reports.view;

import dev.panbench.harness.model.BenchResult;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * Speedup of each implementation against a reference one ({@code --reference scalar}): the reference result is the
 * one of the same adapter and workload whose parameters are equal except {@code impl}, and whose {@code impl} or
 * backend ({@link Roles}: {@code --reference opencl-tiled} names {@code gpu-opencl}'s {@code impl=tiled}) is the
 * reference.
 * A speedup of 3.0 means three times faster than the reference.
 */
public final class Speedups {

    private final String reference;
    private final Map<String, BenchResult> references = new HashMap<>();

    public Speedups(List<BenchResult> results, String reference) {
        this.reference = reference;
        if (reference != null) {
            for (BenchResult r : results) {
                var role = Roles.of(r);
                boolean named = reference.equals(r.params().get(Grouping.IMPL))
                        || role != null && reference.equals(role.backend());
                if (named && r.params().containsKey(Grouping.IMPL) && r.ok()) {
                    references.put(key(r), r);
                }
            }
        }
    }

    public String reference() {
        return reference;
    }

    /** Whether any result has a reference to compare against. */
    public boolean any() {
        return !references.isEmpty();
    }

    public OptionalDouble of(BenchResult r) {
        if (reference == null || !r.ok() || !r.params().containsKey(Grouping.IMPL)) {
            return OptionalDouble.empty();
        }
        BenchResult ref = references.get(key(r));
        if (ref == null) {
            return OptionalDouble.empty();
        }
        double mine = Grouping.medianNanos(r);
        double theirs = Grouping.medianNanos(ref);
        if (!(mine > 0) || !(theirs > 0)) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(theirs / mine);
    }

    /** Whether {@code r}'s speed-up compares against (or is) a result that ran degraded; such a ratio must say so. */
    public boolean againstDegraded(BenchResult r) {
        BenchResult ref = references.get(key(r));
        return ref != null && (ref.facts().degraded() != null || r.facts().degraded() != null);
    }

    /** Whether {@code r}'s speed-up compares against (or is) a result whose iterations were not steady. */
    public boolean againstUnsteady(BenchResult r) {
        BenchResult ref = references.get(key(r));
        return ref != null && (ref.facts().unsteady() != null || r.facts().unsteady() != null);
    }

    /** What a speed-up of {@code r} must say beside its factor: {@code " vs DEGRADED"}, {@code " vs UNSTEADY"}, both. */
    public String caveat(BenchResult r) {
        return (againstDegraded(r) ? " vs DEGRADED" : "") + (againstUnsteady(r) ? " vs UNSTEADY" : "");
    }

    private static String key(BenchResult r) {
        Map<String, String> p = new LinkedHashMap<>(r.params());
        p.remove(Grouping.IMPL);
        return r.adapter() + "\u0000" + r.workload() + "\u0000" + p;
    }
}
