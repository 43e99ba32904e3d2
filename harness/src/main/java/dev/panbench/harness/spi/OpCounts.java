package dev.panbench.harness.spi;

/**
 * What one operation of a workload processes, used to turn a time per operation into throughput.
 * Zero means "not meaningful for this workload".
 * <p><b>Stable</b> within a major version of the SPI ({@link SpiVersion}).
 */
public record OpCounts(long elements, long bytes, long flops) {

    public static final OpCounts NONE = new OpCounts(0, 0, 0);

    public OpCounts {
        if (elements < 0 || bytes < 0 || flops < 0) {
            throw new IllegalArgumentException("counts must be >= 0");
        }
    }
}
