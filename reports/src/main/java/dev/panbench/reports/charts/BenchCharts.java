package dev.panbench.reports.charts;

import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.ResultFile;
import dev.panbench.reports.compare.ComparisonTable;
import dev.panbench.reports.view.ReportOptions;
import dev.panbench.reports.view.ResultsView;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The charts of a report, one class per kind: bars per workload group ({@link GroupBarCharts}), time and rate
 * against size ({@link ScalingCharts}), throughput and memory against batch ({@link BatchCharts}), box plots of the samples ({@link BoxPlotCharts}), the machine's measured
 * ceilings ({@link MachineCharts}) and the roofline under them ({@link RooflineChart}); for a comparison, the time
 * ratios with their intervals and the threshold band ({@link ComparisonChart}). Chart counts are capped so that a
 * huge file still renders quickly; {@link Plan} says how many were left out.
 */
public final class BenchCharts {

    static {
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
    }

    private BenchCharts() {
    }

    /** The charts of a report and, per section, how many charts (or bars, boxes) did not fit. */
    public record Plan(List<NamedChart> charts, Map<String, Integer> omitted) {
    }

    /** The charts of a results file not yet viewed. */
    public static Plan forResults(ResultFile file) {
        return forResults(ResultsView.of(file, ReportOptions.DEFAULT));
    }

    /** The charts of a results file: of its results that measured a time. */
    public static Plan forResults(ResultsView view) {
        List<NamedChart> charts = new ArrayList<>();
        Map<String, Integer> omitted = new LinkedHashMap<>();
        List<BenchResult> ok = view.rows().stream().filter(ResultsView.Row::timed).map(ResultsView.Row::result).toList();
        Set<String> slugs = new HashSet<>();
        GroupBarCharts.add(ok, charts, omitted, slugs);
        ScalingCharts.add(ok, charts, omitted, slugs);
        BatchCharts.add(ok, charts, omitted, slugs);
        BoxPlotCharts.add(ok, charts, omitted, slugs);
        MachineCharts.add(ok, charts, omitted, slugs);
        RooflineChart.add(ok, charts, omitted, slugs);
        return new Plan(charts, omitted);
    }

    public static Plan forComparison(ComparisonTable c) {
        return ComparisonChart.of(c);
    }
}
