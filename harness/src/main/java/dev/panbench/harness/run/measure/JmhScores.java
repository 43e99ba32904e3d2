package dev.panbench.harness.run.measure;

import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.Extra;
import dev.panbench.harness.model.Mode;
import dev.panbench.harness.model.ResultFacts;
import dev.panbench.harness.model.ResultMarks;
import dev.panbench.harness.run.plan.PlannedResult;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A JMH run's scores as a result: every fork's measurement iterations, fork by fork, per operation of a declared
 * batch, and the GC profiler's normalised allocation per operation.
 */
final class JmhScores {

    private JmhScores() {
    }

    static BenchResult toResult(PlannedResult p, String mode, int declaredBatch, RunResult rr) {
        int batch = Math.max(1, declaredBatch);
        boolean perTime = mode.equals(Mode.THROUGHPUT.label());
        List<List<Double>> forks = new ArrayList<>();
        for (BenchmarkResult br : rr.getBenchmarkResults()) {
            List<Double> fork = new ArrayList<>();
            for (IterationResult ir : br.getIterationResults()) {
                double s = ir.getPrimaryResult().getScore();
                fork.add(perTime ? s * batch : s / batch);
            }
            if (!fork.isEmpty()) {
                forks.add(fork);
            }
        }
        if (forks.isEmpty()) {
            return Rows.failed(p, mode, "JMH returned no measurement iterations");
        }
        String unit = rr.getPrimaryResult().getScoreUnit();
        Double alloc = null;
        for (Map.Entry<String, Result> e : rr.getSecondaryResults().entrySet()) {
            if (e.getKey().endsWith("gc.alloc.rate.norm")) {
                alloc = Math.max(0.0, e.getValue().getScore() / batch);
            }
        }
        return BenchResult.measured(p.id(), p.spec().group(), unit, mode, forks, alloc, Rows.counts(p),
                ResultFacts.timed(ResultMarks.JMH, p.availability().degraded() ? p.availability().reason() : null,
                        null), Extra.NONE);
    }
}
