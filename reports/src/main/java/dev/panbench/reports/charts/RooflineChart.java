package dev.panbench.reports.charts;

import dev.panbench.harness.model.BenchResult;
import dev.panbench.reports.view.Grouping;
import dev.panbench.reports.view.MachinePeaks;
import dev.panbench.reports.view.Numbers;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

import java.awt.Color;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The roofline of a run that measured its machine ({@code machine/} rows): arithmetic intensity (FLOP per byte
 * moved, from each workload's declared counts) against achieved GFLOP/s, both logarithmic, under the two measured
 * roofs: STREAM triad bandwidth times intensity, and the peak-FLOP kernel's rate. A point near a roof is bound by
 * it; the ridge where the roofs meet is the intensity above which a kernel can be compute bound on this machine.
 */
final class RooflineChart {

    static final int MAX_SERIES = 10;
    private static final Color ROOF = new Color(0x333333);

    private RooflineChart() {
    }

    static void add(List<BenchResult> ok, List<NamedChart> charts, Map<String, Integer> omitted, Set<String> slugs) {
        MachinePeaks peaks = new MachinePeaks(ok);
        if (!peaks.any()) {
            return;
        }
        double bw = peaks.streamBytesPerSec();
        double peak = peaks.peakFlopsPerSec();
        Map<String, List<double[]>> points = new LinkedHashMap<>();
        for (BenchResult r : ok) {
            if (Grouping.isMachineRow(r) || r.counts() == null || r.throughput() == null
                    || r.throughput().flopsPerSec() == null || r.counts().flops() <= 0 || r.counts().bytes() <= 0) {
                continue;
            }
            double ai = (double) r.counts().flops() / r.counts().bytes();
            String series = r.adapter() + " " + Grouping.groupOf(r) + " "
                    + r.params().getOrDefault(Grouping.IMPL, "");
            points.computeIfAbsent(series.strip(), k -> new ArrayList<>())
                    .add(new double[]{ai, r.throughput().flopsPerSec() / 1e9});
        }
        if (points.size() > MAX_SERIES) {
            omitted.merge("roofline series", points.size() - MAX_SERIES, Integer::sum);
        }
        double xMin = Double.MAX_VALUE;
        double xMax = 0;
        double yMin = Double.MAX_VALUE;
        double yMax = 0;
        for (List<double[]> ps : points.values()) {
            for (double[] p : ps) {
                xMin = Math.min(xMin, p[0]);
                xMax = Math.max(xMax, p[0]);
                yMin = Math.min(yMin, p[1]);
                yMax = Math.max(yMax, p[1]);
            }
        }
        double ridge = bw > 0 && peak > 0 ? peak / bw : Double.NaN;
        if (!Double.isNaN(ridge)) {
            xMin = Math.min(xMin, ridge / 10);
            xMax = Math.max(xMax, ridge * 10);
        }
        if (xMax == 0) {
            xMin = 0.01;
            xMax = 100;
        }
        xMin = ChartStyle.decadeBelow(xMin);
        xMax = ChartStyle.decadeAbove(xMax);
        XYChart chart = new XYChartBuilder().width(720).height(460).title("Roofline: achieved GFLOP/s against "
                + "arithmetic intensity").xAxisTitle("arithmetic intensity, FLOP/byte (log scale)")
                .yAxisTitle("GFLOP/s (log scale)").build();
        ChartStyle.apply(chart.getStyler());
        chart.getStyler().setXAxisLogarithmic(true);
        chart.getStyler().setYAxisLogarithmic(true);
        List<String> roofs = new ArrayList<>();
        if (bw > 0) {
            double top = Double.isNaN(ridge) ? xMax : ridge;
            roof(chart, "memory roof " + Numbers.sig(bw / 1e9) + " GB/s", new double[]{xMin, top},
                    new double[]{bw * xMin / 1e9, bw * top / 1e9});
            roofs.add("STREAM triad " + Numbers.sig(bw / 1e9) + " GB/s");
            yMin = Math.min(yMin, bw * xMin / 1e9);
            yMax = Math.max(yMax, bw * top / 1e9);
        }
        if (peak > 0) {
            double from = Double.isNaN(ridge) ? xMin : ridge;
            roof(chart, "compute roof " + Numbers.sig(peak / 1e9) + " GFLOP/s", new double[]{from, xMax},
                    new double[]{peak / 1e9, peak / 1e9});
            roofs.add("peak " + Numbers.sig(peak / 1e9) + " GFLOP/s");
            yMin = Math.min(yMin, peak / 1e9);
            yMax = Math.max(yMax, peak / 1e9);
        }
        int made = 0;
        for (var e : points.entrySet()) {
            if (made++ == MAX_SERIES) {
                break;
            }
            double[] xs = e.getValue().stream().mapToDouble(p -> p[0]).toArray();
            double[] ys = e.getValue().stream().mapToDouble(p -> p[1]).toArray();
            XYSeries s = chart.addSeries(ChartStyle.shorten(e.getKey(), 30), xs, ys);
            s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
            s.setMarker(SeriesMarkers.CIRCLE);
        }
        chart.getStyler().setXAxisMin(xMin);
        chart.getStyler().setXAxisMax(xMax);
        chart.getStyler().setYAxisMin(ChartStyle.decadeBelow(yMin));
        chart.getStyler().setYAxisMax(ChartStyle.decadeAbove(yMax));
        charts.add(new NamedChart("roofline", ChartNames.slug("roofline", slugs), "Roofline",
                "Each point is one result: FLOP per byte its workload declares, against the GFLOP/s it reached; roofs"
                        + " measured on this run's machine (" + String.join(", ", roofs) + ")"
                        + (Double.isNaN(ridge) ? "" : ", ridge at " + Numbers.sig(ridge) + " FLOP/byte")
                        + ". A point above the memory roof worked from cache, not DRAM. Both axes logarithmic.",
                chart));
    }

    private static void roof(XYChart chart, String name, double[] xs, double[] ys) {
        XYSeries s = chart.addSeries(name, xs, ys);
        s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
        s.setMarker(SeriesMarkers.NONE);
        s.setLineColor(ROOF);
    }
}
