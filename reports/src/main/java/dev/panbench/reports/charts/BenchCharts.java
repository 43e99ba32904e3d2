package dev.panbench.reports.charts;

import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.ResultFile;
import dev.panbench.reports.Grouping;
import dev.panbench.reports.Numbers;
import dev.panbench.reports.compare.ComparisonTable;
import org.knowm.xchart.AnnotationLine;
import org.knowm.xchart.BoxChart;
import org.knowm.xchart.BoxChartBuilder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Builds the charts of a report from results: bars per workload group comparing impls (or adapters, when a group
 * has no impls), time and GFLOP/s against size on log axes, box plots of the samples, and, for a comparison, time
 * ratios with their intervals. Chart counts are capped so that a huge file still renders quickly; {@link Plan}
 * says how many were left out.
 */
public final class BenchCharts {

    static {
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
    }

    static final int MAX_BAR_CHARTS = 12;
    static final int MAX_CATEGORIES = 24;
    static final int MAX_SCALING = 8;
    static final int MAX_BOX_CHARTS = 8;
    static final int MAX_BOXES = 12;
    static final int MAX_RATIOS = 40;

    private BenchCharts() {
    }

    /** The charts of a report and, per section, how many charts (or bars, boxes) did not fit. */
    public record Plan(List<NamedChart> charts, Map<String, Integer> omitted) {
    }

    public static Plan forResults(ResultFile file) {
        List<NamedChart> charts = new ArrayList<>();
        Map<String, Integer> omitted = new LinkedHashMap<>();
        List<BenchResult> ok = file.results().stream().filter(r -> !Double.isNaN(Grouping.medianNanos(r))).toList();
        Set<String> slugs = new HashSet<>();
        bars(ok, charts, omitted, slugs);
        scaling(ok, charts, omitted, slugs);
        boxes(ok, charts, omitted, slugs);
        return new Plan(charts, omitted);
    }

    public static Plan forComparison(ComparisonTable c) {
        List<ComparisonTable.Row> rows = c.rowsRegressionsFirst().stream()
                .filter(r -> r.ratio() != null && r.ratio() > 0).toList();
        if (rows.isEmpty()) {
            return new Plan(List.of(), Map.of());
        }
        Map<String, Integer> omitted = new LinkedHashMap<>();
        if (rows.size() > MAX_RATIOS) {
            omitted.put("comparison", rows.size() - MAX_RATIOS);
            rows = rows.subList(0, MAX_RATIOS);
        }
        List<String> cats = unique(rows.stream().map(r -> ChartStyle.shorten(r.id().toString(), 32)).toList());
        List<Double> ratios = new ArrayList<>();
        List<Double> mids = new ArrayList<>();
        List<Double> halves = new ArrayList<>();
        for (ComparisonTable.Row r : rows) {
            ratios.add(r.ratio());
            boolean has = r.low() != null && r.high() != null;
            mids.add(has ? (r.low() + r.high()) / 2 : r.ratio());
            halves.add(has ? Math.abs(r.high() - r.low()) / 2 : 0.0);
        }
        CategoryChart chart = new CategoryChartBuilder().width(1100).height(560)
                .title("Time ratio current / base (above 1 is slower)").xAxisTitle("").yAxisTitle("ratio").build();
        ChartStyle.apply(chart.getStyler());
        chart.getStyler().setOverlapped(true);
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
        chart.getStyler().setErrorBarsColor(new java.awt.Color(0x333333));
        ChartStyle.linearTicks(chart.getStyler());
        if (ChartStyle.needsRotation(cats, 1100)) {
            chart.getStyler().setXAxisLabelRotation(60);
        }
        CategorySeries interval = chart.addSeries(Numbers.percent(c.level()) + " interval", cats, mids, halves);
        interval.setChartCategorySeriesRenderStyle(CategorySeries.CategorySeriesRenderStyle.Scatter);
        interval.setMarker(SeriesMarkers.NONE);
        CategorySeries ratio = chart.addSeries("ratio", cats, ratios);
        ratio.setChartCategorySeriesRenderStyle(CategorySeries.CategorySeriesRenderStyle.Scatter);
        ratio.setMarker(SeriesMarkers.DIAMOND);
        ratio.setMarkerColor(ChartStyle.PALETTE[5]);
        chart.addAnnotation(new AnnotationLine(1.0, false, false));
        return new Plan(List.of(new NamedChart("comparison", "comparison-ratios",
                "Time ratio per benchmark",
                "Diamonds: median time ratio current/base; bars: its " + Numbers.percent(c.level())
                        + " interval; line: ratio 1, equal times. Regressions first.", chart)), omitted);
    }

