package dev.panbench.harness.spi;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A workload some of whose parameter combinations are timed by a driver in another framework's own runtime
 * (numpy, the Python {@code tvm_ffi} package, PyTorch) instead of JMH. The harness sets such a workload up in the
 * panbench JVM and asks it for one fork at a time; each fork is a fresh driver process that computes the answer once,
 * has it checked by {@link Workload#verify()} against the same reference as the Java rows, and only then times it.
 */
public interface ExternallyTimed {

    /** Whether these parameters are timed by the driver; false leaves them to JMH. */
    boolean timedExternally(Params params);

    /**
     * Runs one fork after {@link Workload#setup}: a wrong answer throws {@link VerificationException} before any
     * timing, a framework that is not installed throws {@link WorkloadSkippedException} with the reason.
     */
    Fork measureFork(ForkPlan plan) throws Exception;

    /** What one fork is asked to do; {@code workDir} holds its request, inputs, answer and log. */
    record ForkPlan(int fork, int warmupIterations, long warmupNanos, int iterations, long measurementNanos,
                    Path workDir) {
    }

    /**
     * What one fork measured: every measured iteration's time per operation in nanoseconds, the clock that took them
     * ({@code python time.perf_counter_ns}), and what the framework reported about itself (versions, the BLAS core
     * it selected; a {@code degraded} entry says it runs below what this machine allows, and why).
     */
    record Fork(List<Double> samplesNanos, String timer, Map<String, String> environment) {

        public Fork {
            samplesNanos = List.copyOf(samplesNanos);
            environment = Map.copyOf(environment);
        }
    }
}
