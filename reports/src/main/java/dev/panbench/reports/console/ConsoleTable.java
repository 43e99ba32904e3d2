package dev.panbench.reports.console;

import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.ResultFile;
import dev.panbench.reports.view.Numbers;
import dev.panbench.reports.view.PartialRun;
import dev.panbench.reports.view.ReportOptions;
import dev.panbench.reports.view.ResultsView;
import dev.panbench.reports.view.Throughputs;

import java.util.ArrayList;
import java.util.List;

/**
 * The table {@code panbench run} prints: id, median, 99% CI of the mean, allocation per operation, throughput.
 * A pure function of the results; failed rows show their reason under the table, skipped rows one line per adapter
 * and reason with their count ({@link SkippedRows}), or, listing every row, each with its reason.
 */
public final class ConsoleTable {

    private static final String[] HEADER = {"id", "median", "99% CI (mean)", "B/op", "throughput"};

    private ConsoleTable() {
    }

    public static String render(ResultFile file) {
        return render(file, false);
    }

    /** @param everyRow list each skipped row in the table and under it (as {@code --verbose}), not one per reason */
    public static String render(ResultFile file, boolean everyRow) {
        return render(ResultsView.of(file, ReportOptions.DEFAULT), everyRow);
    }

    /** The table of a viewed results file ({@link #render(ResultFile, boolean)}). */
    public static String render(ResultsView view, boolean everyRow) {
        ResultFile file = view.file();
        List<String[]> rows = new ArrayList<>();
        rows.add(HEADER);
        List<String> notes = new ArrayList<>();
        for (ResultsView.Row row : view.rows()) {
            BenchResult r = row.result();
            if (r.ok() && r.stats() != null) {
                var s = r.stats();
                String ci = s.ci99() == null || s.ci99().size() != 2 ? ""
                        : "[" + Numbers.score(s.ci99().get(0), r.unit()) + ", " + Numbers.score(s.ci99().get(1), r.unit()) + "]";
                String degraded = row.degraded();
                String unsteady = row.unsteady();
                rows.add(new String[]{r.id().toString() + (degraded == null ? "" : " DEGRADED")
                        + (unsteady == null ? "" : " UNSTEADY"), Numbers.score(s.median(), r.unit()),
                        ci, r.allocBytesPerOp() == null ? "" : Numbers.bytes(r.allocBytesPerOp()), Throughputs.text(r)});
                if (degraded != null) {
                    notes.add("DEGRADED " + r.id() + ": " + degraded);
                }
                if (unsteady != null) {
                    notes.add("UNSTEADY " + r.id() + ": " + unsteady);
                }
            } else if (everyRow || r.status() != BenchResult.Status.skipped) {
                rows.add(new String[]{r.id().toString(), r.status().name(), "", "", ""});
                notes.add(r.status() + " " + r.id() + ": " + SkippedRows.reason(r));
            }
        }
        StringBuilder sb = new StringBuilder(rows.size() > 1 ? TextTable.render(rows, 1, true) : "");
        notes.addAll(ModelRowNotes.lines(view.rows().stream().map(ResultsView.Row::result).toList()));
        for (String n : notes) {
            sb.append(n).append('\n');
        }
        if (!everyRow) {
            for (SkippedRows.Group g : SkippedRows.groups(file.results())) {
                sb.append(g.line()).append('\n');
            }
        }
        String partial = PartialRun.note(file);
        if (partial != null) {
            sb.append("PARTIAL: ").append(partial).append('\n');
        }
        return sb.toString();
    }
}
