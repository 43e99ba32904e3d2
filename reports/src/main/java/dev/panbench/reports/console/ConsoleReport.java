package dev.panbench.reports.console;

import dev.panbench.reports.compare.ComparisonTable;
import dev.panbench.reports.format.ComparisonFormat;
import dev.panbench.reports.format.ReportFile;
import dev.panbench.reports.format.ResultsFormat;
import dev.panbench.reports.view.ReportOptions;
import dev.panbench.reports.view.ResultsView;

import java.util.List;

/**
 * The terminal's report, a format like the others: the results table {@code run} and {@code baseline show} print
 * ({@code console.txt}), and the comparison {@code compare}, {@code gate}, {@code ab} and {@code run --baseline} print
 * ({@code comparison.txt}). Commands print it through {@link dev.panbench.reports.Reports#console}; {@code --format
 * console} keeps the same text as a file.
 */
public final class ConsoleReport implements ResultsFormat, ComparisonFormat {

    @Override
    public String name() {
        return "console";
    }

    @Override
    public String summary() {
        return "console.txt: the table run and compare print";
    }

    @Override
    public List<ReportFile> render(ResultsView view) {
        return List.of(ReportFile.text("console.txt", ConsoleTable.render(view, false)));
    }

    @Override
    public List<ReportFile> renderComparison(ComparisonTable comparison, ReportOptions options) {
        return List.of(ReportFile.text("comparison.txt", ComparisonConsole.render(comparison)));
    }
}
