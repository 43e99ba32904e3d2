package dev.panbench.reports.charts;

import dev.panbench.harness.model.BenchResult;
import dev.panbench.reports.view.Grouping;
import dev.panbench.reports.view.Numbers;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Time (and GFLOP/s or GB/s) against size, one line per impl, for workloads run at several sizes. The size axis is
 * logarithmic over whole decades; the value axis is logarithmic only where the values span a decade or more, and
 * the axis titles and the caption say which scale each axis has.
 */
final class ScalingCharts {

    static final int MAX_SCALING = 8;

    private ScalingCharts() {
    }

    static void add(List<BenchResult> ok, List<NamedChart> charts, Map<String, Integer> omitted, Set<String> slugs) {
        Map<String, Map<String, TreeMap<Double, BenchResult>>> byWorkload = new LinkedHashMap<>();
        for (BenchResult r : ok) {
            String sizeParam = ChartNames.sizeParam(r);
            if (sizeParam == null || Grouping.isMachineRow(r)) {
                continue;
            }
            String key = r.adapter() + "/" + Grouping.label(r, sizeParam, Grouping.IMPL);
            String series = r.params().getOrDefault(Grouping.IMPL, "median");
            byWorkload.computeIfAbsent(key, k -> new LinkedHashMap<>())
                    .computeIfAbsent(series, k -> new TreeMap<>())
                    .put(Double.parseDouble(r.params().get(sizeParam)), r);
        }
        byWorkload.values().removeIf(m -> m.values().stream().allMatch(t -> t.size() < 2));
        int made = 0;
        for (var e : byWorkload.entrySet()) {
            if (made == MAX_SCALING) {
                omitted.merge("scaling", byWorkload.size() - made, Integer::sum);
                break;
            }
            String sizeParam = ChartNames.sizeParam(e.getValue().values().iterator().next().firstEntry().getValue());
            double max = e.getValue().values().stream().flatMap(t -> t.values().stream())
                    .mapToDouble(Grouping::medianNanos).max().orElse(1);
            Numbers.TimeScale unit = Numbers.TimeScale.of(max);
            XYChart time = xy(ChartStyle.shorten(e.getKey(), 70) + ": time", sizeParam, unit.name() + " per op");
            boolean anyFlops = false;
            boolean anyBytes = false;
            for (TreeMap<Double, BenchResult> t : e.getValue().values()) {
                for (BenchResult r : t.values()) {
                    anyFlops |= r.throughput() != null && r.throughput().flopsPerSec() != null;
                    anyBytes |= r.throughput() != null && r.throughput().bytesPerSec() != null;
                }
            }
            String rateName = anyFlops ? "GFLOP/s" : "GB/s";
            XYChart rate = anyFlops || anyBytes
                    ? xy(ChartStyle.shorten(e.getKey(), 70) + ": " + rateName, sizeParam, rateName) : null;
            List<String> names = ChartNames.unique(e.getValue().keySet().stream()
                    .map(s -> ChartStyle.shorten(s, 30)).toList());
            int i = 0;
            for (TreeMap<Double, BenchResult> t : e.getValue().values()) {
                String name = names.get(i++);
                double[] xs = t.keySet().stream().mapToDouble(Double::doubleValue).toArray();
                double[] ys = t.values().stream().mapToDouble(r -> Grouping.medianNanos(r) / unit.nanos()).toArray();
                marked(time.addSeries(name, xs, ys));
                if (rate != null) {
                    List<Double> rx = new ArrayList<>();
                    List<Double> ry = new ArrayList<>();
                    for (var p : t.entrySet()) {
                        var tp = p.getValue().throughput();
                        Double v = tp == null ? null : anyFlops ? tp.flopsPerSec() : tp.bytesPerSec();
                        if (v != null && v > 0) {
                            rx.add(p.getKey());
                            ry.add(v / 1e9);
                        }
                    }
                    if (!rx.isEmpty()) {
                        marked(rate.addSeries(name, rx, ry));
                    }
                }
            }
            fitRange(time);
            String slug = ChartNames.slug("scaling-" + e.getKey(), slugs);
            charts.add(new NamedChart("scaling", slug, e.getKey() + " (time)",
                    "Median time per operation against " + sizeParam + "; " + scales(time) + "; lower is better.",
                    time));
            if (rate != null && !rate.getSeriesMap().isEmpty()) {
                fitRange(rate);
                charts.add(new NamedChart("scaling", slug + "-rate", e.getKey() + " (" + rateName + ")",
                        rateName + " against " + sizeParam + "; " + scales(rate) + "; higher is better.", rate));
            }
            made++;
        }
    }

    static XYChart xy(String title, String xName, String yName) {
        XYChart chart = new XYChartBuilder().width(620).height(400).title(title).xAxisTitle(xName + " (log scale)")
                .yAxisTitle(yName + " (log scale)").build();
        ChartStyle.apply(chart.getStyler());
        chart.getStyler().setXAxisLogarithmic(true);
        chart.getStyler().setYAxisLogarithmic(true);
        chart.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
        chart.getStyler().setXAxisDecimalPattern("#,##0");
        return chart;
    }

    /** What the caption says of the axes, read from the chart as it will be drawn. */
    private static String scales(XYChart chart) {
        return chart.getStyler().isYAxisLogarithmic() ? "both axes logarithmic" : "logarithmic size, linear values";
    }

    /**
     * XChart's log axes misplace points when the range is not whole decades: pin the size axis to the decades around
     * the data. Values within one decade are shown on a linear axis fitted to them (small differences stay
     * visible); wider ones on a log axis over whole decades.
     */
    static void fitRange(XYChart chart) {
        double xMin = Double.MAX_VALUE, xMax = 0, yMin = Double.MAX_VALUE, yMax = 0;
        for (XYSeries s : chart.getSeriesMap().values()) {
            for (double x : s.getXData()) {
                xMin = Math.min(xMin, x);
                xMax = Math.max(xMax, x);
            }
            for (double y : s.getYData()) {
                yMin = Math.min(yMin, y);
                yMax = Math.max(yMax, y);
            }
        }
        if (!(xMax > 0) || !(yMax > 0)) {
            return;
        }
        chart.getStyler().setXAxisMin(ChartStyle.decadeBelow(xMin));
        chart.getStyler().setXAxisMax(ChartStyle.decadeAbove(xMax));
        if (yMax / yMin < 10) {
            chart.getStyler().setYAxisLogarithmic(false);
            double pad = (yMax - yMin) * 0.08 + yMax * 0.02;
            chart.getStyler().setYAxisMin(Math.max(0, yMin - pad));
            chart.getStyler().setYAxisMax(yMax + pad);
            chart.setYAxisTitle(chart.getYAxisTitle().replace(" (log scale)", ""));
            ChartStyle.linearTicks(chart.getStyler());
        } else {
            chart.getStyler().setYAxisMin(ChartStyle.decadeBelow(yMin));
            chart.getStyler().setYAxisMax(ChartStyle.decadeAbove(yMax));
        }
    }

    static void marked(XYSeries s) {
        s.setMarker(SeriesMarkers.CIRCLE);
    }
}
