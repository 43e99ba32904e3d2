package dev.panbench.harness.spi;

import org.openjdk.jmh.infra.Blackhole;

/**
 * One parameterised instance of a workload, living in the forked benchmark JVM.
 * Life cycle: {@link #setup} once, {@link #verify} once (a wrong answer fails the result and it is never timed),
 * then {@link #run} many times under JMH, then {@link #close}.
 * <p><b>Stable</b> within a major version of the SPI ({@link SpiVersion}).
 */
public interface Workload extends AutoCloseable {

    /** Allocates inputs and native resources for these parameters. */
    void setup(Params params) throws Exception;

    /**
     * Computes the result through the same path {@link #run} times and checks it against a reference
     * (a scalar or float64 implementation). Throws {@link VerificationException} on a wrong answer.
     */
    void verify() throws Exception;

    /** One operation (or the declared batch of {@link WorkloadSpec#batch} operations); results go to the blackhole. */
    void run(Blackhole bh) throws Throwable;

    @Override
    default void close() throws Exception {
    }
}
