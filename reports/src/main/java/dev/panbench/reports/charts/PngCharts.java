package dev.panbench.reports.charts;

import dev.panbench.reports.compare.ComparisonTable;
import dev.panbench.reports.format.ComparisonFormat;
import dev.panbench.reports.format.ReportFile;
import dev.panbench.reports.format.ResultsFormat;
import dev.panbench.reports.view.ReportOptions;
import dev.panbench.reports.view.ResultsView;

import java.util.List;

/** {@code --png}: every chart of the HTML report as {@code charts/SLUG.png}, for slides, issues and READMEs. */
public final class PngCharts implements ResultsFormat, ComparisonFormat {

    @Override
    public String name() {
        return "png";
    }

    @Override
    public List<ReportFile> render(ResultsView view) {
        return files(BenchCharts.forResults(view));
    }

    @Override
    public List<ReportFile> renderComparison(ComparisonTable comparison, ReportOptions options) {
        return files(BenchCharts.forComparison(comparison));
    }

    private static List<ReportFile> files(BenchCharts.Plan plan) {
        return plan.charts().parallelStream()
                .map(c -> new ReportFile("charts/" + c.slug() + ".png", ChartExport.png(c.chart()))).toList();
    }
}
