package dev.panbench.reports.crossbackend;

import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.spi.Role;
import dev.panbench.reports.view.Grouping;
import dev.panbench.reports.view.Roles;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The column labels of the catalog table: a backend's name ({@code simd}, {@code onnxruntime}), followed by those of
 * its own parameters that take more than one value among its results in the table ({@code simd threads=1} beside
 * {@code simd threads=2}); a result without such a parameter (a single-threaded kernel that declares no
 * {@code threads}) stands in the column of the backend's first value of it. Shape parameters and {@code impl} (which
 * the backend's name already says) never count.
 */
public final class CatalogColumns {

    private CatalogColumns() {
    }

    /** The column label of each result that has a catalog role among {@code results} (null for the others). */
    public static Function<BenchResult, String> forResults(List<BenchResult> results) {
        Map<BenchResult, Role> roles = new IdentityHashMap<>();
        List<BenchResult> inCatalog = new ArrayList<>();
        for (BenchResult r : results) {
            Role role = Roles.of(r);
            if (role != null && role.catalog() != null) {
                roles.put(r, role);
                inCatalog.add(r);
            }
        }
        Function<BenchResult, String> label = of(inCatalog, roles);
        return r -> roles.containsKey(r) ? label.apply(r) : null;
    }

    /** Labels for {@code results} (in the order they appear: a backend's first value of a parameter comes first). */
    static Function<BenchResult, String> of(List<BenchResult> results, Map<BenchResult, Role> roles) {
        Map<String, Map<String, Set<String>>> valuesByBackend = new HashMap<>();
        for (BenchResult r : results) {
            Role role = roles.get(r);
            own(r, role).forEach((k, v) -> valuesByBackend.computeIfAbsent(role.backend(), b -> new LinkedHashMap<>())
                    .computeIfAbsent(k, x -> new LinkedHashSet<>()).add(v));
        }
        return r -> {
            Role role = roles.get(r);
            Map<String, String> own = own(r, role);
            List<String> shown = new ArrayList<>();
            valuesByBackend.getOrDefault(role.backend(), Map.of()).forEach((k, values) -> {
                if (values.size() > 1) {
                    shown.add(k + "=" + own.getOrDefault(k, values.iterator().next()));
                }
            });
            return shown.isEmpty() ? role.backend() : role.backend() + " " + String.join(" ", shown);
        };
    }

    /** The result's parameters that are the backend's own: neither shape nor {@code impl}. */
    private static Map<String, String> own(BenchResult r, Role role) {
        Map<String, String> out = new LinkedHashMap<>(r.params());
        out.keySet().removeAll(role.shape().keySet());
        out.remove(Grouping.IMPL);
        return out;
    }
}
