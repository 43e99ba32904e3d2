package dev.panbench.reports.format;

import dev.panbench.reports.compare.ComparisonTable;
import dev.panbench.reports.view.ReportOptions;

import java.util.List;

/** A format that renders a comparison of two runs ({@code compare}, {@code gate}, {@code run --baseline}). */
public non-sealed interface ComparisonFormat extends ReportFormat {

    /** The files this format makes of a comparison of two runs. */
    List<ReportFile> renderComparison(ComparisonTable comparison, ReportOptions options);
}
