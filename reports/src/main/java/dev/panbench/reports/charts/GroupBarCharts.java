package dev.panbench.reports.charts;

import dev.panbench.harness.model.BenchResult;
import dev.panbench.reports.format.Grouping;
import dev.panbench.reports.format.Numbers;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Bars of median time per operation, one chart per workload group, one series per impl (or per adapter when the
 * group has no impls). A linear axis from zero while the bars stay within a factor of 100 of each other, else a
 * logarithmic one over whole decades; the axis title says which. The machine's own ceilings are not times to compare
 * and have their chart ({@link MachineCharts}).
 */
final class GroupBarCharts {

    static final int MAX_BAR_CHARTS = 12;
    static final int MAX_CATEGORIES = 24;

    private GroupBarCharts() {
    }

    static void add(List<BenchResult> ok, List<NamedChart> charts, Map<String, Integer> omitted, Set<String> slugs) {
        Set<String> implGroups = new HashSet<>();
        for (BenchResult r : ok) {
            if (r.params().containsKey(Grouping.IMPL)) {
                implGroups.add(r.adapter() + " / " + Grouping.groupOf(r));
            }
        }
        Map<String, Map<String, Map<String, Double>>> byChart = new LinkedHashMap<>();
        for (BenchResult r : ok) {
            if (Grouping.isMachineRow(r)) {
                continue;
            }
            String ag = r.adapter() + " / " + Grouping.groupOf(r);
            boolean impls = implGroups.contains(ag);
            String key = impls ? ag : Grouping.groupOf(r);
            String series = impls ? r.params().getOrDefault(Grouping.IMPL, "default") : r.adapter();
            String category = Grouping.label(r, Grouping.IMPL);
            byChart.computeIfAbsent(key, k -> new LinkedHashMap<>())
                    .computeIfAbsent(series, k -> new LinkedHashMap<>()).put(category, Grouping.medianNanos(r));
        }
        int made = 0;
        for (var e : byChart.entrySet()) {
            if (made == MAX_BAR_CHARTS) {
                omitted.merge("groups", byChart.size() - made, Integer::sum);
                break;
            }
            Set<String> cats = new LinkedHashSet<>();
            e.getValue().values().forEach(m -> cats.addAll(m.keySet()));
            List<String> catList = new ArrayList<>(cats);
            if (catList.size() > MAX_CATEGORIES) {
                omitted.merge("bars", catList.size() - MAX_CATEGORIES, Integer::sum);
                catList = catList.subList(0, MAX_CATEGORIES);
            }
            double max = 0;
            double min = Double.MAX_VALUE;
            for (Map<String, Double> m : e.getValue().values()) {
                for (String c : catList) {
                    Double v = m.get(c);
                    if (v != null && v > 0) {
                        max = Math.max(max, v);
                        min = Math.min(min, v);
                    }
                }
            }
            if (max == 0) {
                continue;
            }
            Numbers.TimeScale unit = Numbers.TimeScale.of(max);
            boolean log = max / min > 100;
            CategoryChart chart = new CategoryChartBuilder().width(640).height(catList.size() > 6 ? 460 : 380)
                    .title(ChartStyle.shorten(e.getKey(), 80) + ": median time per operation")
                    .xAxisTitle("").yAxisTitle(unit.name() + " per op" + (log ? " (log scale)" : "")).build();
            ChartStyle.apply(chart.getStyler());
            if (ChartStyle.needsRotation(catList, 640)) {
                chart.getStyler().setXAxisLabelRotation(45);
            }
            if (log) {
                chart.getStyler().setYAxisLogarithmic(true);
                chart.getStyler().setYAxisMin(ChartStyle.decadeBelow(min / unit.nanos()));
                chart.getStyler().setYAxisMax(ChartStyle.decadeAbove(max / unit.nanos()));
            } else {
                chart.getStyler().setYAxisMin(0.0);
                chart.getStyler().setYAxisMax(max / unit.nanos() * 1.08);
            }
            ChartStyle.linearTicks(chart.getStyler());
            List<String> shortCats = ChartNames.unique(catList.stream().map(c -> ChartStyle.shorten(c, 40)).toList());
            List<String> seriesNames = ChartNames.unique(e.getValue().keySet().stream()
                    .map(s -> ChartStyle.shorten(s, 30)).toList());
            int i = 0;
            for (Map<String, Double> m : e.getValue().values()) {
                List<Double> ys = new ArrayList<>();
                for (String c : catList) {
                    Double v = m.get(c);
                    ys.add(v == null ? null : v / unit.nanos());
                }
                chart.addSeries(seriesNames.get(i++), shortCats, ys);
            }
            charts.add(new NamedChart("groups", ChartNames.slug("bars-" + e.getKey(), slugs), e.getKey(),
                    "Median time per operation, lower is better; one bar per "
                            + (implGroups.contains(e.getKey()) ? "impl" : "adapter")
                            + (log ? "; logarithmic axis, the bars span more than a factor of 100." : "."), chart));
            made++;
        }
    }
}