    /** Bars of median time per category, one series per impl (or per adapter when the group has no impls). */
    private static void bars(List<BenchResult> ok, List<NamedChart> charts, Map<String, Integer> omitted, Set<String> slugs) {
        Set<String> implGroups = new HashSet<>();
        for (BenchResult r : ok) {
            if (r.params().containsKey(Grouping.IMPL)) {
                implGroups.add(r.adapter() + " / " + Grouping.groupOf(r));
            }
        }
        Map<String, Map<String, Map<String, Double>>> byChart = new LinkedHashMap<>();
        for (BenchResult r : ok) {
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
            ChartStyle.TimeUnit unit = ChartStyle.TimeUnit.forMax(max);
            boolean log = max / min > 100;
            CategoryChart chart = new CategoryChartBuilder().width(640).height(catList.size() > 6 ? 460 : 380)
                    .title(ChartStyle.shorten(e.getKey(), 80) + ": median time per operation")
                    .xAxisTitle("").yAxisTitle(unit.name() + (log ? " (log scale)" : "")).build();
            ChartStyle.apply(chart.getStyler());
            if (ChartStyle.needsRotation(catList, 640)) {
                chart.getStyler().setXAxisLabelRotation(45);
            }
            if (log) {
                chart.getStyler().setYAxisLogarithmic(true);
                chart.getStyler().setYAxisMin(ChartStyle.decadeBelow(min / unit.divisor()));
            }
            ChartStyle.linearTicks(chart.getStyler());
            List<String> shortCats = unique(catList.stream().map(c -> ChartStyle.shorten(c, 40)).toList());
            List<String> seriesNames = unique(e.getValue().keySet().stream().map(s -> ChartStyle.shorten(s, 30)).toList());
            int i = 0;
            for (Map<String, Double> m : e.getValue().values()) {
                List<Double> ys = new ArrayList<>();
                for (String c : catList) {
                    Double v = m.get(c);
                    ys.add(v == null ? null : v / unit.divisor());
                }
                chart.addSeries(seriesNames.get(i++), shortCats, ys);
            }
            charts.add(new NamedChart("groups", slug("bars-" + e.getKey(), slugs), e.getKey(),
                    "Median time per operation, lower is better; one bar per "
                            + (implGroups.contains(e.getKey()) ? "impl" : "adapter") + ".", chart));
            made++;
        }
    }

