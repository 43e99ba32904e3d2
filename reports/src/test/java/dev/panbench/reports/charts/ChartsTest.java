package dev.panbench.reports.charts;

import dev.panbench.harness.baseline.HistoryFiles;
import dev.panbench.harness.compare.Change;
import dev.panbench.harness.compare.CompareSettings;
import dev.panbench.harness.compare.Comparison;
import dev.panbench.harness.compare.Verdict;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.ResultFile;
import dev.panbench.harness.model.ResultId;
import dev.panbench.reports.compare.ComparisonTable;
import org.junit.jupiter.api.Test;
import org.knowm.xchart.BoxChart;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.AxesChartStyler;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What a reader of the charts relies on: each kind shows what its axes say, on a scale that fits the data. */
class ChartsTest {

    private static BenchResult ok(String id, double median, long elements, long bytes, long flops) {
        List<Double> s = IntStream.range(0, 10).mapToObj(i -> median * (1 + 0.01 * ((i * 7) % 10 - 5) / 5)).toList();
        return BenchResult.measured(ResultId.parse(id), null, "ns/op", "avgt", List.of(s.subList(0, 5), s.subList(5, 10)),
                0.0, new BenchResult.Counts(elements, bytes, flops));
    }

    /** A machine with its ceilings, gemm and add at two sizes and three impls whose times differ a hundredfold. */
    private static ResultFile run() {
        List<BenchResult> rs = new ArrayList<>();
        for (String impl : List.of("scalar", "simd", "openblas")) {
            double f = impl.equals("scalar") ? 100 : impl.equals("simd") ? 8 : 1;
            rs.add(ok("cpu-simd/gemm/sgemm[size=256,dtype=f32,impl=" + impl + "]", 2e6 * f, 65536, 786432, 33554432));
            rs.add(ok("cpu-simd/binary/add[size=1024,dtype=f32,impl=" + impl + "]", 100 * f, 1024, 12288, 1024));
            rs.add(ok("cpu-simd/binary/add[size=1048576,dtype=f32,impl=" + impl + "]", 2e5 * f, 1 << 20, 12L << 20,
                    1 << 20));
        }
        rs.add(ok("cpu-simd/machine/stream[kernel=triad,size=auto,threads=1]", 2.4e7, 1 << 22, 48L << 20, 8L << 20));
        rs.add(ok("cpu-simd/machine/peak-flops[dtype=f32,threads=1]", 1e6, 0, 0, 16_000_000L));
        return new ResultFile(null, null, null, rs);
    }

    private static List<NamedChart> section(BenchCharts.Plan plan, String section) {
        return plan.charts().stream().filter(c -> c.section().equals(section)).toList();
    }

    private static AxesChartStyler styler(Chart<?, ?> c) {
        return (AxesChartStyler) c.getStyler();
    }

    @Test
    void boxPlotsCompareOnlyLikeWithLikeOnAFittedLinearAxis() {
        List<NamedChart> boxes = section(BenchCharts.forResults(run()), "distributions");
        assertEquals(3, boxes.size(), "one chart per workload and size: " + boxes.stream().map(NamedChart::title).toList());
        for (NamedChart b : boxes) {
            BoxChart chart = (BoxChart) b.chart();
            assertEquals(3, chart.getSeriesMap().size(), "one box per impl");
            assertTrue(styler(chart).isYAxisLogarithmic(), "impls a hundredfold apart need a log axis: " + b.title());
            assertTrue(chart.getYAxisTitle().endsWith("(log scale)"));
            assertTrue(b.caption().contains("logarithmic"));
        }
        ResultFile close = new ResultFile(null, null, null, List.of(
                ok("jvm/call/a[impl=x]", 100, 0, 0, 0), ok("jvm/call/a[impl=y]", 120, 0, 0, 0)));
        BoxChart one = (BoxChart) section(BenchCharts.forResults(close), "distributions").getFirst().chart();
        assertFalse(styler(one).isYAxisLogarithmic());
        double min = styler(one).getYAxisMin();
        double max = styler(one).getYAxisMax();
        assertTrue(min > 80 && min < 100 && max > 120 && max < 140, "the axis fits the samples: " + min + ".." + max);
        assertFalse(one.getYAxisTitle().contains("log"));
    }

