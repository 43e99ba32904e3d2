package dev.panbench.reports.charts;

import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.spi.Role;
import dev.panbench.reports.view.Grouping;
import dev.panbench.reports.view.Roles;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The machine's measured ceilings as what they are ({@link Roles}): the rows that measure memory bandwidth (the
 * bandwidth ceiling and its sibling kernels, STREAM's copy, scale and add) in GB/s, the FLOP ceilings in GFLOP/s;
 * higher is better, linear axes from zero.
 */
final class MachineCharts {

    private MachineCharts() {
    }

    static void add(List<BenchResult> ok, List<NamedChart> charts, Map<String, Integer> omitted, Set<String> slugs) {
        List<BenchResult> machine = ok.stream().filter(Grouping::isMachineRow)
                .filter(r -> r.throughput() != null).toList();
        chart(machine.stream().filter(r -> !Role.FLOPS.equals(Roles.ceiling(r))
                        && r.throughput().bytesPerSec() != null && r.throughput().bytesPerSec() > 0).toList(), "GB/s",
                "memory bandwidth", r -> r.throughput().bytesPerSec() / 1e9, "Bytes moved per second by each "
                        + "bandwidth kernel (STREAM's copy, scale, add and triad; a device's own copy), higher is "
                        + "better; the bandwidth ceiling (STREAM's triad) is the bandwidth roof of the roofline.",
                charts, slugs);
        chart(machine.stream().filter(r -> Role.FLOPS.equals(Roles.ceiling(r))
                        && r.throughput().flopsPerSec() != null).toList(), "GFLOP/s", "peak floating-point rate",
                r -> r.throughput().flopsPerSec() / 1e9, "Floating-point operations per second of independent FMA"
                        + " chains, higher is better; the compute roof of the roofline.", charts, slugs);
    }

    private static void chart(List<BenchResult> rows, String unit, String what, Function<BenchResult, Double> value,
                              String caption, List<NamedChart> charts, Set<String> slugs) {
        if (rows.isEmpty()) {
            return;
        }
        List<String> cats = new ArrayList<>();
        List<Double> ys = new ArrayList<>();
        double max = 0;
        for (BenchResult r : rows) {
            String p = Grouping.paramText(r, "size");
            cats.add(ChartStyle.shorten(r.adapter() + (p.isEmpty() ? "" : " " + p), 40));
            double v = value.apply(r);
            ys.add(v);
            max = Math.max(max, v);
        }
        CategoryChart chart = new CategoryChartBuilder().width(560).height(340)
                .title("Machine: " + what).xAxisTitle("").yAxisTitle(unit).build();
        ChartStyle.apply(chart.getStyler());
        chart.getStyler().setLegendVisible(false);
        chart.getStyler().setYAxisMin(0.0);
        chart.getStyler().setYAxisMax(max * 1.1);
        ChartStyle.linearTicks(chart.getStyler());
        List<String> names = ChartNames.unique(cats);
        if (ChartStyle.needsRotation(names, 560)) {
            chart.getStyler().setXAxisLabelRotation(30);
        }
        chart.addSeries(unit, names, ys);
        charts.add(new NamedChart("machine", ChartNames.slug("machine-" + unit, slugs), "Machine " + what + " ("
                + unit + ")", caption, chart));
    }
}
