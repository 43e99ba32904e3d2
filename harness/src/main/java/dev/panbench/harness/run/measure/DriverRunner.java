package dev.panbench.harness.run.measure;

import dev.panbench.harness.model.BenchResult.Status;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.Extra;
import dev.panbench.harness.model.Mode;
import dev.panbench.harness.model.PeakMemory;
import dev.panbench.harness.model.ResultFacts;
import dev.panbench.harness.model.ResultMarks;
import dev.panbench.harness.run.link.FailureReason;
import dev.panbench.harness.run.plan.PlannedResult;
import dev.panbench.harness.run.plan.RunSettings;
import dev.panbench.harness.spi.ExternallyTimed;
import dev.panbench.harness.spi.Workload;
import dev.panbench.harness.spi.WorkloadSkippedException;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Times the results whose workload is {@link ExternallyTimed} for their parameters (framework rows: numpy, Python
 * {@code tvm_ffi}, PyTorch) with the run's settings: the workload is set up once in this JVM, then each fork is a
 * fresh driver process that is verified before it times. Every measured iteration of every fork is kept, and the
 * result records the driver's clock as its {@code timer}.
 */
final class DriverRunner {

    private final RunSettings settings;
    private final Path workDir;

    /** @param workDir where each result's driver files go ({@code driver-<n>/}): requests, inputs, answers, logs */
    DriverRunner(RunSettings settings, Path workDir) {
        this.settings = settings;
        this.workDir = workDir;
    }

    /** The workload when these parameters are timed by a driver, else null (JMH times them). */
    static Workload driven(PlannedResult p) {
        Workload w = p.spec().factory().get();
        if (w instanceof ExternallyTimed et && et.timedExternally(p.params())) {
            return w;
        }
        return null;
    }

    BenchResult measure(PlannedResult p, Workload workload, int index) {
        ExternallyTimed et = (ExternallyTimed) workload;
        List<List<Double>> forks = new ArrayList<>();
        Map<String, String> framework = new LinkedHashMap<>();
        String timer = null;
        List<Long> peaks = new ArrayList<>();
        List<Long> tracemallocPeaks = new ArrayList<>();
        try (workload) {
            workload.setup(p.params());
            int forkCount = Math.max(1, settings.forks());
            for (int f = 0; f < forkCount; f++) {
                ExternallyTimed.Fork fork = et.measureFork(new ExternallyTimed.ForkPlan(f, settings.warmupIterations(),
                        settings.warmupTime().nanos(), settings.iterations(),
                        settings.measurementTime().nanos(), workDir.resolve("driver-" + index)));
                if (!fork.samplesNanos().isEmpty()) {
                    forks.add(fork.samplesNanos());
                }
                Map<String, String> env = new LinkedHashMap<>(fork.environment());
                take(env, ResultMarks.PEAK_MEMORY, peaks);
                take(env, ResultMarks.TRACEMALLOC_PEAK, tracemallocPeaks);
                framework.putAll(env);
                timer = fork.timer();
            }
        } catch (WorkloadSkippedException e) {
            return status(p, Status.skipped, e.getMessage());
        } catch (Throwable t) {
            return status(p, Status.failed, FailureReason.of(t));
        }
        if (forks.isEmpty()) {
            return status(p, Status.failed, "the driver returned no measurement iterations");
        }
        String degraded = framework.remove(ResultMarks.DEGRADED);
        if (degraded == null && p.availability().degraded()) {
            degraded = p.availability().reason();
        }
        BenchResult r = BenchResult.measured(p.id(), p.spec().group(), "ns/op", Mode.AVERAGE_TIME.label(), forks,
                null, Rows.counts(p), ResultFacts.timed(timer, degraded, framework)
                        .withPeakMemory(PeakMemory.of(peaks, tracemallocPeaks)), Extra.NONE);
        return Steadiness.judge(r, List.of(), 0);
    }

    /** Moves a byte count the driver reported among the framework's facts into {@code into}. */
    private static void take(Map<String, String> env, String key, List<Long> into) {
        String v = env.remove(key);
        if (v != null) {
            try {
                into.add(Long.parseLong(v.strip()));
            } catch (NumberFormatException ignored) {
                // a driver that reports no number reports nothing
            }
        }
    }

    private BenchResult status(PlannedResult p, Status status, String error) {
        return BenchResult.notMeasured(p.id(), p.spec().group(), Mode.AVERAGE_TIME.label(), status, error,
                Rows.counts(p));
    }

}
