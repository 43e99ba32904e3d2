package dev.panbench.reports.format;

import dev.panbench.harness.baseline.BaselineHistory;
import dev.panbench.harness.history.Trend;

import java.util.List;

/** A format that renders a baseline's history ({@code history}): every result's trend across the runs. */
public non-sealed interface HistoryFormat extends ReportFormat {

    /**
     * The files this format makes of a history and its trends; {@code commitUrl}, where given, links each run to its
     * commit ({@code {commit}} in it stands for the hash).
     */
    List<ReportFile> renderHistory(BaselineHistory history, List<Trend> trends, String commitUrl);
}
