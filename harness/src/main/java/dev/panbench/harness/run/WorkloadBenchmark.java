package dev.panbench.harness.run;

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

/**
 * The one JMH benchmark of panbench. In the forked JVM it parses the result id passed as {@code @Param id} (JMH
 * parameters are text), resolves it to a workload, sets it up, verifies its answer, and only then lets JMH time
 * {@link #run}. Only one workload class is loaded per fork, so the dispatch below is monomorphic and JIT-inlined.
 */
@State(Scope.Benchmark)
public class WorkloadBenchmark {

    @Param("")
    public String id;

    private Workload workload;

    @Setup(Level.Trial)
    public void setup() throws Throwable {
        try {
            workload = ForkSide.prepare(ResultId.parse(id));
        } catch (Throwable t) {
            ForkSide.recordFailure(t);
            throw t;
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
        if (workload instanceof DeviceTimed timed) {
            DeviceTimed.DeviceTime t = timed.drainDeviceTime();
            if (iteration.getType() == IterationType.MEASUREMENT) {
                ForkSide.recordDeviceTime(t);
            }
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        if (workload != null) {
            workload.close();
        }
    }
}
