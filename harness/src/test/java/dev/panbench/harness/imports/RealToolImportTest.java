package dev.panbench.harness.imports;

import dev.panbench.harness.channel.JvmFlags;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.ResultFile;
import dev.panbench.harness.model.SampleStats;
import dev.panbench.harness.run.link.WorkloadBenchmark;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Each importer on output its real tool wrote during the test: JMH (panbench's own benchmark, two forks),
 * pytest-benchmark from the project's .venv, a Google Benchmark program compiled against Debian's libbenchmark-dev,
 * and hyperfine; criterion's on files it wrote (see src/test/resources/imports/criterion/README.md).
 */
class RealToolImportTest {

    private static Map<String, BenchResult> byId(ResultFile f) {
        return f.results().stream().collect(Collectors.toMap(r -> r.id().toString(), Function.identity()));
    }

    private static ResultFile importAs(ForeignFormat format, Path... files) {
        return Imports.importFiles(List.of(files), format, NameMap.NONE, null, "test").results();
    }

    @Test
    void jmhJsonKeepsEveryForkUnderPanbenchsOwnId(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("jmh.json");
        new Runner(new OptionsBuilder().include(WorkloadBenchmark.class.getName())
                .param("id", "faulty/fault/ok[size=8]").forks(2).warmupIterations(1)
                .warmupTime(TimeValue.milliseconds(50)).measurementIterations(3)
                .measurementTime(TimeValue.milliseconds(50)).timeUnit(TimeUnit.NANOSECONDS)
                .mode(org.openjdk.jmh.annotations.Mode.AverageTime).addProfiler(GCProfiler.class)
                .jvmArgsAppend(JvmFlags.all().toArray(String[]::new))
                .resultFormat(ResultFormatType.JSON).result(json.toString())
                .output(dir.resolve("jmh.log").toString()).build()).run();

        assertEquals(ForeignFormat.JMH, Imports.readAny(json).detected(), "recognised by content");
        ResultFile f = importAs(ForeignFormat.JMH, json);
        BenchResult r = byId(f).get("faulty/fault/ok[size=8]");
        assertNotNull(r, "panbench's own benchmark comes back under its result id: " + byId(f).keySet());
        assertEquals("fault/ok", r.workload());
        assertEquals(Map.of("size", "8"), r.params());
        assertEquals("ns/op", r.unit());
        assertEquals("avgt", r.mode());
        assertEquals(6, r.samples().size(), "2 forks x 3 iterations");
        List<List<Double>> forks = r.forks();
        assertEquals(2, forks.size());
        assertEquals(3, forks.get(1).size());
        assertEquals(r.samples().subList(3, 6), forks.get(1), "fork 2's iterations in order");
        assertNotNull(r.allocBytesPerOp(), "gc.alloc.rate.norm kept");
        assertEquals(2, f.config().forks());
        assertEquals("50ms", f.config().measurementTime());
        assertTrue(f.environment().jvm().version().startsWith("25"), f.environment().jvm().version());
    }

    @Test
    void pytestBenchmarkJsonKeepsEveryRound(@TempDir Path dir) throws Exception {
        Path python = Tools.venvPython();
        assumeTrue(Files.isExecutable(python), "no .venv: run scripts/setup.sh");
        Files.writeString(dir.resolve("test_sum.py"), """
                import pytest

                @pytest.mark.parametrize("n", [10, 1000])
                def test_sum(benchmark, n):
                    benchmark.extra_info["kind"] = "builtin"
                    assert benchmark(sum, range(n)) == n * (n - 1) // 2
                """);
        Tools.run(dir, python.toString(), "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_sum.py",
                "--benchmark-json=out.json", "--benchmark-min-rounds=7", "--benchmark-max-time=0.05");
        Path json = dir.resolve("out.json");
        assertEquals(ForeignFormat.PYTEST_BENCHMARK, Imports.readAny(json).detected());

        var raw = dev.panbench.harness.io.ResultFiles.readJson(json);
        ResultFile f = importAs(ForeignFormat.PYTEST_BENCHMARK, json);
        BenchResult r = byId(f).get("pytest-benchmark/test_sum.py::test_sum[n=1000]");
        assertNotNull(r, byId(f).keySet().toString());
        var rawBench = raw.get("benchmarks").get(1);
        assertEquals(rawBench.get("stats").get("data").size(), r.samples().size(), "every round kept");
        double theirMedianSeconds = rawBench.get("stats").get("median").asDouble();
        double oursSeconds = r.stats().median() / ImportedResults.perSecond(r.unit());
        assertEquals(theirMedianSeconds, oursSeconds, theirMedianSeconds * 1e-9, "same median, in " + r.unit());
        assertEquals(Map.of("kind", "builtin"), r.extra().get("extraInfo"));
        assertNotNull(f.environment().hostname());
        assertNotNull(f.run().git());
    }

    @Test
    void googleBenchmarkJsonKeepsRepetitionsAndSkipsAggregates(@TempDir Path dir) throws Exception {
        assumeTrue(Files.exists(Path.of("/usr/include/benchmark/benchmark.h")),
                "Debian's libbenchmark-dev is missing: run scripts/setup.sh");
        Files.writeString(dir.resolve("bm.cc"), """
                #include <benchmark/benchmark.h>
                #include <numeric>
                #include <vector>
                static void BM_Sum(benchmark::State& s) {
                  std::vector<float> v(s.range(0), 1.0f);
                  for (auto _ : s) { float r = std::accumulate(v.begin(), v.end(), 0.0f); benchmark::DoNotOptimize(r); }
                  s.SetItemsProcessed(s.iterations() * s.range(0));
                }
                BENCHMARK(BM_Sum)->ArgName("size")->Arg(256)->Arg(4096);
                BENCHMARK_MAIN();
                """);
        Tools.run(dir, "g++", "-O2", "bm.cc", "-o", "bm", "-lbenchmark", "-lpthread");
        Tools.run(dir, "./bm", "--benchmark_repetitions=4", "--benchmark_min_time=0.005",
                "--benchmark_out=out.json", "--benchmark_out_format=json");
        Path json = dir.resolve("out.json");
        assertEquals(ForeignFormat.GOOGLE_BENCHMARK, Imports.readAny(json).detected());
        ResultFile f = importAs(ForeignFormat.GOOGLE_BENCHMARK, json);
        assertEquals(2, f.results().size(), "aggregates (mean, median, stddev, cv) are not results");
        BenchResult r = byId(f).get("google-benchmark/BM_Sum[size=4096]");
        assertNotNull(r, byId(f).keySet().toString());
        assertEquals(4, r.samples().size(), "one sample per repetition");
        assertTrue(r.unit().equals("ns/op"), r.unit());
        var raw = dev.panbench.harness.io.ResultFiles.readJson(json).get("benchmarks");
        double gbMedian = Double.NaN;
        for (var row : raw) {
            if ("BM_Sum/size:4096_median".equals(row.path("name").asText())) {
                gbMedian = row.get("real_time").asDouble();
            }
        }
        assertEquals(gbMedian, r.stats().median(), gbMedian * 1e-9, "Google Benchmark's own median");
        assertTrue(((Map<?, ?>) r.extra().get("counters")).containsKey("items_per_second"));
        assertEquals(Runtime.getRuntime().availableProcessors() > 0, f.environment().cpu().cores() > 0);
    }

    @Test
    void hyperfineJsonKeepsEveryRunAndItsParameters(@TempDir Path dir) throws Exception {
        assumeTrue(Tools.onPath("hyperfine"), "hyperfine is missing: run scripts/setup.sh");
        Tools.run(dir, "hyperfine", "-N", "--runs", "4", "--warmup", "1", "--parameter-list", "n", "1,2",
                "sleep 0.00{n}", "--export-json", "out.json");
        Path json = dir.resolve("out.json");
        assertEquals(ForeignFormat.HYPERFINE, Imports.readAny(json).detected());
        ResultFile f = importAs(ForeignFormat.HYPERFINE, json);
        BenchResult r = byId(f).get("hyperfine/sleep 0.002[n=2]");
        assertNotNull(r, byId(f).keySet().toString());
        assertEquals(4, r.samples().size());
        assertEquals("ms/op", r.unit());
        assertEquals("ss", r.mode());
        assertTrue(r.stats().median() >= 2.0, "a 2 ms sleep takes at least 2 ms: " + r.stats().median());
        assertEquals(List.of(0, 0, 0, 0), r.extra().get("exitCodes"));
    }

    @Test
    void criterionTreeKeepsEverySampleAsTimePerIteration() {
        Path tree = Path.of("src/test/resources/imports/criterion");
        assertEquals(ForeignFormat.CRITERION, Imports.readAny(tree).detected());
        ResultFile f = importAs(ForeignFormat.CRITERION, tree);
        assertEquals(List.of("criterion/array_sum[input=1024]", "criterion/array_sum[input=65536]", "criterion/nop"),
                f.results().stream().map(x -> x.id().toString()).toList());
        BenchResult r = byId(f).get("criterion/array_sum[input=1024]");
        assertEquals(10, r.samples().size());
        // sample.json: iters[0] = 13518, times[0] = 10978669 ns
        assertEquals(10978669.0 / 13518.0, r.samples().getFirst(), 1e-9);
        @SuppressWarnings("unchecked")
        var est = (Map<String, Map<String, Object>>) r.extra().get("criterionEstimates");
        double theirMedian = ((Number) est.get("median").get("point_estimate")).doubleValue();
        assertEquals(theirMedian, SampleStats.of(r.samples()).median(), theirMedian * 0.05,
                "criterion's median estimate and the median of the imported samples agree");
    }
}
