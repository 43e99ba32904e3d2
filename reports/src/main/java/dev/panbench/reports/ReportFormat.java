package dev.panbench.reports;

import dev.panbench.harness.model.ResultFile;
import dev.panbench.reports.compare.ComparisonTable;

import java.util.List;

/**
 * One report format (Markdown, HTML, CSV, ...). A report is a pure function of its input: the same results file or
 * comparison, with the same options, renders the same files. Writing them is {@link Reports}' job.
 */
public interface ReportFormat {

    /** The name {@code --format} selects it by, e.g. {@code md}. */
    String name();

    /** The files this format makes of a results file. */
    List<ReportFile> render(ResultFile results, ReportOptions options);

    /** The files this format makes of a comparison of two runs. */
    List<ReportFile> renderComparison(ComparisonTable comparison, ReportOptions options);
}