    /** The latest run of a committed baseline, only its results whose id {@code keep} accepts. */
    private static ResultFile committed(String name, Predicate<String> keep) {
        ResultFile f = HistoryFiles.read(Path.of("..", "baselines", name + ".json"), name).latest().results();
        return new ResultFile(f.schema(), f.run(), f.environment(), f.config(),
                f.results().stream().filter(r -> keep.test(r.id().toString())).toList(), f.extra());
    }

    private static NamedChart bars(ResultFile f, String group) {
        return section(BenchCharts.forResults(f), "groups").stream().filter(c -> c.title().equals(group)).findFirst()
                .orElseThrow(() -> new AssertionError("no bar chart " + group));
    }

    /** The largest over the smallest median of the results, which must all have measured. */
    private static double span(ResultFile f) {
        double max = f.results().stream().mapToDouble(r -> r.stats().median()).max().orElseThrow();
        return max / f.results().stream().mapToDouble(r -> r.stats().median()).min().orElseThrow();
    }

    @Test
    void groupBarsOfShapesMoreThanFourfoldApartTakeALogAxis() {
        // the committed quick run's binary/add at 1M and 16M: within 100x of each other, but 1M's bar would be a
        // thirtieth of the axis from zero
        ResultFile add = committed("vm-2core-quick", id -> id.matches("cpu-simd/binary/add\\[size=(1048576|16777216),.*"));
        assertEquals(2, add.results().size());
        assertTrue(span(add) > 4 && span(add) < 100, "the premise: " + span(add));
        NamedChart c = bars(add, "cpu-simd / binary");
        CategoryChart chart = (CategoryChart) c.chart();
        assertTrue(styler(chart).isYAxisLogarithmic());
        assertTrue(chart.getYAxisTitle().endsWith("(log scale)"), chart.getYAxisTitle());
        assertTrue(c.caption().contains("the shapes' times differ by more than 4x"), c.caption());

        // the committed cross-backend run: sgemm at 256 and 1024 by simd, openblas and numpy
        ResultFile sgemm = committed("vm-2core-cross-backend", id -> id.startsWith("cpu-simd/gemm/sgemm["));
        assertTrue(span(sgemm) > 4 && span(sgemm) < 100, "the premise: " + span(sgemm));
        NamedChart gemm = bars(sgemm, "cpu-simd / gemm");
        assertTrue(styler(gemm.chart()).isYAxisLogarithmic());
        assertEquals(List.of("gemm/sgemm [size=256]", "gemm/sgemm [size=1024]"),
                ((CategoryChart) gemm.chart()).getSeriesMap().get("simd").getXData().stream().map(Object::toString)
                        .toList(), "a bar's label names only what tells it from the others");
        assertTrue(gemm.caption().contains("every one at dtype=f32, threads=1"), "the caption names the rest: "
                + gemm.caption());

        // ONNX Runtime's model rows: gpt2-decode at 1.08 ms must not stand on an axis that starts at 1 ms
        ResultFile models = committed("vm-2core-cross-backend", id -> id.startsWith("onnxruntime/model/"));
        CategoryChart model = (CategoryChart) bars(models, "model").chart();
        double shortest = model.getSeriesMap().values().stream().flatMap(s -> s.getYData().stream())
                .mapToDouble(Number::doubleValue).min().orElseThrow();
        assertTrue(styler(model).isYAxisLogarithmic());
        assertTrue(Math.log10(shortest / styler(model).getYAxisMin()) >= 0.5,
                "the shortest bar rises half a decade or more: " + shortest + " from " + styler(model).getYAxisMin());
    }

    @Test
    void groupBarsOfShapesWithinFourfoldStayOnALinearAxisFromZero() {
        // gpt2-decode at ctx 128 and 1024 of the committed cross-backend run: 1.3x apart
        ResultFile gpt2 = committed("vm-2core-cross-backend", id -> id.startsWith("cpu-simd/model/gpt2-decode["));
        assertEquals(4, gpt2.results().size(), "simd and numpy at two contexts");
        NamedChart c = bars(gpt2, "cpu-simd / model");
        CategoryChart chart = (CategoryChart) c.chart();
        assertFalse(styler(chart).isYAxisLogarithmic(), c.caption());
        assertEquals(0.0, styler(chart).getYAxisMin());
        assertFalse(chart.getYAxisTitle().contains("log"));
        assertFalse(c.caption().contains("logarithmic"), c.caption());
        // one shape: nothing to differ from
        ResultFile softmax = committed("vm-2core-cross-backend", id -> id.startsWith("cpu-simd/softmax/rows["));
        assertFalse(styler(bars(softmax, "cpu-simd / softmax").chart()).isYAxisLogarithmic());
    }

