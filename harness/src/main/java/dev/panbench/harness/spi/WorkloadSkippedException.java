package dev.panbench.harness.spi;

/**
 * Thrown from {@link Workload#setup} when this parameter combination cannot run here (an optional native peer is
 * missing, say); the result is marked {@code skipped} with this message rather than {@code failed}.
 * Prefer declaring the condition through {@link WorkloadSpec.Builder#availability} so the run never forks for it.
 * <p><b>Stable</b> within a major version of the SPI ({@link SpiVersion}).
 */
public class WorkloadSkippedException extends Exception {

    public WorkloadSkippedException(String reason) {
        super(reason);
    }
}
