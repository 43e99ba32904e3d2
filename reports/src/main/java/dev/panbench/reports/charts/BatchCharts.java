package dev.panbench.reports.charts;

import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.spi.Role;
import dev.panbench.reports.view.Grouping;
import dev.panbench.reports.view.Roles;
import dev.panbench.reports.crossbackend.CatalogColumns;
import org.knowm.xchart.XYChart;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Batch scaling of catalog workloads with a {@code batch} shape parameter ({@code model/bert-layer}): throughput
 * (batch items per second: batch / median time) against batch, one line per backend as the cross-backend table
 * labels it, and, where the results record it, peak memory against batch. Axes as {@link ScalingCharts} draws them.
 */
final class BatchCharts {

    static final String BATCH = "batch";

    private BatchCharts() {
    }

    static void add(List<BenchResult> ok, List<NamedChart> charts, Map<String, Integer> omitted, Set<String> slugs) {
        Function<BenchResult, String> column = CatalogColumns.forResults(ok);
        Map<String, Map<String, TreeMap<Double, BenchResult>>> byWorkload = new LinkedHashMap<>();
        for (BenchResult r : ok) {
            Role role = Roles.of(r);
            if (role == null || role.catalog() == null || !isBatch(role.shape().get(BATCH))) {
                continue;
            }
            Map<String, String> rest = new LinkedHashMap<>(role.shape());
            rest.remove(BATCH);
            String key = role.catalog() + (rest.isEmpty() ? "" : " " + rest.toString().replace("{", "[")
                    .replace("}", "]"));
            byWorkload.computeIfAbsent(key, k -> new LinkedHashMap<>())
                    .computeIfAbsent(column.apply(r), k -> new TreeMap<>())
                    .putIfAbsent(Double.parseDouble(role.shape().get(BATCH)), r);
        }
        byWorkload.values().removeIf(m -> m.values().stream().allMatch(t -> t.size() < 2));
        int made = 0;
        for (var e : byWorkload.entrySet()) {
            if (made == ScalingCharts.MAX_SCALING) {
                omitted.merge("batch scaling", byWorkload.size() - made, Integer::sum);
                break;
            }
            String slug = ChartNames.slug("batch-" + e.getKey(), slugs);
            XYChart rate = chart(e.getKey(), e.getValue(), "items/s",
                    (batch, r) -> batch * 1e9 / Grouping.medianNanos(r));
            charts.add(new NamedChart("batch", slug, e.getKey() + " (throughput against batch)",
                    "Batch items per second (batch / median time per operation) against batch, one line per backend; "
                            + scales(rate) + "; higher is better.", rate));
            XYChart memory = chart(e.getKey(), e.getValue(), "MiB peak memory", (batch, r) -> {
                Double m = Grouping.peakMemoryBytes(r);
                return m == null ? Double.NaN : m / (1024 * 1024);
            });
            if (!memory.getSeriesMap().isEmpty()) {
                charts.add(new NamedChart("batch", slug + "-memory", e.getKey() + " (peak memory against batch)",
                        "Peak resident memory of the measuring process against batch, one line per backend; "
                                + scales(memory) + "; lower is better.", memory));
            }
            made++;
        }
    }

    private static boolean isBatch(String v) {
        try {
            return v != null && Double.parseDouble(v) > 0;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private interface Value {
        double of(double batch, BenchResult r);
    }

    private static XYChart chart(String title, Map<String, TreeMap<Double, BenchResult>> series, String yName,
                                 Value value) {
        // the chart is about 600 px wide: a longer title is clipped at both ends; the caption below names it whole
        XYChart chart = ScalingCharts.xy(ChartStyle.shorten(title, 44) + ": " + yName, BATCH, yName);
        List<String> names = ChartNames.unique(series.keySet().stream().map(s -> ChartStyle.shorten(s, 30)).toList());
        int i = 0;
        for (TreeMap<Double, BenchResult> t : series.values()) {
            String name = names.get(i++);
            List<Double> xs = new ArrayList<>();
            List<Double> ys = new ArrayList<>();
            t.forEach((batch, r) -> {
                double v = value.of(batch, r);
                if (v > 0 && !Double.isInfinite(v)) {
                    xs.add(batch);
                    ys.add(v);
                }
            });
            if (!xs.isEmpty()) {
                ScalingCharts.marked(chart.addSeries(name, xs, ys));
            }
        }
        if (!chart.getSeriesMap().isEmpty()) {
            ScalingCharts.fitRange(chart);
        }
        return chart;
    }

    private static String scales(XYChart chart) {
        return chart.getStyler().isYAxisLogarithmic() ? "both axes logarithmic" : "logarithmic batch, linear values";
    }
}
