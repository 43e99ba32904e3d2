package dev.panbench.harness.orchestrate;

import dev.panbench.harness.BadInputException;
import dev.panbench.harness.Time;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.ResultId;
import dev.panbench.harness.run.RunInterruptedException;
import dev.panbench.harness.run.measure.BenchmarkRunner;
import dev.panbench.harness.run.measure.JmhLock;
import dev.panbench.harness.run.measure.ProgressListener;
import dev.panbench.harness.run.measure.RunStop;
import dev.panbench.harness.run.plan.Adapters;
import dev.panbench.harness.run.plan.PlannedResult;
import dev.panbench.harness.run.plan.RunPlan;
import dev.panbench.harness.run.plan.RunSettings;
import dev.panbench.harness.spi.Adapter;
import dev.panbench.harness.spi.CalibrationPair;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Measures panbench's own overhead: the workloads adapters pair with hand-written JMH benchmarks of the same body
 * ({@link Adapter#calibrationPairs()}; the {@code jvm} adapter's empty call and array sum) through the generic
 * dispatch, side by side with those benchmarks, in one run with the same settings, one fork at a time and
 * alternating sides ({@code forks} rounds).
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

    private DispatchCalibration() {
    }

    /**
     * Measures every pair, holding JMH's machine-wide lock for the whole calibration as a run does (waiting for
     * another benchmark to finish, said through {@code notice}).
     */
    public static List<Row> run(Adapters adapters, RunSettings settings, Path logDir, Consumer<String> notice) {
        return run(adapters, settings, logDir, notice, row -> { }, RunStop.own());
    }

    /**
     * As {@link #run(Adapters, RunSettings, Path, Consumer)}, telling {@code finished} each row as it is done; once
     * {@code stop} is asked (SIGINT, SIGTERM) the forks under way are ended and the calibration throws
     * {@link RunInterruptedException} after the rows it finished.
     */
    public static List<Row> run(Adapters adapters, RunSettings settings, Path logDir, Consumer<String> notice,
                                Consumer<Row> finished, RunStop stop) {
        List<ResultId> ids = new ArrayList<>();
        Map<ResultId, String> benchmarks = new HashMap<>();
        for (Adapter a : adapters.all()) {
            for (CalibrationPair pair : a.calibrationPairs()) {
                ResultId id = new ResultId(a.id(), pair.workload(), pair.params());
                ids.add(id);
                benchmarks.put(id, pair.benchmark());
            }
        }
        if (ids.isEmpty()) {
            throw new BadInputException("calibrate needs an adapter that pairs workloads with hand-written JMH"
                    + " benchmarks (the jvm reference adapter) on the class path");
        }
        try (JmhLock ignored = JmhLock.userIgnores() ? null
                : JmhLock.acquire(JmhLock.defaultFile(), true, notice)) {
            stop.beginMeasuring();
            try {
                return measure(adapters, ids, benchmarks, settings, logDir, finished, stop);
            } finally {
                stop.endMeasuring();
            }
        }
    }

    private static List<Row> measure(Adapters adapters, List<ResultId> ids, Map<ResultId, String> benchmarks,
                                     RunSettings settings, Path logDir, Consumer<Row> finished, RunStop stop) {
        // one fork at a time, alternating sides, so a machine that drifts during the run biases neither side
        // no adaptive warm-up: the hand-written benchmarks cannot run one, and both sides must warm up alike
        BenchmarkRunner runner = new BenchmarkRunner(settings.toBuilder().forks(1).adaptiveWarmup(Time.ZERO).build(),
                logDir);
        int rounds = Math.max(1, settings.forks());
        List<Row> rows = new ArrayList<>();
        int index = 0;
        List<PlannedResult> plan = RunPlan.of(adapters, ids);
        for (PlannedResult p : plan) {
            String method = benchmarks.get(p.id());
            List<BenchResult> hand = new ArrayList<>();
            List<BenchResult> through = new ArrayList<>();
            try {
                for (int round = 0; round < rounds && !stop.requested(); round++) {
                    if (round % 2 == 0) {
                        hand.add(runner.measureHandWritten(method, p, 100 + ++index));
                        through.addAll(runner.run(List.of(p), ProgressListener.NONE));
                    } else {
                        through.addAll(runner.run(List.of(p), ProgressListener.NONE));
                        hand.add(runner.measureHandWritten(method, p, 100 + ++index));
                    }
                }
            } catch (RuntimeException e) {
                if (!stop.requested()) {
                    throw e;
                }
            }
            if (stop.requested()) {
                // the row under way was cut short: it is not a row
                throw new RunInterruptedException("interrupted after " + rows.size() + " of " + plan.size()
                        + " calibration rows (those finished are above)", stop);
            }
            Row row = new Row(p.id(), BenchResult.pooled(hand), BenchResult.pooled(through));
            rows.add(row);
            finished.accept(row);
        }
        return rows;
    }
}
