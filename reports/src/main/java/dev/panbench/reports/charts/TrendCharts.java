package dev.panbench.reports.charts;

import dev.panbench.harness.history.Trend;
import org.knowm.xchart.AnnotationLine;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The chart of one result's trend across a baseline's runs: each run's median with its interval (error bars), the
 * band where a new run may fall (dashed), and a vertical line before each change point.
 */
public final class TrendCharts {

    static {
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
    }

    private TrendCharts() {
    }

    public static XYChart of(Trend t) {
        XYChart chart = new XYChartBuilder().width(720).height(300).title(t.id())
                .xAxisTitle("run (oldest first)").yAxisTitle(t.unit() == null ? "" : t.unit()).build();
        ChartStyle.apply(chart.getStyler());
        ChartStyle.linearTicks(chart.getStyler());
        chart.getStyler().setErrorBarsColor(new java.awt.Color(0x333333));
        chart.getStyler().setxAxisTickLabelsFormattingFunction(v -> v == Math.rint(v) ? String.valueOf(v.intValue()) : "");
        List<Double> xs = new ArrayList<>();
        List<Double> ys = new ArrayList<>();
        List<Double> err = new ArrayList<>();
        for (Trend.Point p : t.points()) {
            xs.add((double) p.run());
            ys.add(p.median());
            // XChart draws symmetric bars: the larger side, so the bar covers the whole interval
            err.add(Math.max(p.median() - p.lower(), p.upper() - p.median()));
        }
        XYSeries median = chart.addSeries("median (95% interval)", xs, ys, err);
        median.setMarker(SeriesMarkers.CIRCLE);
        median.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
        if (t.bandLower() != null) {
            List<Double> ends = List.of(xs.getFirst(), xs.getLast());
            for (var band : List.of(new Object[]{"new run may fall (99%)", t.bandUpper()},
                    new Object[]{"band low", t.bandLower()})) {
                XYSeries s = chart.addSeries((String) band[0], ends, Collections.nCopies(2, (Double) band[1]));
                s.setMarker(SeriesMarkers.NONE);
                s.setLineStyle(SeriesLines.DASH_DASH);
                s.setLineColor(ChartStyle.PALETTE[2]);
                s.setShowInLegend(band[0].equals("new run may fall (99%)"));
            }
        }
        for (Trend.Change c : t.changes()) {
            chart.addAnnotation(new AnnotationLine(c.run() - 0.5, true, false));
        }
        return chart;
    }
}
