package dev.panbench.reports.charts;

import dev.panbench.harness.model.BenchResult;
import dev.panbench.reports.view.Grouping;
import dev.panbench.reports.view.Numbers;
import org.knowm.xchart.BoxChart;
import org.knowm.xchart.BoxChartBuilder;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Box plots of every sample. Boxes share a chart only when their times are comparable: one chart per adapter,
 * workload and parameters other than {@code impl} (one size, one dtype), one box per impl. The value axis is fitted
 * to the samples (a linear axis from just below the smallest to just above the largest), and logarithmic, over
 * whole decades, only when the boxes still differ by more than a factor of 20.
 */
final class BoxPlotCharts {

    static final int MAX_BOX_CHARTS = 12;
    static final int MAX_BOXES = 12;

    private BoxPlotCharts() {
    }

    static void add(List<BenchResult> ok, List<NamedChart> charts, Map<String, Integer> omitted, Set<String> slugs) {
        Map<String, List<BenchResult>> byGroup = new LinkedHashMap<>();
        for (BenchResult r : ok) {
            if (r.samples().size() >= 2 && !Grouping.isMachineRow(r)) {
                byGroup.computeIfAbsent(r.adapter() + "/" + Grouping.label(r, Grouping.IMPL), k -> new ArrayList<>())
                        .add(r);
            }
        }
        int made = 0;
        for (var e : byGroup.entrySet()) {
            if (made == MAX_BOX_CHARTS) {
                omitted.merge("distributions", byGroup.size() - made, Integer::sum);
                break;
            }
            List<BenchResult> rs = e.getValue();
            if (rs.size() > MAX_BOXES) {
                omitted.merge("boxes", rs.size() - MAX_BOXES, Integer::sum);
                rs = rs.subList(0, MAX_BOXES);
            }
            double max = 0;
            double min = Double.MAX_VALUE;
            for (BenchResult r : rs) {
                for (double s : r.samples()) {
                    double ns = Grouping.nanos(s, r.unit());
                    max = Math.max(max, ns);
                    min = Math.min(min, ns);
                }
            }
            if (!(max > 0) || !(min > 0)) {
                continue;
            }
            Numbers.TimeScale unit = Numbers.TimeScale.of(max);
            boolean log = max / min > 20;
            BoxChart chart = new BoxChartBuilder().width(560).height(340)
                    .title(ChartStyle.shorten(e.getKey(), 44) + ": samples")
                    .yAxisTitle(unit.name() + " per op" + (log ? " (log scale)" : "")).build();
            ChartStyle.apply(chart.getStyler());
            chart.getStyler().setLegendVisible(false);
            double lo = min / unit.nanos();
            double hi = max / unit.nanos();
            if (log) {
                chart.getStyler().setYAxisLogarithmic(true);
                chart.getStyler().setYAxisMin(ChartStyle.decadeBelow(lo));
                chart.getStyler().setYAxisMax(ChartStyle.decadeAbove(hi));
            } else {
                double pad = Math.max((hi - lo) * 0.08, hi * 0.005);
                chart.getStyler().setYAxisMin(Math.max(0, lo - pad));
                chart.getStyler().setYAxisMax(hi + pad);
            }
            ChartStyle.linearTicks(chart.getStyler());
            List<String> names = ChartNames.unique(rs.stream()
                    .map(r -> ChartStyle.shorten(r.params().getOrDefault(Grouping.IMPL, r.adapter()), 30)).toList());
            if (ChartStyle.needsRotation(names, 560)) {
                chart.getStyler().setXAxisLabelRotation(30);
            }
            for (int i = 0; i < rs.size(); i++) {
                BenchResult r = rs.get(i);
                double[] ys = r.samples().stream().mapToDouble(s -> Grouping.nanos(s, r.unit()) / unit.nanos())
                        .toArray();
                chart.addSeries(names.get(i), ys);
            }
            charts.add(new NamedChart("distributions", ChartNames.slug("box-" + e.getKey(), slugs), e.getKey(),
                    "Every measured iteration (all forks): box from first to third quartile, line at the median; "
                            + (log ? "logarithmic axis, the boxes differ by more than a factor of 20."
                            : "linear axis fitted to the samples (it does not start at zero)."), chart));
            made++;
        }
    }
}
