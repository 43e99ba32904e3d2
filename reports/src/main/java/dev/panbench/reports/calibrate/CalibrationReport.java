package dev.panbench.reports.calibrate;

import dev.panbench.harness.orchestrate.DispatchCalibration;
import dev.panbench.reports.console.TextTable;
import dev.panbench.reports.view.Numbers;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** What {@code calibrate} prints: what panbench's dispatch adds to a hand-written JMH benchmark, workload by workload. */
public final class CalibrationReport {

    private CalibrationReport() {
    }

    /** The calibration table: each workload's median both ways, what panbench adds, and the ratio; or why it failed. */
    public static String render(List<DispatchCalibration.Row> rows) {
        List<String[]> table = new ArrayList<>();
        table.add(new String[]{"workload", "hand-written JMH", "through panbench", "added", "ratio"});
        for (DispatchCalibration.Row r : rows) {
            if (!r.ok()) {
                table.add(new String[]{r.workload().toString(), "failed: "
                        + (r.handWritten().ok() ? r.throughPanbench().error() : r.handWritten().error())});
                continue;
            }
            table.add(new String[]{r.workload().toString(),
                    Numbers.score(r.handWritten().stats().median(), r.handWritten().unit()),
                    Numbers.score(r.throughPanbench().stats().median(), r.throughPanbench().unit()),
                    (r.addedNanos() >= 0 ? "+" : "") + Numbers.time(r.addedNanos()),
                    String.format(Locale.ROOT, "%.3fx", r.ratio())});
        }
        return TextTable.render(table, 1, false);
    }
}
