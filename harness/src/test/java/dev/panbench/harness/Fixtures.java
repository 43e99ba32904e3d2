package dev.panbench.harness;

import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.EnvironmentInfo;
import dev.panbench.harness.model.ResultFile;
import dev.panbench.harness.model.ResultId;
import dev.panbench.harness.model.RunConfig;
import dev.panbench.harness.model.RunInfo;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/** Results files built in memory for tests of comparison, gate, store and merge. */
public final class Fixtures {

    private Fixtures() {
    }

    public static EnvironmentInfo machine(String cpuModel) {
        return new EnvironmentInfo("Linux 6.1", "amd64", "host-a", new EnvironmentInfo.Cpu(cpuModel, 8, List.of("avx2")),
                16L << 30, new EnvironmentInfo.Jvm("Eclipse Adoptium", "25+36", List.of()),
                Map.of("jvm", new EnvironmentInfo.AdapterInfo(true, null, "25+36", null, "amd64", null)), null);
    }

    public static ResultFile file(String runId, EnvironmentInfo env, List<BenchResult> results) {
        return new ResultFile(new RunInfo(runId, "2026-01-01T00:00:00Z", "2026-01-01T00:01:00Z", "test",
                new RunInfo.GitInfo("abc123", false), null), env,
                new RunConfig(1, 2, "100ms", 5, "100ms", "avgt"), results);
    }

    public static BenchResult ok(String id, String unit, List<Double> samples) {
        return forks(id, unit, List.of(samples));
    }

    /** A measured result with its samples fork by fork. */
    public static BenchResult forks(String id, String unit, List<List<Double>> forks) {
        return BenchResult.measured(ResultId.parse(id), null, unit, "avgt", forks, 0.0, null);
    }

    public static BenchResult failed(String id, String error) {
        return BenchResult.notMeasured(ResultId.parse(id), null, "avgt", BenchResult.Status.failed, error, null);
    }

    /** {@code n} samples around {@code median} with relative gaussian noise {@code noise} (0.03 = 3%). */
    public static List<Double> noisy(SplittableRandom rnd, int n, double median, double noise) {
        List<Double> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(median * (1 + noise * gaussian(rnd)));
        }
        return out;
    }

    public static double gaussian(SplittableRandom rnd) {
        double u1 = rnd.nextDouble();
        double u2 = rnd.nextDouble();
        return Math.sqrt(-2 * Math.log(1 - u1)) * Math.cos(2 * Math.PI * u2);
    }
}
