package dev.panbench.reports.bencher;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.panbench.harness.io.Json;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.reports.format.ReportFile;
import dev.panbench.reports.format.ResultsFormat;
import dev.panbench.reports.view.ResultsView;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code bmf.json}: Bencher Metric Format, what {@code bencher run --adapter json} reads: an object from benchmark
 * name to measures, each {@code {value, lower_value, upper_value}}. {@code latency} is the median in nanoseconds
 * with the distribution-free 99% confidence interval of the median (order statistics of the samples) as its bounds;
 * {@code throughput} (operations per second) is written for results measured in a throughput unit, bounded the
 * same way. A results format only: Bencher tracks runs, and the current side of a comparison is a run's report.
 */
public final class BencherMetricFormat implements ResultsFormat {

    @Override
    public String name() {
        return "bmf";
    }

    @Override
    public String summary() {
        return "Bencher Metric Format";
    }

    @Override
    public List<ReportFile> render(ResultsView view) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (ResultsView.Row row : view.rows()) {
            BenchResult r = row.result();
            if (!r.ok() || r.samples().isEmpty()) {
                continue;
            }
            double toNanos = row.secondsPerUnit() * 1e9;
            if (Double.isNaN(toNanos)) {
                continue;
            }
            double[] v = r.samples().stream().mapToDouble(Double::doubleValue).sorted().toArray();
            double[] bounds = medianInterval(v, 0.99);
            Map<String, Object> measures = new LinkedHashMap<>();
            if (row.higherIsBetter()) {
                double perSecond = 1 / row.secondsPerUnit();
                measures.put("throughput", measure(r.stats().median() * perSecond, bounds[0] * perSecond,
                        bounds[1] * perSecond));
                measures.put("latency", measure(1e9 / (r.stats().median() * perSecond),
                        1e9 / (bounds[1] * perSecond), 1e9 / (bounds[0] * perSecond)));
            } else {
                measures.put("latency", measure(r.stats().median() * toNanos, bounds[0] * toNanos,
                        bounds[1] * toNanos));
            }
            out.put(r.id().toString(), measures);
        }
        return List.of(ReportFile.text("bmf.json", json(out)));
    }

    private static Map<String, Object> measure(double value, double lower, double upper) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("value", value);
        m.put("lower_value", lower);
        m.put("upper_value", upper);
        return m;
    }

    /**
     * The distribution-free interval of the median: ranks k and n+1-k of the sorted samples, k the largest with
     * P(Binomial(n, 1/2) < k) <= (1 - level)/2. With too few samples for that level it is [min, max].
     */
    public static double[] medianInterval(double[] sorted, double level) {
        int n = sorted.length;
        double tail = (1 - level) / 2;
        int k = 0;
        double cumulative = 0;
        double p = Math.pow(0.5, n);
        for (int j = 0; j < n; j++) {
            double next = cumulative + p;
            if (next > tail) {
                break;
            }
            cumulative = next;
            k = j + 1;
            p = p * (n - j) / (j + 1);
        }
        int lo = Math.max(k, 1);
        return new double[]{sorted[lo - 1], sorted[n - lo]};
    }

    private static String json(Object value) {
        try {
            return Json.MAPPER.writeValueAsString(value) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise the Bencher Metric Format", e);
        }
    }
}
