package dev.panbench.reports.exports;

import com.fasterxml.jackson.databind.JsonNode;
import dev.panbench.harness.imports.ForeignFormat;
import dev.panbench.harness.imports.Imports;
import dev.panbench.harness.imports.NameMap;
import dev.panbench.harness.io.Json;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.ResultFile;
import dev.panbench.harness.model.ResultId;
import dev.panbench.harness.model.RunConfig;
import dev.panbench.harness.model.RunInfo;
import dev.panbench.harness.model.SampleStats;
import dev.panbench.reports.bencher.BencherMetricFormat;
import dev.panbench.reports.view.ReportOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** JMH JSON and Bencher Metric Format exports: what their readers use is there, and JMH JSON imports back. */
class ExportsTest {

    private static BenchResult result(String id, String unit, List<List<Double>> forks) {
        return BenchResult.measured(ResultId.parse(id), "g", unit, unit.startsWith("ops/") ? "thrpt" : "avgt", forks,
                16.0, null);
    }

    private static List<Double> series(double base, int n, double step) {
        return IntStream.range(0, n).mapToObj(i -> base + step * ((i * 7) % n)).toList();
    }

    private static ResultFile run() {
        List<BenchResult> rs = new ArrayList<>();
        rs.add(result("cpu-simd/binary/add[size=1024,dtype=f32,impl=simd]", "ns/op",
                List.of(series(160, 5, 1.5), series(171, 5, 0.7))));
        rs.add(result("jvm/call/nop", "ns/op", List.of(series(0.55, 8, 0.01))));
        rs.add(result("jvm/array/sum[size=65536]", "ops/s", List.of(series(2.9e4, 6, 120))));
        rs.add(result("cpu-simd/binary/add[size=65536,dtype=f32,impl=simd]", "ns/op", List.of(List.of(900.0, 910.0))));
        rs.add(result("gpu-cuda/gemm/sgemm[size=64,impl=cublas]", "us/op", List.of(List.of(12.5))));
        rs.add(BenchResult.notMeasured(ResultId.parse("tvm-ffi/call/nop"), "call", "avgt", BenchResult.Status.failed,
                "fork exited with signal 11", null));
        return new ResultFile(new RunInfo("r1", "2026-01-01T00:00:00Z", null, "panbench run", null, null), null,
                new RunConfig(2, 3, "1s", 5, "100ms", "avgt"), rs);
    }

    @Test
    void jmhJsonReadBackByImportGivesTheSameMediansIdsAndForks(@TempDir Path dir) throws Exception {
        ResultFile run = run();
        Path file = dir.resolve("jmh-result.json");
        Files.write(file, new JmhJsonReport().render(run, ReportOptions.DEFAULT).getFirst().content());

        assertEquals(ForeignFormat.JMH, Imports.readAny(file).detected());
        ResultFile back = Imports.importFiles(List.of(file), ForeignFormat.JMH, NameMap.NONE, null, "t").results();
        List<BenchResult> ok = run.results().stream().filter(BenchResult::ok).toList();
        assertEquals(ok.size(), back.results().size(), "failed results are not exported");
        for (int i = 0; i < ok.size(); i++) {
            BenchResult a = ok.get(i);
            BenchResult b = back.results().get(i);
            assertEquals(a.id(), b.id());
            assertEquals(a.params(), b.params());
            assertEquals(a.stats().median(), b.stats().median(), 0.0, a.id().toString());
            assertEquals(a.forks(), b.forks(), a.id().toString());
            assertEquals(a.unit(), b.unit());
            assertEquals(a.mode(), b.mode());
            assertEquals(a.allocBytesPerOp(), b.allocBytesPerOp());
            assertEquals(a.group(), b.group());
        }
        assertEquals(2, back.results().getFirst().forks().size(), "samples per fork survive");
        assertEquals("100ms", back.config().measurementTime());
    }

    /**
     * The fields github-action-benchmark's {@code extractJmhResult} (benchmark, params, primaryMetric.score,
     * scoreError, scoreUnit, measurementIterations, forks, threads), Bencher's {@code java_jmh} adapter (benchmark,
     * params, mode, primaryMetric.score, scoreError, scoreConfidence, scoreUnit) and jmh-visualizer (those, plus
     * scorePercentiles, rawData, secondaryMetrics) read, with the types they parse.
     */
    @Test
    void jmhJsonHasWhatItsReadersRead() throws Exception {
        JsonNode root = Json.MAPPER.readTree(new JmhJsonReport().render(run(), ReportOptions.DEFAULT).getFirst().asText());
        assertTrue(root.isArray());
        for (JsonNode b : root) {
            assertTrue(b.get("benchmark").isTextual());
            assertTrue(b.get("mode").asText().matches("avgt|thrpt|sample|ss"));
            for (String k : List.of("threads", "forks", "measurementIterations", "warmupIterations")) {
                assertTrue(b.get(k).isInt(), k);
            }
            assertTrue(b.get("params") == null, "the name holds the params; github-action-benchmark would repeat them");
            JsonNode pm = b.get("primaryMetric");
            assertTrue(pm.get("score").isNumber() && pm.get("scoreError").isNumber(), pm.toString());
            assertEquals(2, pm.get("scoreConfidence").size());
            assertTrue(pm.get("scoreConfidence").get(0).asDouble() <= pm.get("score").asDouble());
            assertEquals(10, pm.get("scorePercentiles").size());
            assertTrue(pm.get("scorePercentiles").has("50.0") && pm.get("scorePercentiles").has("99.9999"));
            assertTrue(pm.get("scoreUnit").asText().matches("(ns|us|ms|s)/op|ops/(s|ms|us|ns)"));
            assertEquals(b.get("forks").asInt(), pm.get("rawData").size());
            assertTrue(b.get("secondaryMetrics").has("·gc.alloc.rate.norm"));
        }
        assertEquals("1 s", root.get(0).get("warmupTime").asText(), "JMH's own spelling of times");
    }

