package dev.panbench.reports.exports;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.panbench.harness.io.Json;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.EnvironmentInfo;
import dev.panbench.harness.model.Mode;
import dev.panbench.harness.model.ResultFile;
import dev.panbench.harness.model.RunConfig;
import dev.panbench.reports.format.ReportFile;
import dev.panbench.reports.format.ResultsFormat;
import dev.panbench.reports.view.ResultsView;
import org.openjdk.jmh.util.ListStatistics;
import org.openjdk.jmh.util.Version;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code jmh-result.json}: a run as JMH's own {@code -rf json} writes it, for the tools that read JMH results
 * (github-action-benchmark {@code tool: jmh}, Bencher's {@code java_jmh} adapter, jmh-visualizer). Each ok result is
 * one entry whose {@code benchmark} is its result id ({@code cpu-simd/binary/add[size=1024,impl=simd]}): distinct per
 * row, because Bencher keys rows by that name alone (with one shared name it keeps only the last row), and read back
 * by {@code panbench import --from jmh} as the same id. The entry has no {@code params}, since the name holds them
 * (github-action-benchmark would append them a second time). {@code rawData} holds the samples per fork, and score,
 * error, interval and percentiles are computed by JMH's own {@code ListStatistics} at JMH's 99.9% level.
 * With two samples or fewer that interval is undefined and JMH writes the string {@code "NaN"}, which Bencher
 * refuses for the whole file; this export writes the samples' range {@code [min, max]} as the interval and half its
 * width as the error instead (0 for a single sample), always finite.
 * A results format only: a comparison is not a run, and JMH's format has no place for two sides and a verdict.
 */
public final class JmhJsonReport implements ResultsFormat {

    private static final double[] PERCENTILES = {0, 50, 90, 95, 99, 99.9, 99.99, 99.999, 99.9999, 100};

    @Override
    public String name() {
        return "jmh";
    }

    @Override
    public String summary() {
        return "JMH JSON";
    }

    @Override
    public List<ReportFile> render(ResultsView view) {
        ResultFile file = view.file();
        List<Map<String, Object>> out = new ArrayList<>();
        for (BenchResult r : file.results()) {
            if (r.ok() && !r.samples().isEmpty()) {
                out.add(entry(file, r));
            }
        }
        return List.of(ReportFile.text("jmh-result.json", json(out)));
    }

    private static Map<String, Object> entry(ResultFile file, BenchResult r) {
        RunConfig c = file.config();
        List<List<Double>> forks = r.forks();
        EnvironmentInfo.Jvm jvm = file.environment() == null ? null : file.environment().jvm();
        Map<String, Object> e = new LinkedHashMap<>();
        e.put("jmhVersion", Version.getPlainVersion());
        e.put("benchmark", r.id().toString());
        e.put("mode", r.mode() == null ? Mode.AVERAGE_TIME.label() : r.mode());
        e.put("threads", 1);
        e.put("forks", forks.size());
        e.put("jvm", "java");
        e.put("jvmArgs", jvm == null || jvm.flags() == null ? List.of() : jvm.flags());
        e.put("jdkVersion", jvm == null || jvm.version() == null ? "" : jvm.version());
        e.put("vmName", jvm == null || jvm.vendor() == null ? "" : jvm.vendor());
        e.put("vmVersion", jvm == null || jvm.version() == null ? "" : jvm.version());
        e.put("warmupIterations", c == null ? 0 : c.warmupIterations());
        e.put("warmupTime", c == null ? "" : jmhTime(c.warmupTime()));
        e.put("warmupBatchSize", 1);
        e.put("measurementIterations", forks.getFirst().size());
        e.put("measurementTime", c == null ? "" : jmhTime(c.measurementTime()));
        e.put("measurementBatchSize", 1);
        if (r.group() != null) {
            e.put("panbench", Map.of("group", r.group()));
        }
        e.put("primaryMetric", primary(r, forks));
        Map<String, Object> secondary = new LinkedHashMap<>();
        if (r.allocBytesPerOp() != null) {
            secondary.put("·gc.alloc.rate.norm", metric(List.of(List.of(r.allocBytesPerOp())), "B/op"));
        }
        e.put("secondaryMetrics", secondary);
        return e;
    }

    private static Map<String, Object> primary(BenchResult r, List<List<Double>> forks) {
        return metric(forks, r.unit());
    }

    private static Map<String, Object> metric(List<List<Double>> forks, String unit) {
        ListStatistics s = new ListStatistics();
        forks.forEach(f -> f.forEach(s::addValue));
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("score", s.getMean());
        double[] ci = s.getN() > 2 ? s.getConfidenceIntervalAt(0.999) : new double[]{s.getMin(), s.getMax()};
        double error = s.getN() > 2 ? s.getMeanErrorAt(0.999) : (s.getMax() - s.getMin()) / 2;
        m.put("scoreError", finite(error));
        m.put("scoreConfidence", List.of(finite(ci[0]), finite(ci[1])));
        Map<String, Object> pct = new LinkedHashMap<>();
        for (double p : PERCENTILES) {
            pct.put(p == (long) p ? String.format("%.1f", p) : Double.toString(p), s.getPercentile(p));
        }
        m.put("scorePercentiles", pct);
        m.put("scoreUnit", unit);
        m.put("rawData", forks);
        return m;
    }

    /**
     * A sample that is not finite (an infinite score) would otherwise reach a reader as JMH's string {@code "NaN"},
     * which Bencher refuses; 0 keeps the field a number.
     */
    private static double finite(double v) {
        return Double.isFinite(v) ? v : 0;
    }

    /** panbench's {@code 100ms} as JMH writes it: {@code 100 ms}. */
    static String jmhTime(String t) {
        if (t == null) {
            return "";
        }
        return t.replaceAll("^(\\d+(?:\\.\\d+)?)\\s*([a-z]+)$", "$1 $2");
    }

    private static String json(Object value) {
        try {
            return Json.MAPPER.writeValueAsString(value) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise JMH results", e);
        }
    }
}
