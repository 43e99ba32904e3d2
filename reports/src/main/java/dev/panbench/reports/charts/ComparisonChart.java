package dev.panbench.reports.charts;

import dev.panbench.harness.compare.Verdict;
import dev.panbench.reports.compare.ComparisonTable;
import dev.panbench.reports.view.Numbers;
import org.knowm.xchart.AnnotationLine;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

import java.awt.BasicStroke;
import java.awt.Color;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The time ratio current/base of every compared id with its interval, regressions first. The threshold band
 * (between 1/(1+threshold) and 1+threshold, where a change is too small to count) is drawn as dashed lines around
 * the line at 1; regressed ratios are red, improved ones green, the others grey.
 */
final class ComparisonChart {

    static final int MAX_RATIOS = 40;
    static final Color REGRESSED = new Color(0xD55E00);
    static final Color IMPROVED = new Color(0x009E73);
    static final Color OTHER = new Color(0x777777);

    private ComparisonChart() {
    }

    static BenchCharts.Plan of(ComparisonTable c) {
        List<ComparisonTable.Row> rows = c.rows().stream()
                .filter(r -> r.ratio() != null && r.ratio() > 0).toList();
        if (rows.isEmpty()) {
            return new BenchCharts.Plan(List.of(), Map.of());
        }
        Map<String, Integer> omitted = new java.util.LinkedHashMap<>();
        if (rows.size() > MAX_RATIOS) {
            omitted.put("comparison", rows.size() - MAX_RATIOS);
            rows = rows.subList(0, MAX_RATIOS);
        }
        List<String> cats = ChartNames.unique(rows.stream().map(r -> ChartStyle.shorten(r.id().toString(), 32))
                .toList());
        List<Double> mids = new ArrayList<>();
        List<Double> halves = new ArrayList<>();
        List<Double> regressed = new ArrayList<>();
        List<Double> improved = new ArrayList<>();
        List<Double> other = new ArrayList<>();
        double lo = 1 / (1 + c.threshold());
        double hi = 1 + c.threshold();
        for (ComparisonTable.Row r : rows) {
            boolean has = r.low() != null && r.high() != null;
            mids.add(has ? (r.low() + r.high()) / 2 : r.ratio());
            halves.add(has ? Math.abs(r.high() - r.low()) / 2 : 0.0);
            regressed.add(r.verdict() == Verdict.regressed ? r.ratio() : null);
            improved.add(r.verdict() == Verdict.improved ? r.ratio() : null);
            other.add(r.verdict() != Verdict.regressed && r.verdict() != Verdict.improved ? r.ratio() : null);
            lo = Math.min(lo, has ? r.low() : r.ratio());
            hi = Math.max(hi, has ? r.high() : r.ratio());
        }
        CategoryChart chart = new CategoryChartBuilder().width(1100).height(560)
                .title("Time ratio current / base (above 1 is slower)").xAxisTitle("").yAxisTitle("time ratio")
                .build();
        ChartStyle.apply(chart.getStyler());
        chart.getStyler().setOverlapped(true);
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
        chart.getStyler().setErrorBarsColor(new Color(0x333333));
        double pad = (hi - lo) * 0.08;
        chart.getStyler().setYAxisMin(Math.max(0, lo - pad));
        chart.getStyler().setYAxisMax(hi + pad);
        ChartStyle.linearTicks(chart.getStyler());
        if (ChartStyle.needsRotation(cats, 1100)) {
            chart.getStyler().setXAxisLabelRotation(60);
        }
        CategorySeries interval = chart.addSeries(Numbers.percent(c.level()) + " interval", cats, mids, halves);
        interval.setChartCategorySeriesRenderStyle(CategorySeries.CategorySeriesRenderStyle.Scatter);
        interval.setMarker(SeriesMarkers.NONE);
        interval.setMarkerColor(OTHER);
        point(chart, "regressed", cats, regressed, REGRESSED);
        point(chart, "improved", cats, improved, IMPROVED);
        point(chart, "unchanged or inconclusive", cats, other, OTHER);
        chart.getStyler().setAnnotationLineColor(new Color(0x555555));
        chart.getStyler().setAnnotationLineStroke(new BasicStroke(1f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER,
                10f, new float[]{6f, 4f}, 0f));
        chart.addAnnotation(new AnnotationLine(1.0, false, false));
        chart.addAnnotation(new AnnotationLine(1 + c.threshold(), false, false));
        chart.addAnnotation(new AnnotationLine(1 / (1 + c.threshold()), false, false));
        return new BenchCharts.Plan(List.of(new NamedChart("comparison", "comparison-ratios",
                "Time ratio per benchmark",
                "Points: median time ratio current/base (red regressed, green improved, grey unchanged or "
                        + "inconclusive); bars: its " + Numbers.percent(c.level()) + " interval; dashed lines: ratio 1"
                        + " and the threshold band " + Numbers.factor(1 / (1 + c.threshold())) + " to "
                        + Numbers.factor(1 + c.threshold()) + " (+/-" + Numbers.percent(c.threshold())
                        + "), inside which a change does not count. Regressions first.", chart)), omitted);
    }

    private static void point(CategoryChart chart, String name, List<String> cats, List<Double> ys, Color color) {
        if (ys.stream().allMatch(java.util.Objects::isNull)) {
            return;
        }
        CategorySeries s = chart.addSeries(name, cats, ys);
        s.setChartCategorySeriesRenderStyle(CategorySeries.CategorySeriesRenderStyle.Scatter);
        s.setMarker(SeriesMarkers.DIAMOND);
        s.setMarkerColor(color);
    }
}
