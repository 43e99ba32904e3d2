package dev.panbench.reports.tune;

import dev.panbench.harness.spi.Tuner;
import dev.panbench.reports.console.TextTable;
import dev.panbench.reports.view.Numbers;

import java.util.ArrayList;
import java.util.List;

/**
 * What {@code panbench tune} prints: per task, whether it was tuned, the trials it ran, the records its database now
 * holds, the best record's time and the wall time; then where each database is and how it was searched, and why a
 * task was not tuned.
 */
public final class TuneReport {

    private TuneReport() {
    }

    /** One adapter's outcomes, in the order they were tuned. */
    public record Tuned(String adapter, List<Tuner.Outcome> outcomes) {
    }

    public static String render(List<Tuned> tuned) {
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"Adapter", "Task", "Status", "Trials", "Records", "Best", "Wall"});
        List<String> notes = new ArrayList<>();
        for (Tuned t : tuned) {
            for (Tuner.Outcome o : t.outcomes()) {
                boolean done = o.tuned();
                rows.add(new String[] {t.adapter(), o.task().label(), o.status(),
                        done ? Integer.toString(o.trials()) : "", done ? Integer.toString(o.records()) : "",
                        done && !Double.isNaN(o.bestNanos()) ? Numbers.time(o.bestNanos()) : "",
                        done ? String.format(java.util.Locale.ROOT, "%.0f s", o.wallSeconds()) : ""});
                notes.add(o.task().label() + ": " + (done ? o.database() + " (" + o.searched() + ")" : o.reason()));
            }
        }
        StringBuilder sb = new StringBuilder(TextTable.render(rows, 3, true));
        if (!notes.isEmpty()) {
            sb.append('\n');
            notes.forEach(n -> sb.append(n).append('\n'));
        }
        return sb.toString();
    }
}