    @Test
    void scalingAxesSayTheirScale() {
        for (NamedChart c : section(BenchCharts.forResults(run()), "scaling")) {
            XYChart chart = (XYChart) c.chart();
            boolean log = styler(chart).isYAxisLogarithmic();
            assertEquals(log, chart.getYAxisTitle().endsWith("(log scale)"), c.title());
            assertEquals(log, c.caption().contains("both axes logarithmic"), c.caption());
            assertTrue(chart.getXAxisTitle().endsWith("(log scale)"));
        }
    }

    @Test
    void machineRowsAreBandwidthAndFlopsAndDrawTheRoofline() {
        BenchCharts.Plan plan = BenchCharts.forResults(run());
        assertTrue(section(plan, "groups").stream().noneMatch(c -> c.title().contains("machine")),
                "the machine's ceilings are not times among the workloads");
        List<NamedChart> machine = section(plan, "machine");
        assertEquals(List.of("GB/s", "GFLOP/s"), machine.stream().map(c -> ((CategoryChart) c.chart()).getYAxisTitle())
                .toList());
        double gbs = ((CategoryChart) machine.getFirst().chart()).getSeriesMap().values().iterator().next()
                .getYData().iterator().next().doubleValue();
        BenchResult stream = run().results().stream().filter(r -> r.workload().equals("machine/stream")).findFirst()
                .orElseThrow();
        assertEquals((48L << 20) / stream.stats().median(), gbs, 1e-9, "bytes per ns of the median is GB/s");
        NamedChart roofline = section(plan, "roofline").getFirst();
        XYChart chart = (XYChart) roofline.chart();
        assertTrue(styler(chart).isXAxisLogarithmic() && styler(chart).isYAxisLogarithmic());
        assertTrue(chart.getSeriesMap().keySet().stream().anyMatch(k -> k.startsWith("memory roof")));
        assertTrue(chart.getSeriesMap().keySet().stream().anyMatch(k -> k.startsWith("compute roof 16.0 GFLOP/s")),
                chart.getSeriesMap().keySet().toString());
        assertTrue(roofline.caption().contains("ridge at"), roofline.caption());
        assertTrue(section(BenchCharts.forResults(new ResultFile(null, null, null,
                List.of(ok("jvm/call/a", 1, 0, 0, 0))))
                , "roofline").isEmpty(), "no machine rows, no roofline");
    }

    private static Change change(String id, Verdict v, double ratio, double low, double high, double p) {
        return new Change(ResultId.parse(id), v, "ns/op", false, 0.05, 1.0, ratio, ratio, ratio - 1, low, high, 0.99,
                p, 5, 5, 0.01, 0.01, null);
    }

    @Test
    void comparisonColoursRegressionsAndFitsItsRange() {
        Comparison cmp = new Comparison(Comparison.SCHEMA, null, new Comparison.Side("a", null, null, null, null),
                new Comparison.Side("b", null, null, null, null), CompareSettings.DEFAULT,
                new Comparison.Environment(true, List.of()), null, List.of(), null, null, null, null);
        ComparisonTable t = ComparisonTable.of(cmp.withChanges(List.of(
                change("x/slow", Verdict.regressed, 1.3, 1.25, 1.35, 0.0001),
                change("x/fast", Verdict.improved, 0.8, 0.78, 0.82, 0.0001),
                change("x/same", Verdict.unchanged, 1.0, 0.98, 1.02, 0.8)), null));
        NamedChart c = BenchCharts.forComparison(t).charts().getFirst();
        CategoryChart chart = (CategoryChart) c.chart();
        assertEquals(ComparisonChart.REGRESSED, chart.getSeriesMap().get("regressed").getMarkerColor());
        assertEquals(ComparisonChart.IMPROVED, chart.getSeriesMap().get("improved").getMarkerColor());
        assertTrue(styler(chart).getYAxisMin() > 0.7 && styler(chart).getYAxisMax() < 1.45, "fits 0.78..1.35");
        assertTrue(c.caption().contains("threshold band 0.95x to 1.05x (+/-5.0%)"), c.caption());
    }
}
