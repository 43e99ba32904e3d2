package dev.panbench.reports.console;

import dev.panbench.harness.model.BenchResult;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Skipped results told once per adapter and reason: a run on a machine without CUDA skips every gpu-cuda row for one
 * reason, and a person reads that once, with the count, not a line per row. The reason names its fix (the adapters'
 * reasons say what to set or install); {@code --verbose} lists the rows one by one.
 */
public final class SkippedRows {

    /** The skipped rows of one adapter that share one reason, in the order they were planned. */
    public record Group(String adapter, String reason, List<BenchResult> rows) {

        /** {@code skipped 27 gpu-cuda rows: REASON}. */
        public String line() {
            return "skipped " + rows.size() + " " + adapter + " row" + (rows.size() == 1 ? "" : "s") + ": " + reason;
        }
    }

    private SkippedRows() {
    }

    public static List<Group> groups(List<BenchResult> results) {
        Map<List<String>, List<BenchResult>> byKey = new LinkedHashMap<>();
        for (BenchResult r : results) {
            if (r.status() == BenchResult.Status.skipped) {
                byKey.computeIfAbsent(List.of(r.adapter(), reason(r)), k -> new ArrayList<>()).add(r);
            }
        }
        List<Group> out = new ArrayList<>();
        byKey.forEach((k, rows) -> out.add(new Group(k.get(0), k.get(1), List.copyOf(rows))));
        return out;
    }

    static String reason(BenchResult r) {
        return r.error() == null ? "no reason given" : r.error();
    }
}
