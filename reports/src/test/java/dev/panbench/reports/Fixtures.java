package dev.panbench.reports;

import dev.panbench.harness.compare.Change;
import dev.panbench.harness.compare.CompareSettings;
import dev.panbench.harness.compare.Comparison;
import dev.panbench.harness.compare.Verdict;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.BenchResult.Counts;
import dev.panbench.harness.model.BenchResult.Status;
import dev.panbench.harness.model.EnvironmentInfo;
import dev.panbench.harness.model.ResultFile;
import dev.panbench.harness.model.ResultId;
import dev.panbench.harness.model.RunConfig;
import dev.panbench.harness.model.RunInfo;
import dev.panbench.harness.spi.Params;
import dev.panbench.reports.compare.ComparisonTable;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

/** Fixed inputs for report tests: a realistic run, a hostile one, a comparison, and a synthetic 10,000-result run. */
final class Fixtures {

    private Fixtures() {
    }

    /** A run of three adapters: jvm, cpu-simd (impls and machine ceilings), a failed tvm-ffi row, a skipped one. */
    static ResultFile results() {
        List<BenchResult> rs = new ArrayList<>();
        rs.add(ok("jvm", "call/empty", "call", Map.of(), samples(0.55, 0.02, 1), 0.0, null));
        for (String impl : List.of("scalar", "simd", "openblas")) {
            for (long size : List.of(1024L, 1048576L)) {
                double perElem = switch (impl) {
                    case "scalar" -> 0.9;
                    case "simd" -> 0.16;
                    default -> 0.2;
                } * (size > 100_000 ? 1.6 : 1.0);
                rs.add(ok("cpu-simd", "binary/add", "binary", params("size", size, "dtype", "f32", "impl", impl),
                        samples(perElem * size, 0.03, size + impl.length()), 0.0, new Counts(size, 12 * size, size)));
            }
        }
        for (String impl : List.of("scalar", "simd")) {
            long n = 256;
            double ns = impl.equals("scalar") ? 2.1e7 : 2.4e6;
            rs.add(ok("cpu-simd", "gemm/sgemm", "gemm", params("size", n, "dtype", "f32", "impl", impl),
                    samples(ns, 0.02, 7 + impl.length()), 48.0, new Counts(n * n, 12 * n * n, 2 * n * n * n)));
        }
        rs.add(ok("cpu-simd", "machine/stream", "machine", Map.of("kernel", "triad"),
                samples(2.4e5, 0.01, 3), 0.0, new Counts(1 << 20, 24L << 20, 2L << 20)));
        rs.add(ok("cpu-simd", "machine/peak-flops", "machine", Map.of(),
                samples(1.0e5, 0.01, 5), 0.0, new Counts(0, 0, 10_000_000L)));
        rs.add(new BenchResult(ResultId.parse("tvm-ffi/call/nop[impl=java]"), "call", "ns/op", "avgt", Status.failed,
                "fork exited with signal 11 (SIGSEGV)", null, null, null, null, null, null, null));
        rs.add(new BenchResult(ResultId.parse("jvm/array/sum[size=1024]"), "array", "ns/op", "avgt", Status.skipped,
                "filtered out by --shard 2/2", null, null, null, null, null, null, null));
        return file("20260101-120000-abcd", rs, Map.of(
                "jvm", new EnvironmentInfo.AdapterInfo(true, null, "25.0.1", null, "amd64", null),
                "cpu-simd", new EnvironmentInfo.AdapterInfo(true, null, "0.1.0", "/usr/lib/libopenblas.so.0", "AVX-512", null),
                "gpu-cuda", new EnvironmentInfo.AdapterInfo(false, "libcuda.so.1 not found (no NVIDIA driver)", null, null, null, null)));
    }

    /** Names and messages written to break every format: markup, table pipes, backticks, line breaks, quotes. */
    static ResultFile hostile() {
        String evil = "<script>alert('x')</script>|`rm -rf`|\"q\"&amp;\nnext line\r\n**bold** [link](http://x) =cmd";
        List<BenchResult> rs = new ArrayList<>();
        Map<String, String> p = new LinkedHashMap<>();
        p.put("impl", "<b>simd</b>|`x`");
        p.put("size", "64");
        rs.add(ok("evil<adapter>", "call/" + evil, "grp|`<i>`", p, samples(10, 0.02, 1), 8.0, new Counts(64, 64, 64)));
        Map<String, String> p2 = new LinkedHashMap<>(p);
        p2.put("size", "4096");
        rs.add(ok("evil<adapter>", "call/" + evil, "grp|`<i>`", p2, samples(500, 0.02, 2), 8.0, new Counts(4096, 4096, 4096)));
        rs.add(new BenchResult(new ResultId("evil<adapter>", "fail\n<img src=x onerror=alert(1)>"), "grp|`<i>`",
                "ns/op", "avgt", Status.failed, "boom </td></tr><script>alert(2)</script>\n| x | `y`\u0001",
                null, null, null, null, null, null, null));
        return file("run<script>", rs, Map.of("evil<adapter>",
                new EnvironmentInfo.AdapterInfo(false, "<script>alert(3)</script>", null, null, null, null)));
    }

