package dev.panbench.reports.charts;

import dev.panbench.harness.model.ResultFile;
import dev.panbench.reports.ReportFile;
import dev.panbench.reports.ReportFormat;
import dev.panbench.reports.ReportOptions;
import dev.panbench.reports.compare.ComparisonTable;

import java.util.List;

/** {@code --png}: every chart of the HTML report as {@code charts/SLUG.png}, for slides, issues and READMEs. */
public final class PngCharts implements ReportFormat {

    @Override
    public String name() {
        return "png";
    }

    @Override
    public List<ReportFile> render(ResultFile results, ReportOptions options) {
        return files(BenchCharts.forResults(results));
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
