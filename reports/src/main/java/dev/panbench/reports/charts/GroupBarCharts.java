package dev.panbench.reports.charts;

import dev.panbench.harness.model.BenchResult;
import dev.panbench.reports.view.Grouping;
import dev.panbench.reports.view.Numbers;
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
 * group has no impls), one category per workload and shape. A linear axis from zero while the bars stay within a
 * factor of {@value #LOG_SPAN} of each other and the shapes within {@value #SHAPE_SPREAD}x (a shape's time being the
 * geometric mean of its bars: {@code binary/add} at 1M and 16M on one linear axis leaves the 1M bars a few pixels
 * high); else a logarithmic one over whole decades, on which each shape's bars compare as ratios. The axis title and
 * the caption say which, and why. The machine's own ceilings are not times to compare and have their chart
 * ({@link MachineCharts}).
 */
final class GroupBarCharts {

    static final int MAX_BAR_CHARTS = 12;
    static final int MAX_CATEGORIES = 24;
    /** Bars further apart than this take a logarithmic axis. */
    static final double LOG_SPAN = 100;
    /** Shapes whose times differ by more than this take a logarithmic axis. */
    static final double SHAPE_SPREAD = 4;
    /** On a logarithmic axis, the shortest bar rises at least this factor above the axis's foot. */
    static final double SHORTEST_BAR = Math.sqrt(10);

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
        Map<String, Map<String, BenchResult>> byCategory = new LinkedHashMap<>();
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
            byCategory.computeIfAbsent(key, k -> new LinkedHashMap<>()).putIfAbsent(category, r);
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
            List<BenchResult> firsts = catList.stream().map(byCategory.get(e.getKey())::get).toList();
            Map<String, String> shared = sharedParams(firsts);
            List<String> shortCats = ChartNames.unique(firsts.stream()
                    .map(r -> ChartStyle.shorten(label(r, shared.keySet()), 40)).toList());
            Numbers.TimeScale unit = Numbers.TimeScale.of(max);
            boolean span = max / min > LOG_SPAN;
            boolean shapes = shapeSpread(e.getValue().values(), catList) > SHAPE_SPREAD;
            boolean log = span || shapes;
            CategoryChart chart = new CategoryChartBuilder().width(640).height(catList.size() > 6 ? 460 : 380)
                    .title(ChartStyle.shorten(e.getKey(), 80) + ": median time per operation")
                    .xAxisTitle("").yAxisTitle(unit.name() + " per op" + (log ? " (log scale)" : "")).build();
            ChartStyle.apply(chart.getStyler());
            if (ChartStyle.needsRotation(shortCats, 640)) {
                chart.getStyler().setXAxisLabelRotation(45);
            }
            if (log) {
                chart.getStyler().setYAxisLogarithmic(true);
                // a decade further down when the shortest bar would rise less than half a decade (a 1.08 ms bar on an
                // axis from 1 ms is a line)
                chart.getStyler().setYAxisMin(ChartStyle.decadeBelow(min / unit.nanos() / SHORTEST_BAR));
                chart.getStyler().setYAxisMax(ChartStyle.decadeAbove(max / unit.nanos()));
            } else {
                chart.getStyler().setYAxisMin(0.0);
                chart.getStyler().setYAxisMax(max / unit.nanos() * 1.08);
            }
            ChartStyle.linearTicks(chart.getStyler());
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
                            + (shared.isEmpty() ? "" : ", every one at " + String.join(", ", shared.entrySet()
                            .stream().map(p -> p.getKey() + "=" + p.getValue()).toList()))
                            + (span ? "; logarithmic axis, the bars span more than a factor of 100."
                            : shapes ? "; logarithmic axis, the shapes' times differ by more than 4x (on a linear one "
                            + "the smaller shapes' bars would be too short to compare)." : "."), chart));
            made++;
        }
    }

    /** The parameters (other than impl) every one of {@code results} has, with the same value. */
    static Map<String, String> sharedParams(List<BenchResult> results) {
        Map<String, String> shared = new LinkedHashMap<>(results.getFirst().params());
        shared.remove(Grouping.IMPL);
        for (BenchResult r : results) {
            shared.entrySet().removeIf(p -> !p.getValue().equals(r.params().get(p.getKey())));
        }
        return shared;
    }

    /** A bar's category: its workload and the parameters that tell it from the chart's other categories. */
    private static String label(BenchResult r, Set<String> shared) {
        String p = String.join(", ", r.params().entrySet().stream()
                .filter(e -> !e.getKey().equals(Grouping.IMPL) && !shared.contains(e.getKey()))
                .map(e -> e.getKey() + "=" + e.getValue()).toList());
        return r.workload() + (p.isEmpty() ? "" : " [" + p + "]");
    }

    /**
     * The largest over the smallest of the categories' typical times, each the geometric mean of its bars; 1 for a
     * single category.
     */
    static double shapeSpread(Iterable<Map<String, Double>> series, List<String> categories) {
        double high = 0;
        double low = Double.MAX_VALUE;
        for (String c : categories) {
            double logSum = 0;
            int n = 0;
            for (Map<String, Double> m : series) {
                Double v = m.get(c);
                if (v != null && v > 0) {
                    logSum += Math.log(v);
                    n++;
                }
            }
            if (n > 0) {
                double typical = Math.exp(logSum / n);
                high = Math.max(high, typical);
                low = Math.min(low, typical);
            }
        }
        return high == 0 ? 1 : high / low;
    }
}
