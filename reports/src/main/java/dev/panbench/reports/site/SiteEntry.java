package dev.panbench.reports.site;

import dev.panbench.harness.history.Trend;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.spi.Role;
import dev.panbench.reports.view.Roles;

import java.util.Map;

/**
 * One line of the site: a result's trend on one machine, with what the index groups and labels it by.
 *
 * @param workload the workload it measures ({@code gemm/sgemm}): the index's group
 * @param backend  who computed it ({@code cpu-simd simd}, {@code onnxruntime}): the order inside a group
 * @param label    the id without its workload, as the index lists it: {@code cpu-simd [size=1024, impl=simd]}
 * @param rowKey   the catalog row it belongs to ({@code gemm/sgemm[size=1024,dtype=f32]}), null for an adapter's own
 * @param page     its page, relative to the site's root
 */
record SiteEntry(Trend trend, String workload, String backend, String label, String rowKey, String page) {

    static SiteEntry of(Trend t, BenchResult latest) {
        Role role = Roles.of(latest);
        String rowKey = role == null ? null : role.rowKey();
        String backend = latest.adapter() + (role != null && role.catalog() != null
                && !role.backend().equals(latest.adapter()) ? " " + role.backend() : "");
        Map<String, String> params = latest.params();
        StringBuilder label = new StringBuilder(latest.adapter());
        if (!params.isEmpty()) {
            label.append(" [");
            params.forEach((k, v) -> label.append(k).append('=').append(v).append(", "));
            label.setLength(label.length() - 2);
            label.append(']');
        }
        return new SiteEntry(t, latest.workload(), backend, label.toString(), rowKey,
                SitePaths.result(t.id(), t.machine().key()));
    }

    /** This entry as an adapter's own: a catalog row that only one backend measured gets no page of its own. */
    SiteEntry withoutRow() {
        return new SiteEntry(trend, workload, backend, label, null, page);
    }

    Trend.Point latest() {
        return trend.points().getLast();
    }

    /** The last change point, or null. */
    Trend.Change lastChange() {
        return trend.changes().isEmpty() ? null : trend.changes().getLast();
    }

    /** The median of the run nearest at or before {@code run} (else the first), over the latest, minus 1. */
    double changeSince(int run) {
        Trend.Point ref = trend.points().getFirst();
        for (Trend.Point p : trend.points()) {
            if (p.run() > run) {
                break;
            }
            ref = p;
        }
        return latest().median() / ref.median() - 1;
    }
}
