package dev.panbench.harness.orchestrate;

import dev.panbench.harness.BadInputException;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.ResultId;
import dev.panbench.harness.run.Adapters;
import dev.panbench.harness.run.BenchmarkRunner;
import dev.panbench.harness.run.PlannedResult;
import dev.panbench.harness.run.ProgressListener;
import dev.panbench.harness.run.RunPlan;
import dev.panbench.harness.run.RunSettings;
import dev.panbench.harness.spi.Adapter;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Measures panbench's own overhead: the {@code jvm} reference workloads through the generic dispatch, side by side
 * with {@link HandWrittenBenchmarks} (the same bodies as plain JMH benchmarks), in one run with the same settings,
 * one fork at a time and alternating sides ({@code forks} rounds).
 */
public final class DispatchCalibration {

    /** One workload timed both ways. */
    public record Row(ResultId workload, BenchResult handWritten, BenchResult throughPanbench) {

        /** Nanoseconds panbench adds per operation (median against median). */
        public double addedNanos() {
            return throughPanbench.stats().median() - handWritten.stats().median();
        }

        public double ratio() {
            return throughPanbench.stats().median() / handWritten.stats().median();
        }

        public boolean ok() {
            return handWritten.ok() && throughPanbench.ok();
        }
    }

    private static final Map<String, String> HAND_WRITTEN = Map.of(
            "jvm/call/empty", HandWrittenBenchmarks.class.getName() + ".empty",
            "jvm/array/sum[size=" + HandWrittenBenchmarks.SUM_SIZE + "]", HandWrittenBenchmarks.class.getName() + ".arraySum");

    private DispatchCalibration() {
    }

    public static List<Row> run(Adapters adapters, RunSettings settings, Path logDir) {
        Adapter jvm;
        try {
            jvm = adapters.byId("jvm");
        } catch (BadInputException e) {
            throw new BadInputException("calibrate needs the jvm reference adapter on the class path");
        }
        List<PlannedResult> plan = RunPlan.expand(List.of(jvm),
                Map.of("size", List.of(String.valueOf(HandWrittenBenchmarks.SUM_SIZE))),
                Pattern.compile("^jvm/(call/empty|array/sum\\[.*)$"), null);
        // one fork at a time, alternating sides, so a machine that drifts during the run biases neither side
        BenchmarkRunner runner = new BenchmarkRunner(settings.toBuilder().forks(1).build(), logDir);
        int rounds = Math.max(1, settings.forks());
        List<Row> rows = new ArrayList<>();
        int index = 0;
        for (PlannedResult p : plan) {
            String method = HAND_WRITTEN.get(p.id().toString());
            if (method == null) {
                continue;
            }
            List<BenchResult> hand = new ArrayList<>();
            List<BenchResult> through = new ArrayList<>();
            for (int round = 0; round < rounds; round++) {
                if (round % 2 == 0) {
                    hand.add(runner.measureHandWritten(method, p, 100 + ++index));
                    through.addAll(runner.run(List.of(p), ProgressListener.NONE));
                } else {
                    through.addAll(runner.run(List.of(p), ProgressListener.NONE));
                    hand.add(runner.measureHandWritten(method, p, 100 + ++index));
                }
            }
            rows.add(new Row(p.id(), BenchResult.pooled(hand), BenchResult.pooled(through)));
        }
        return rows;
    }
}