    /** A comparison with one of each verdict, and an id failed, one removed and one added. */
    static ComparisonTable comparison() {
        List<Change> changes = List.of(
                change("cpu-simd/binary/add[size=1024,dtype=f32,impl=simd]", Verdict.inconclusive, 160.0, 158.0, 0.97, 1.01, 0.21, 0.05),
                change("cpu-simd/gemm/sgemm[size=256,dtype=f32,impl=simd]", Verdict.regressed, 2.4e6, 2.9e6, 1.15, 1.27, 0.00004, 0.10),
                change("jvm/call/empty", Verdict.improved, 0.55, 0.40, 0.70, 0.75, 0.0012, 0.05),
                change("jvm/array/copy[size=1024]", Verdict.unchanged, 30.0, 30.2, 1.001, 1.012, 0.43, 0.05),
                change("cpu-simd/binary/add[size=1048576,dtype=f32,impl=scalar]", Verdict.regressed, 1.5e6, 1.62e6, 1.06, 1.10, 0.0031, 0.05));
        Comparison c = new Comparison(Comparison.SCHEMA, "2026-01-01T12:10:00Z",
                new Comparison.Side("main", null, null, null, null), new Comparison.Side("pr-123", null, null, null, null),
                CompareSettings.DEFAULT, new Comparison.Environment(true, List.of()), null, List.of(),
                List.of(ResultId.parse("cpu-simd/binary/mul[size=1024,dtype=f32,impl=simd]")),
                List.of(ResultId.parse("jvm/array/sum[size=65536]")),
                List.of(new Comparison.Failed(ResultId.parse("tvm-ffi/call/nop[impl=java]"), "current", "failed",
                        "fork crashed")), null);
        return ComparisonTable.of(c.withChanges(changes, null));
    }

    /** A change of a time per operation from {@code base} to {@code current} ns with its interval and p-value. */
    static Change change(String id, Verdict verdict, double base, double current, double low, double high, double p,
                         double limit) {
        double ratio = current / base;
        return new Change(ResultId.parse(id), verdict, "ns/op", false, limit, base, current, ratio, ratio - 1, low,
                high, 0.99, p, 7, 7, 0.02, 0.02, null);
    }

    /** {@code n} results over 100 workloads, 4 impls and 25 sizes, 10 samples each: the rendering benchmark. */
    static ResultFile synthetic(int n) {
        Random rnd = new Random(42);
        List<BenchResult> rs = new ArrayList<>(n);
        String[] impls = {"scalar", "simd", "openblas", "java"};
        for (int i = 0; i < n; i++) {
            int workload = i / 100;
            String impl = impls[i % 4];
            long size = 1L << (4 + (i / 4) % 25);
            double base = size * (1 + (i % 4)) * (1 + workload % 7) * 0.1;
            List<Double> s = new ArrayList<>();
            for (int k = 0; k < 10; k++) {
                s.add(base * (1 + 0.05 * rnd.nextGaussian()));
            }
            rs.add(ok("adapter" + workload % 5, "group" + workload % 20 + "/kernel" + workload,
                    "group" + workload % 20, params("size", size, "impl", impl), s, 16.0,
                    new Counts(size, 8 * size, 2 * size)));
        }
        return file("synthetic", rs, Map.of());
    }

    static Map<String, String> params(Object... kv) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], String.valueOf(kv[i + 1]));
        }
        return m;
    }

    /** Seven samples around {@code center} with relative spread {@code spread}, the same for the same seed. */
    static List<Double> samples(double center, double spread, long seed) {
        Random rnd = new Random(seed);
        List<Double> s = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            s.add(center * (1 + spread * (rnd.nextDouble() * 2 - 1)));
        }
        return s;
    }

    static BenchResult ok(String adapter, String workload, String group, Map<String, String> params, List<Double> samples,
                          Double alloc, Counts counts) {
        return BenchResult.measured(new ResultId(adapter, workload, new Params(params)), group, "ns/op", "avgt",
                List.of(samples), alloc, counts);
    }

    static ResultFile file(String runId, List<BenchResult> rs, Map<String, EnvironmentInfo.AdapterInfo> adapters) {
        RunInfo run = new RunInfo(runId, "2026-01-01T12:00:00Z", "2026-01-01T12:05:00Z", "panbench run --quick",
                new RunInfo.GitInfo("0123456789abcdef0123456789abcdef01234567", true), null);
        EnvironmentInfo env = new EnvironmentInfo("Linux 6.1", "amd64", "bench-host",
                new EnvironmentInfo.Cpu("Example CPU 9000", 8, List.of("avx2", "avx512f", "fma")), 34359738368L,
                new EnvironmentInfo.Jvm("Eclipse Adoptium", "25.0.1+8", List.of("--enable-native-access=ALL-UNNAMED")),
                new TreeMap<>(adapters), null);
        return new ResultFile(run, env, new RunConfig(1, 2, "100ms", 5, "100ms", "avgt"), rs);
    }
}
