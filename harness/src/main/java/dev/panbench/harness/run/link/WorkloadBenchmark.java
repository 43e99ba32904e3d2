package dev.panbench.harness.run.link;

import dev.panbench.harness.model.ResultId;
import dev.panbench.harness.spi.DeviceTimed;
import dev.panbench.harness.spi.Workload;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.Blackhole;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.runner.IterationType;

import java.util.ArrayList;
import java.util.List;

/**
 * The one JMH benchmark of panbench. In the forked JVM it parses the result id passed as {@code @Param id} (JMH
 * parameters are text), resolves it to a workload, sets it up, verifies its answer, warms it up until it settles
 * when the run asks for that ({@link AdaptiveWarmup}), and only then lets JMH time {@link #run}. Only one workload
 * class is loaded per fork, so the dispatch below is monomorphic and JIT-inlined. The resident-set high-water mark
 * is reset when the first measurement iteration starts (after setup, verification and warm-up, so the inputs count
 * and whatever warm-up left resident counts too) and read after each measurement iteration ({@link PeakMemory});
 * so is the JIT's compilation time during each measurement iteration; these facts go to the parent through
 * {@link ForkSide#recordForkFacts}.
 */
@State(Scope.Benchmark)
public class WorkloadBenchmark {

    @Param("")
    public String id;

    private Workload workload;
    private AdaptiveWarmup.Outcome warmup;
    private AdaptiveWarmup.Quiet quiet;
    private Blackhole blackhole;
    private boolean measuring;
    private long peakMemoryBytes = -1;
    private long compiledBefore = -1;
    private final List<Long> compiledByIteration = new ArrayList<>();
    private long waitBefore = -1;
    private long wallBefore;
    private final List<Double> waitShareByIteration = new ArrayList<>();

    @Setup(Level.Trial)
    public void setup(Blackhole bh) throws Throwable {
        try {
            workload = ForkSide.prepare(ResultId.parse(id));
            blackhole = bh;
            long cap = ForkSide.adaptiveWarmupNanos();
            if (cap > 0) {
                warmup = AdaptiveWarmup.run(workload, bh, cap);
            }
        } catch (Throwable t) {
            ForkSide.recordFailure(t);
            throw t;
        }
    }

    /**
     * The peak resident set counts from the first measurement iteration on. Where the fork takes turns with another
     * ({@link Turns}), it waits for its turn here, before any reading of the iteration starts. With an adaptive
     * warm-up, the first measurement iteration waits until the JIT has finished what JMH's warm-up iterations started
     * ({@link AdaptiveWarmup#untilQuiet}).
     */
    @Setup(Level.Iteration)
    public void beforeIteration(IterationParams iteration) throws Throwable {
        Turns.take();
        if (iteration.getType() == IterationType.MEASUREMENT && !measuring) {
            measuring = true;
            if (warmup != null) {
                try {
                    quiet = AdaptiveWarmup.untilQuiet(workload, blackhole,
                            AdaptiveWarmup.quietCap(ForkSide.adaptiveWarmupNanos(), warmup));
                } catch (Throwable t) {
                    ForkSide.recordFailure(t);
                    throw t;
                }
            }
            PeakMemory.reset();
        }
        if (iteration.getType() == IterationType.MEASUREMENT) {
            compiledBefore = AdaptiveWarmup.compiledMillis();
            waitBefore = ThreadSchedStat.runQueueWaitNanos();
            wallBefore = System.nanoTime();
        }
    }

    @Benchmark
    public void run(Blackhole bh) throws Throwable {
        try {
            workload.run(bh);
        } catch (Throwable t) {
            ForkSide.recordFailure(t);
            throw t;
        }
    }

    /** A device-timed workload's device time of this iteration, kept for measurement iterations only. */
    @TearDown(Level.Iteration)
    public void afterIteration(IterationParams iteration) {
        if (iteration.getType() == IterationType.MEASUREMENT) {
            PeakMemory.highWaterMark().ifPresent(b -> peakMemoryBytes = Math.max(peakMemoryBytes, b));
            long compiled = AdaptiveWarmup.compiledMillis();
            if (compiled >= 0 && compiledBefore >= 0) {
                compiledByIteration.add(compiled - compiledBefore);
            }
            long wait = ThreadSchedStat.runQueueWaitNanos();
            long wall = System.nanoTime() - wallBefore;
            if (wait >= 0 && waitBefore >= 0 && wall > 0) {
                waitShareByIteration.add(Math.min(1.0, Math.max(0.0, (double) (wait - waitBefore) / wall)));
            }
        }
        if (workload instanceof DeviceTimed timed) {
            DeviceTimed.DeviceTime t = timed.drainDeviceTime();
            if (iteration.getType() == IterationType.MEASUREMENT) {
                ForkSide.recordDeviceTime(t);
            }
        }
        Turns.give();
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        Turns.takeLast();
        ForkSide.recordForkFacts(peakMemoryBytes >= 0 ? peakMemoryBytes : null, warmup, quiet, compiledByIteration,
                waitShareByIteration, workload instanceof dev.panbench.harness.spi.RunFacts f ? f.runFacts() : null);
        if (workload != null) {
            workload.close();
        }
    }
}
