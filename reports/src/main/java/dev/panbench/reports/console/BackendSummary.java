package dev.panbench.reports.console;

import dev.panbench.reports.crossbackend.CrossBackendTables;
import dev.panbench.reports.view.Numbers;
import dev.panbench.reports.view.ResultsView;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The short ending of {@code panbench run}, under its table: per table of the cross-backend view (the catalog's, then
 * each adapter's framework rows) one line per backend that shares rows with the reference, saying how it stands
 * against it (the geometric mean of its speed-ups, and on how many of the shared rows it is ahead) and how many of
 * its rows are marked; then the one command that shows more. Nothing for a run without two backends side by side.
 */
public final class BackendSummary {

    private BackendSummary() {
    }

    /** What one backend did against the reference in one table. */
    record Standing(String column, int shared, int ahead, double logSum, int marked, int rows) {

        Standing add(CrossBackendTables.Cell c) {
            boolean mark = c.unsteady() != null || c.degraded() != null;
            if (c.speedup() == null) {
                return new Standing(column, shared, ahead, logSum, marked + (mark ? 1 : 0), rows + 1);
            }
            return new Standing(column, shared + 1, ahead + (c.speedup() > 1 ? 1 : 0), logSum + Math.log(c.speedup()),
                    marked + (mark ? 1 : 0), rows + 1);
        }

        String text() {
            return String.format("%s %s on %d shared row%s (ahead on %d), %d of %d marked", column,
                    Numbers.factor(Math.exp(logSum / shared)), shared, shared == 1 ? "" : "s", ahead, marked, rows);
        }
    }

    /**
     * The summary lines, ending with the command that shows more of {@code resultsFile} (as the user would type its
     * path); empty when no table has a backend beside its reference.
     */
    public static List<String> lines(ResultsView view, String resultsFile) {
        List<String> out = new ArrayList<>();
        for (CrossBackendTables.Section s : CrossBackendTables.of(view).sections()) {
            String reference = s.sharedReference();
            Map<String, Standing> by = new LinkedHashMap<>();
            for (CrossBackendTables.Row r : s.rows()) {
                for (CrossBackendTables.Cell c : r.cells().values()) {
                    if (c.measured() && !c.column().equals(r.reference())) {
                        by.computeIfAbsent(c.column(), k -> new Standing(k, 0, 0, 0, 0, 0));
                        by.computeIfPresent(c.column(), (k, st) -> st.add(c));
                    }
                }
            }
            List<String> standings = by.values().stream().filter(st -> st.shared() > 0).map(Standing::text).toList();
            if (standings.isEmpty()) {
                continue;
            }
            out.add((s.catalog() ? "catalog rows" : s.adapter() + " rows") + ", speed-up against "
                    + (reference != null ? reference : "each row's reference") + " (geometric mean):");
            standings.forEach(t -> out.add("  " + t));
        }
        if (!out.isEmpty()) {
            out.add("more: panbench report " + resultsFile + " --format html (every backend side by side, why each "
                    + "mark); --verbose lists every skipped row");
        }
        return out;
    }
}
