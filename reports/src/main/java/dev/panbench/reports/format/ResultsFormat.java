package dev.panbench.reports.format;

import dev.panbench.harness.model.ResultFile;
import dev.panbench.reports.view.ReportOptions;
import dev.panbench.reports.view.ResultsView;

import java.util.List;

/** A format that renders a results file, read through its {@link ResultsView} (marks, units, peaks, speed-ups). */
public non-sealed interface ResultsFormat extends ReportFormat {

    /** The files this format makes of a results file. */
    List<ReportFile> render(ResultsView results);

    /** The same of a results file not yet viewed: its view with {@code options}. */
    default List<ReportFile> render(ResultFile results, ReportOptions options) {
        return render(ResultsView.of(results, options));
    }
}