    /** Time (and GFLOP/s or GB/s) against size, log-log, one line per impl, for workloads run at several sizes. */
    private static void scaling(List<BenchResult> ok, List<NamedChart> charts, Map<String, Integer> omitted, Set<String> slugs) {
        Map<String, Map<String, TreeMap<Double, BenchResult>>> byWorkload = new LinkedHashMap<>();
        for (BenchResult r : ok) {
            String sizeParam = sizeParam(r);
            if (sizeParam == null) {
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
            String sizeParam = sizeParam(e.getValue().values().iterator().next().firstEntry().getValue());
            double max = e.getValue().values().stream().flatMap(t -> t.values().stream())
                    .mapToDouble(Grouping::medianNanos).max().orElse(1);
            ChartStyle.TimeUnit unit = ChartStyle.TimeUnit.forMax(max);
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
            List<String> names = unique(e.getValue().keySet().stream().map(s -> ChartStyle.shorten(s, 30)).toList());
            int i = 0;
            for (TreeMap<Double, BenchResult> t : e.getValue().values()) {
                String name = names.get(i++);
                double[] xs = t.keySet().stream().mapToDouble(Double::doubleValue).toArray();
                double[] ys = t.values().stream().mapToDouble(r -> Grouping.medianNanos(r) / unit.divisor()).toArray();
                style(time.addSeries(name, xs, ys));
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
                        style(rate.addSeries(name, rx, ry));
                    }
                }
            }
            logRange(time);
            if (rate != null) {
                logRange(rate);
            }
            String slug = slug("scaling-" + e.getKey(), slugs);
            charts.add(new NamedChart("scaling", slug, e.getKey() + " (time)",
                    "Median time per operation against " + sizeParam + ", log-log; lower is better.", time));
            if (rate != null && !rate.getSeriesMap().isEmpty()) {
                charts.add(new NamedChart("scaling", slug + "-rate", e.getKey() + " (" + rateName + ")",
                        rateName + " against " + sizeParam + ", log-log; higher is better.", rate));
            }
            made++;
        }
    }

    /** Box plots of every sample, one chart per adapter and workload, one box per parameter set. */
    private static void boxes(List<BenchResult> ok, List<NamedChart> charts, Map<String, Integer> omitted, Set<String> slugs) {
        Map<String, List<BenchResult>> byWorkload = new LinkedHashMap<>();
        for (BenchResult r : ok) {
            if (r.samples().size() >= 2) {
                byWorkload.computeIfAbsent(r.adapter() + "/" + r.workload(), k -> new ArrayList<>()).add(r);
            }
        }
        int made = 0;
        for (var e : byWorkload.entrySet()) {
            if (made == MAX_BOX_CHARTS) {
                omitted.merge("distributions", byWorkload.size() - made, Integer::sum);
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
            ChartStyle.TimeUnit unit = ChartStyle.TimeUnit.forMax(max);
            boolean log = max / min > 100;
            BoxChart chart = new BoxChartBuilder().width(640).height(360)
                    .title(ChartStyle.shorten(e.getKey(), 80) + ": samples")
                    .yAxisTitle(unit.name() + " per op" + (log ? " (log scale)" : "")).build();
            ChartStyle.apply(chart.getStyler());
            chart.getStyler().setLegendVisible(false);
            if (ChartStyle.needsRotation(rs.stream().map(Grouping::paramText).toList(), 640)) {
                chart.getStyler().setXAxisLabelRotation(30);
            }
            if (log) {
                chart.getStyler().setYAxisLogarithmic(true);
            }
            ChartStyle.linearTicks(chart.getStyler());
            List<String> names = unique(rs.stream().map(r -> {
                String p = Grouping.paramText(r);
                return ChartStyle.shorten(p.isEmpty() ? r.workload() : p, 40);
            }).toList());
            for (int i = 0; i < rs.size(); i++) {
                BenchResult r = rs.get(i);
                double[] ys = r.samples().stream().mapToDouble(s -> Grouping.nanos(s, r.unit()) / unit.divisor()).toArray();
                chart.addSeries(names.get(i), ys);
            }
            charts.add(new NamedChart("distributions", slug("box-" + e.getKey(), slugs), e.getKey(),
                    "Every measured iteration (all forks): box from first to third quartile, line at the median.", chart));
            made++;
        }
    }

    private static XYChart xy(String title, String xName, String yName) {
        XYChart chart = new XYChartBuilder().width(620).height(400).title(title).xAxisTitle(xName + " (log scale)")
                .yAxisTitle(yName + " (log scale)").build();
        ChartStyle.apply(chart.getStyler());
        chart.getStyler().setXAxisLogarithmic(true);
        chart.getStyler().setYAxisLogarithmic(true);
        chart.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
        chart.getStyler().setXAxisDecimalPattern("#,##0");
        return chart;
    }

    /**
     * XChart's log axes misplace points when the range is not whole decades: pin both axes to the decades around the
     * data. A y range within one decade is shown on a linear axis instead, where small differences stay visible.
     */
    private static void logRange(XYChart chart) {
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
            chart.getStyler().setYAxisMin(0.0);
            chart.getStyler().setYAxisMax(yMax * 1.1);
            chart.setYAxisTitle(chart.getYAxisTitle().replace(" (log scale)", ""));
            ChartStyle.linearTicks(chart.getStyler());
        } else {
            chart.getStyler().setYAxisMin(ChartStyle.decadeBelow(yMin));
            chart.getStyler().setYAxisMax(ChartStyle.decadeAbove(yMax));
        }
    }

    private static void style(XYSeries s) {
        s.setMarker(SeriesMarkers.CIRCLE);
    }

    /** The numeric parameter results are scaled by ({@code size}, else {@code n}), or null. */
    static String sizeParam(BenchResult r) {
        for (String p : List.of("size", "n")) {
            String v = r.params().get(p);
            if (v != null && isPositiveNumber(v)) {
                return p;
            }
        }
        return null;
    }

    private static boolean isPositiveNumber(String v) {
        try {
            double d = Double.parseDouble(v);
            return d > 0 && !Double.isInfinite(d);
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** XChart needs distinct series and category names; shortening may collide, so number the repeats. */
    static List<String> unique(List<String> names) {
        Set<String> used = new HashSet<>();
        List<String> out = new ArrayList<>(names.size());
        for (String n : names) {
            String base = n.isBlank() ? "(unnamed)" : n;
            String name = base;
            for (int k = 2; !used.add(name); k++) {
                name = base + " #" + k;
            }
            out.add(name);
        }
        return Collections.unmodifiableList(out);
    }

    /** A lower-case {@code [a-z0-9-]} slug, unique within one report. */
    static String slug(String text, Set<String> taken) {
        StringBuilder sb = new StringBuilder();
        for (char c : text.toLowerCase(Locale.ROOT).toCharArray()) {
            if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
                sb.append(c);
            } else if (!sb.isEmpty() && sb.charAt(sb.length() - 1) != '-') {
                sb.append('-');
            }
        }
        String base = sb.toString().replaceAll("-+$", "");
        if (base.length() > 60) {
            base = base.substring(0, 60);
        }
        if (base.isEmpty()) {
            base = "chart";
        }
        String s = base;
        for (int i = 2; !taken.add(s); i++) {
            s = base + "-" + i;
        }
        return s;
    }
}