    /**
     * Bencher's {@code java_jmh} adapter keys rows by {@code benchmark} alone (a shared name keeps only the last row)
     * and refuses the whole file when a score field is the string "NaN", as JMH writes for two samples or fewer.
     */
    @Test
    void jmhJsonNamesEveryRowByItsIdAndWritesNoNaN() throws Exception {
        String text = new JmhJsonReport().render(run(), ReportOptions.DEFAULT).getFirst().asText();
        JsonNode root = Json.MAPPER.readTree(text);
        List<String> names = new ArrayList<>();
        root.forEach(b -> names.add(b.get("benchmark").asText()));
        assertEquals(List.of("cpu-simd/binary/add[size=1024,dtype=f32,impl=simd]", "jvm/call/nop",
                "jvm/array/sum[size=65536]", "cpu-simd/binary/add[size=65536,dtype=f32,impl=simd]",
                "gpu-cuda/gemm/sgemm[size=64,impl=cublas]"), names);
        assertTrue(!text.contains("NaN"), text);
        JsonNode two = root.get(3).get("primaryMetric");
        assertEquals(905.0, two.get("score").asDouble(), 1e-9);
        assertEquals(5.0, two.get("scoreError").asDouble(), 1e-9, "half the range of two samples");
        assertEquals(List.of(900.0, 910.0), List.of(two.get("scoreConfidence").get(0).asDouble(),
                two.get("scoreConfidence").get(1).asDouble()));
        JsonNode one = root.get(4).get("primaryMetric");
        assertEquals(0.0, one.get("scoreError").asDouble());
        assertEquals(12.5, one.get("scoreConfidence").get(1).asDouble());
    }

    /** Files written before the rows were named by their ids (one benchmark, the id in params.id) still import. */
    @Test
    void jmhImportStillReadsTheIdFromParams(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("old.json");
        Files.writeString(file, """
                [{"benchmark":"dev.panbench.harness.run.WorkloadBenchmark.run","mode":"avgt","forks":1,
                  "params":{"id":"jvm/array/sum[size=64]"},
                  "primaryMetric":{"score":2.0,"scoreError":"NaN","scoreConfidence":["NaN","NaN"],
                                   "scoreUnit":"ns/op","rawData":[[2.0]]},"secondaryMetrics":{}}]
                """);
        ResultFile back = Imports.importFiles(List.of(file), ForeignFormat.JMH, NameMap.NONE, null, "t").results();
        assertEquals("jvm/array/sum[size=64]", back.results().getFirst().id().toString());
    }

    @Test
    void bmfBoundsAreTheMediansIntervalInNanoseconds() throws Exception {
        JsonNode root = Json.MAPPER.readTree(new BencherMetricFormat().render(run(), ReportOptions.DEFAULT)
                .getFirst().asText());
        assertEquals(5, root.size(), "one entry per ok result");
        JsonNode add = root.get("cpu-simd/binary/add[size=1024,dtype=f32,impl=simd]").get("latency");
        double median = SampleStats.of(run().results().getFirst().samples()).median();
        assertEquals(median, add.get("value").asDouble(), 1e-9);
        assertTrue(add.get("lower_value").asDouble() < median && median < add.get("upper_value").asDouble(), add.toString());
        JsonNode sum = root.get("jvm/array/sum[size=65536]");
        assertTrue(sum.get("throughput").get("value").asDouble() > 2.9e4, "ops/s kept as throughput");
        double latency = sum.get("latency").get("value").asDouble();
        assertEquals(1e9 / sum.get("throughput").get("value").asDouble(), latency, latency * 1e-12);
        assertTrue(sum.get("latency").get("lower_value").asDouble() <= latency);
    }

    @Test
    void medianIntervalUsesTheBinomialRanks() {
        double[] thirty = IntStream.rangeClosed(1, 30).asDoubleStream().toArray();
        assertArrayEquals(new double[]{8, 23}, BencherMetricFormat.medianInterval(thirty, 0.99));
        double[] hundred = IntStream.rangeClosed(1, 100).asDoubleStream().toArray();
        assertArrayEquals(new double[]{37, 64}, BencherMetricFormat.medianInterval(hundred, 0.99));
        assertArrayEquals(new double[]{1, 5}, BencherMetricFormat.medianInterval(new double[]{1, 2, 3, 4, 5}, 0.99),
                "too few samples for 99%: the whole range");
    }
}
