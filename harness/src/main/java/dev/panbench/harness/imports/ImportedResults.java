package dev.panbench.harness.imports;

import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.Extra;
import dev.panbench.harness.model.ResultFacts;
import dev.panbench.harness.model.SampleStats;
import dev.panbench.harness.model.ResultId;
import dev.panbench.harness.spi.Params;

import java.util.List;
import java.util.Map;

/** Builds a panbench result from samples another harness measured, grouped by fork (or run) as it recorded them. */
final class ImportedResults {

    private ImportedResults() {
    }

    /**
     * @param forks samples per fork (JMH) or a single group (one process measured them all), in {@code unit}
     * @param extra what the format records beyond panbench's fields (its own statistics, counters), kept verbatim
     */
    static BenchResult ok(String adapter, String workload, String group, Map<String, String> params, String unit,
                          String mode, List<List<Double>> forks, Double allocBytesPerOp, Map<String, Object> extra) {
        return BenchResult.measured(new ResultId(adapter, workload, new Params(params)), group, unit, mode, forks,
                allocBytesPerOp, null, ResultFacts.NONE, Extra.of(extra));
    }

    /** Seconds as the time unit ({@code ns/op} .. {@code s/op}) in which the median reads at least one. */
    static String unitFor(double seconds) {
        if (seconds >= 1) {
            return "s/op";
        }
        if (seconds >= 1e-3) {
            return "ms/op";
        }
        return seconds >= 1e-6 ? "us/op" : "ns/op";
    }

    static double perSecond(String unit) {
        return switch (unit) {
            case "s/op" -> 1;
            case "ms/op" -> 1e3;
            case "us/op" -> 1e6;
            default -> 1e9;
        };
    }

    /** Samples in seconds, converted to the unit {@link #unitFor} picks for their median. */
    static Scaled fromSeconds(List<Double> seconds) {
        double median = SampleStats.of(seconds).median();
        String unit = unitFor(median);
        double f = perSecond(unit);
        return new Scaled(unit, seconds.stream().map(s -> s * f).toList());
    }

    record Scaled(String unit, List<Double> samples) {
    }
}
